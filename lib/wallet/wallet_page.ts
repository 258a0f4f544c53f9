/**
 * Everything the wallet page shows, read in one parallel round: the snapshot, the trading
 * state (then the live marks), the leaderboard windows and the trade-history page (plus the
 * newest unfiltered page for the PnL chart when the page asked for is another one).
 */
import {
  type EndedIntent,
  PapertradeApiError,
  type Trade,
  type TradeHistoryPage,
} from "../papertrade/mod.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
import { fetchWalletRanks } from "./ranks.ts";
import { readMarket, valueWalletPositions, type WalletPositions } from "./positions.ts";
import type { MarketSources } from "../marks.ts";
import { summarizeWallet, type WalletSummary, withQueuePositions } from "./compose.ts";

/** Trades per page of the wallet's history (the seed's page size). */
export const WALLET_TRADES_PAGE_SIZE = 75;

/** Which trades the history lists. */
export type TradeFilter = "all" | "losses";

/** The data of one wallet page. */
export interface WalletPageData {
  summary: WalletSummary;
  positions: WalletPositions;
  /** The history page asked for; null when it could not be read (see `unavailable`). */
  history: TradeHistoryPage | null;
  /** The newest trades of the whole history, newest first, for the PnL chart. */
  chartTrades: Trade[];
  /** True when `chartTrades` is the whole history (it fits one page). */
  chartComplete: boolean;
  /** Outcomes of the wallet's intents the stream reported, newest first. */
  outcomes: EndedIntent[];
  /** Every read that failed, each naming its part and endpoint. */
  unavailable: UnavailablePart[];
}

/** Options of {@link fetchWalletPage}. */
export interface FetchWalletPageOptions {
  /** Clock in ms, for session-key expiry. */
  now: () => number;
  filter?: TradeFilter;
  /** A history cursor from a previous page. */
  cursor?: string;
  signal?: AbortSignal;
}

/**
 * Reads the wallet page's data. Every upstream request starts at once, so the page costs one
 * round trip however many reads it needs. Only the account (the snapshot) is required: its
 * failure propagates (404: unknown wallet), as does a history cursor the upstream refuses
 * (HTTP 400). Every other read that fails leaves its part out and is named in `unavailable`.
 */
export async function fetchWalletPage(
  sources: MarketSources,
  address: string,
  options: FetchWalletPageOptions,
): Promise<WalletPageData> {
  const { signal, cursor } = options;
  const { papertrade } = sources;
  const filter = options.filter ?? "all";
  const newestPage = cursor === undefined && filter === "all";
  const parts = new Parts();
  const history = (query: { filter: TradeFilter; cursor?: string }) =>
    papertrade.read("tradeHistory", { wallet: address, ...query, limit: WALLET_TRADES_PAGE_SIZE }, {
      signal,
    });
  const [account, { trading, marks }, queueRanks, ranks, page, chartPage] = await Promise.all([
    papertrade.read("walletStream", { wallet: address }, { signal }).then((account) =>
      parts.note(account)
    ),
    readMarket(sources, parts, { part: "markets", signal }),
    parts.read(papertrade.read("queueRank", { wallet: address }, { signal })),
    fetchWalletRanks(papertrade, address, { signal, parts }),
    parts.read(history({ filter, cursor }).catch(refusedCursor(cursor))),
    newestPage ? null : parts.read(history({ filter: "all" }), "PnL chart"),
  ]).catch((error) => {
    throw error instanceof RefusedCursorError ? error.upstream : error;
  });
  const chart = newestPage ? page : chartPage;
  const withQueue = { ...account, operations: withQueuePositions(account.operations, queueRanks) };
  return {
    summary: summarizeWallet(withQueue, trading, ranks, options.now(), parts.unavailable),
    positions: valueWalletPositions(withQueue, trading, marks, parts.unavailable),
    history: page,
    chartTrades: chart?.trades ?? [],
    chartComplete: chart !== null && chart.nextCursor === null,
    outcomes: papertrade.recentOutcomes(address),
    unavailable: parts.unavailable,
  };
}

/** A cursor the upstream refuses is the link's fault, not a missing part: it propagates. */
function refusedCursor(cursor: string | undefined) {
  return (error: unknown): never => {
    if (cursor !== undefined && error instanceof PapertradeApiError && error.status === 400) {
      throw new RefusedCursorError(error);
    }
    throw error;
  };
}

class RefusedCursorError extends Error {
  constructor(readonly upstream: PapertradeApiError) {
    super(upstream.message);
  }
}
