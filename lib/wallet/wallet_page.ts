/**
 * The wallet page's reads, all in one parallel round: snapshot, trading state (then the live
 * marks), win fee, protocol summary (staking accumulator), queue ranks, the leaderboard row in
 * each of the four windows, and ONE trade-history read for both table and PnL chart; then the
 * settlement trail of table rows naming no transaction (at most 3n + 5 HyperEVM requests for n
 * rows, none once found). `tests/wallet/pages_wallet_test.ts` counts these eleven requests and the
 * trail through the replay. The live islands' props blob is built here; the component only renders.
 */
import {
  type Instrument,
  LEADERBOARD_WINDOWS,
  type LeaderboardWindow,
  PapertradeApiError,
  type Trade,
  type TradeHistoryPage,
  type WalletAccount,
} from "../papertrade/mod.ts";
import { type OutcomeJson, RECENT_SETTLED_MS } from "./outcomes.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
import { type LiveWallet, liveWalletOf } from "./live_wallet.ts";
import { fetchWalletRanks } from "../leaderboard/mod.ts";
import {
  readMarket,
  readWinFee,
  valueWalletPositions,
  withSettlingTransactions,
} from "../position/mod.ts";
import type { MarketSources } from "../marks.ts";
import type { HyperEvmClient } from "../hyperevm/client.ts";
import { learnOwner } from "../known_ids.ts";
import { readStakingAccumulator, summarizeWallet, type WalletSummary } from "./summary.ts";

/** The standings the head shows (title and preview), and the ones that come with the rest. */
const HEAD_WINDOWS: readonly LeaderboardWindow[] = ["24h", "all"];
const BODY_WINDOWS = LEADERBOARD_WINDOWS.filter((window) => !HEAD_WINDOWS.includes(window));
const windowOrder = (window: LeaderboardWindow) => LEADERBOARD_WINDOWS.indexOf(window);

/** Rows per page of the trade table (the seed's page size). */
export const WALLET_TRADES_PAGE_SIZE = 75;
/** Trades per history read (its largest page): charts up to 200 and holds table pages 75+75+50. */
const WALLET_TRADES_READ = 200;

export type TradeFilter = "all" | "losses";

export interface TradeTablePage {
  trades: Trade[];
  /** Link token of the next, older page (see `parsePageToken`); null on the last. */
  older: string | null;
}

export interface WalletPageData {
  /** The account (queue places filled in), its leaderboard name and all-time standing. */
  summary: WalletSummary;
  /** What the live islands show: the live wallet, embedded once in the page. */
  live: LiveWallet;
  /** The markets of the trading state (empty when it could not be read). */
  instruments: readonly Instrument[];
  /** The table's page; null when the history could not be read (see `unavailable`). */
  history: TradeTablePage | null;
  /**
   * Newest trades first, for the PnL chart, with the open positions' unrealized PnL at the live
   * mark (null when one could not be valued); null when the trades were not read.
   */
  chart: { trades: Trade[]; complete: boolean; unrealizedPnl: bigint | null } | null;
  /** Every read that failed, each naming its part and endpoint. */
  unavailable: UnavailablePart[];
}

/**
 * Reads the wallet page's data by stages, so a page is sent as it is ready; every request starts
 * at once (only the marks wait for the instruments). Only the snapshot is required (404: unknown
 * wallet), and a history cursor the upstream refuses (400) propagates too; any other failed read
 * leaves its part out, named in `unavailable`. `now`: clock in ms (session-key expiry, the view's
 * time); `cursor`: a page token from an older-trades link (`parsePageToken`). Stages: `status`
 * (the snapshot, and an older page's history read); `head` (status plus the 24h and all-time
 * ranks: title and preview, no queue places or rewards yet); `page` (everything, rows as the
 * history names them); `withTrail` (rows with the settling transactions the trail found in its
 * wait; its failure or lateness is named in `unavailable`).
 */
export function readWalletPage(
  sources: MarketSources & { hyperevm: HyperEvmClient },
  address: string,
  options: { now: () => number; filter?: TradeFilter; cursor?: string; signal?: AbortSignal },
): {
  status: Promise<void>;
  head: Promise<{ summary: WalletSummary }>;
  page: Promise<WalletPageData>;
  withTrail: Promise<WalletPageData>;
} {
  const { signal } = options;
  const { papertrade } = sources;
  const filter = options.filter ?? "all";
  const start = parsePageToken(options.cursor);
  // The newest unfiltered read is the chart's; a page that is another one reads it beside.
  const chartIsTable = filter === "all" && start.cursor === undefined;
  const parts = new Parts();
  const history = (filter: TradeFilter, cursor?: string) =>
    papertrade.read(
      "tradeHistory",
      { wallet: address, filter, cursor, limit: WALLET_TRADES_READ },
      { signal },
    );
  // The head's title and preview name the 24h and all-time standings, and every ranked wallet has
  // an all-time row (its name): the head waits for the snapshot and those two, started first so
  // that answers arriving together are taken in that order; the 7d and 30d come with the rest.
  // (The client reconciles the snapshot with what this process's streams reported after it.)
  const account = papertrade.read("walletStream", { wallet: address }, { signal })
    .then((account) => parts.note(account));
  const headRanks = fetchWalletRanks(papertrade, address, { signal, parts, windows: HEAD_WINDOWS });
  const reads = {
    account,
    market: readMarket(sources, parts, { part: "markets", signal }),
    winFeeRate: readWinFee(sources, parts),
    accumulator: readStakingAccumulator(papertrade, parts, signal),
    queueRanks: parts.read(papertrade.read("queueRank", { wallet: address }, { signal })),
    ranks: Promise.all([
      headRanks,
      fetchWalletRanks(papertrade, address, { signal, parts, windows: BODY_WINDOWS }),
    ])
      .then((ranks) => ranks.flat().sort((a, b) => windowOrder(a.window) - windowOrder(b.window))),
    read: parts.read(history(filter, start.cursor).catch(refusedCursor(start.cursor))),
    chartRead: chartIsTable ? null : parts.read(history("all"), "PnL chart"),
  };
  const upstreamError = (error: unknown): never => {
    throw error instanceof RefusedCursorError ? error.upstream : error;
  };
  // An older page's status is the history read's (a refused cursor is a 400): the head waits.
  const status = Promise.all([reads.account, start.cursor ? reads.read : null])
    .then(() => {})
    .catch(upstreamError);
  const head = Promise.all([reads.account, headRanks, status])
    .then(([account, ranks]) => ({
      summary: summarizeWallet(account, null, ranks, options.now(), parts.unavailable),
    }))
    .catch(upstreamError);
  const page = Promise.all([
    reads.account,
    reads.market,
    reads.winFeeRate,
    reads.accumulator,
    reads.queueRanks,
    reads.ranks,
    reads.read,
    reads.chartRead,
  ]).then(
    (
      [account, { trading, marks }, winFeeRate, accumulator, queueRanks, ranks, read, chartRead],
    ) => {
      const chart = chartIsTable ? read : chartRead;
      if (chartRead) learnOwner(papertrade, address, chartRead.trades);
      const table = read && tablePage(read, start);
      if (read) learnOwner(papertrade, address, read.trades);
      const withQueue = {
        ...account,
        operations: account.operations.map((op) => ({
          ...op,
          queuePosition: queueRanks?.positions.get(op.intentId) ?? op.queuePosition,
        })),
      };
      const valued = valueWalletPositions(withQueue, trading, marks, winFeeRate);
      const now = options.now();
      return {
        summary: summarizeWallet(withQueue, accumulator, ranks, now, parts.unavailable),
        live: liveWalletOf(
          { ...valued, accumulator, settled: recentlySettled(account, chart?.trades ?? [], now) },
          now,
        ),
        instruments: trading?.instruments ?? [],
        history: table,
        chart: chart && {
          trades: chart.trades,
          complete: chart.nextCursor === null,
          unrealizedPnl: valued.totals.unvalued > 0 ? null : valued.totals.unrealizedPnl,
        },
        unavailable: parts.unavailable,
      };
    },
    upstreamError,
  );
  // The table's rows that name no settling transaction get the one the Exchange's events show.
  const withTrail = page.then(async (data) => {
    if (!data.history) return data;
    const trades = await withSettlingTransactions(sources, address, data.history.trades, parts);
    return { ...data, history: { ...data.history, trades } };
  });
  for (const stage of [status, head, page, withTrail]) stage.catch(() => {});
  return { status, head, page, withTrail };
}

/**
 * Intents the records show settled within {@link RECENT_SETTLED_MS} (closes of the newest trades,
 * opens of open positions): listed among recent outcomes, so a close settled minutes ago is never
 * beside "no outcome yet", nor pending.
 */
function recentlySettled(account: WalletAccount, trades: readonly Trade[], now: number) {
  return [
    ...trades.map((trade) => [trade.intentId, trade.closedAt] as const),
    ...account.openPositions.map((open) => [open.intentId, open.openedAt] as const),
  ].flatMap(([id, at]): OutcomeJson[] =>
    id !== null && at >= now - RECENT_SETTLED_MS
      ? [{ intent_id: id, outcome: "settled", reported_at_ms: at }]
      : []
  );
}

/**
 * Where a table page starts: the upstream read it comes from (that read's cursor; none for the
 * newest) and how many of the read's rows come before it. A link writes it `<skip>~<cursor>`,
 * or the bare upstream cursor when nothing is skipped, so a plain cursor still opens its page.
 */
function parsePageToken(token: string | undefined): { cursor?: string; skip: number } {
  const match = token === undefined ? null : /^(\d{1,3})~(.*)$/s.exec(token);
  if (match && Number(match[1]) < WALLET_TRADES_READ) {
    return { cursor: match[2] || undefined, skip: Number(match[1]) };
  }
  return { cursor: token, skip: 0 };
}

function tablePage(read: TradeHistoryPage, start: { cursor?: string; skip: number }) {
  const end = start.skip + WALLET_TRADES_PAGE_SIZE;
  const older = end < read.trades.length ? `${end}~${start.cursor ?? ""}` : read.nextCursor;
  return { trades: read.trades.slice(start.skip, end), older };
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
