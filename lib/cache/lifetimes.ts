/**
 * How long each Papertrade read is kept, and why. This table is the single home of the cache
 * lifetimes: the cached client, the README and the tests read it.
 *
 * - `freshMs`: answered from memory without asking the upstream.
 * - `revalidateMs`: after that, the kept answer is still served at once while one fresh read
 *   goes out in the background (stale-while-revalidate).
 * - `lastGoodMs`: when the upstream fails, the last good answer is served (labelled stale, with
 *   its time) for this long after it was read (stale-if-error); it is also how long the copy in
 *   Deno KV lives.
 */

/** Lifetimes of one cached read. */
export interface ReadLifetime {
  freshMs: number;
  revalidateMs: number;
  lastGoodMs: number;
  /** Why these numbers fit the data. */
  reason: string;
}

/** The Papertrade client's read methods that the cache wraps. */
export type CachedMethod =
  | "fetchTradingState"
  | "fetchWalletSnapshot"
  | "fetchQueueRanks"
  | "fetchRecentTrades"
  | "fetchProtocolSummary"
  | "fetchMarketStats"
  | "fetchQueueSummary"
  | "fetchRelayerHealth"
  | "fetchTradeHistory"
  | "fetchLeaderboard"
  | "fetchProtocolHistory";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Lifetimes per read method. */
export const READ_LIFETIMES: Readonly<Record<CachedMethod, ReadLifetime>> = {
  fetchTradingState: {
    freshMs: 1 * SECOND,
    revalidateMs: 2 * SECOND,
    lastGoodMs: 30 * MINUTE,
    reason: "pauses and close-only switches must show within a second; instruments rarely change",
  },
  fetchWalletSnapshot: {
    freshMs: 1 * SECOND,
    revalidateMs: 2 * SECOND,
    lastGoodMs: 30 * MINUTE,
    reason: "balances and open positions move with every fill; the live stream covers the rest",
  },
  fetchQueueRanks: {
    freshMs: 1 * SECOND,
    revalidateMs: 2 * SECOND,
    lastGoodMs: 10 * MINUTE,
    reason: "queue places move as the relayer settles; an old place is shown labelled, not hidden",
  },
  fetchRecentTrades: {
    freshMs: 3 * SECOND,
    revalidateMs: 5 * SECOND,
    lastGoodMs: 30 * MINUTE,
    reason: "a venue-wide feed read for context; a few seconds behind is not misleading",
  },
  fetchProtocolSummary: {
    freshMs: 5 * SECOND,
    revalidateMs: 25 * SECOND,
    lastGoodMs: 2 * HOUR,
    reason: "totals (TVL, volume, fees) move slowly relative to a page view",
  },
  fetchMarketStats: {
    freshMs: 5 * SECOND,
    revalidateMs: 25 * SECOND,
    lastGoodMs: 2 * HOUR,
    reason: "open interest and 24 h volume are aggregates; seconds do not change the picture",
  },
  fetchQueueSummary: {
    freshMs: 5 * SECOND,
    revalidateMs: 25 * SECOND,
    lastGoodMs: 2 * HOUR,
    reason: "the payout queue changes only when payouts settle",
  },
  fetchRelayerHealth: {
    freshMs: 5 * SECOND,
    revalidateMs: 10 * SECOND,
    lastGoodMs: 30 * MINUTE,
    reason: "a health signal: a few seconds is fine, but an outage must not hide for long",
  },
  fetchTradeHistory: {
    freshMs: 5 * SECOND,
    revalidateMs: 25 * SECOND,
    lastGoodMs: 2 * HOUR,
    reason: "closed trades only grow when a position closes; older pages never change",
  },
  fetchLeaderboard: {
    freshMs: 30 * SECOND,
    revalidateMs: 90 * SECOND,
    lastGoodMs: 6 * HOUR,
    reason: "rankings are recomputed upstream in batches; a minute-old ranking is still true",
  },
  fetchProtocolHistory: {
    freshMs: 60 * SECOND,
    revalidateMs: 5 * MINUTE,
    lastGoodMs: 6 * HOUR,
    reason: "bucketed series of one minute or longer: a new point appears at most once a minute",
  },
};
