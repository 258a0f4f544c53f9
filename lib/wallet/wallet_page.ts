/**
 * Everything the wallet page shows, read in one parallel round: the snapshot, the trading
 * state, the latest prices, the leaderboard windows and the trade-history page (plus the
 * newest unfiltered page for the PnL chart when the page asked for is another one).
 */
import type { PapertradeClient, Trade, TradeHistoryPage } from "../papertrade/mod.ts";
import { fetchWalletRanks } from "./ranks.ts";
import type { WalletSummary } from "./summary.ts";
import type { WalletPositions } from "./positions.ts";
import { summarizeWallet, valueWalletPositions } from "./compose.ts";

/** Trades per page of the wallet's history (the seed's page size). */
export const WALLET_TRADES_PAGE_SIZE = 75;

/** Which trades the history lists. */
export type TradeFilter = "all" | "losses";

/** The data of one wallet page. */
export interface WalletPageData {
  summary: WalletSummary;
  positions: WalletPositions;
  /** The history page asked for. */
  history: TradeHistoryPage;
  /** The newest trades of the whole history, newest first, for the PnL chart. */
  chartTrades: Trade[];
  /** True when `chartTrades` is the whole history (it fits one page). */
  chartComplete: boolean;
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
 * round trip however many reads it needs. Upstream errors propagate (404: unknown wallet).
 */
export async function fetchWalletPage(
  papertrade: PapertradeClient,
  address: string,
  options: FetchWalletPageOptions,
): Promise<WalletPageData> {
  const { signal, cursor } = options;
  const filter = options.filter ?? "all";
  const newestPage = cursor === undefined && filter === "all";
  const history = (query: { filter: TradeFilter; cursor?: string }) =>
    papertrade.fetchTradeHistory({
      wallet: address,
      ...query,
      limit: WALLET_TRADES_PAGE_SIZE,
      signal,
    });
  const [account, trading, prices, ranks, page, chartPage] = await Promise.all([
    papertrade.fetchWalletSnapshot(address, { signal }),
    papertrade.fetchTradingState({ signal }),
    papertrade.fetchLatestPrices({ signal }),
    fetchWalletRanks(papertrade, address, { signal }),
    history({ filter, cursor }),
    newestPage ? null : history({ filter: "all" }),
  ]);
  const chart = chartPage ?? page;
  return {
    summary: summarizeWallet(account, trading, ranks, options.now()),
    positions: valueWalletPositions(account, trading, prices),
    history: page,
    chartTrades: chart.trades,
    chartComplete: chart.nextCursor === null,
  };
}
