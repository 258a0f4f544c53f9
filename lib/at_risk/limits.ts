/**
 * The at-risk board's budget and the shapes its steps keep (`tick.ts` takes the steps,
 * `due_wallets.ts` picks whom they read).
 */
import type { Address, OpenPosition } from "../papertrade/mod.ts";
import type { StaleRead } from "../cache/freshness.ts";

/** How often the board takes a step while it is read. */
export const AT_RISK_TICK_MS = 10_000;
/** The least time between two reads of a wallet the latest trades do not show trading. */
export const AT_RISK_REFRESH_MS = 60_000;
/** The most wallet snapshots the board reads in any 60 s. */
export const AT_RISK_WALLET_READS_PER_MINUTE = 120;
/** The most list reads (trading state, latest trades, leaderboard pages) in any 60 s. */
export const AT_RISK_LIST_READS_PER_MINUTE = 30;
/** The board's whole upstream budget a minute, for the whole deployment. */
export const AT_RISK_REQUESTS_PER_MINUTE = AT_RISK_WALLET_READS_PER_MINUTE +
  AT_RISK_LIST_READS_PER_MINUTE;

export const MINUTE_MS = 60_000;

/** One wallet's positions as last read, and which reads of them were last good copies. */
export type HeldWallet = { positions: OpenPosition[]; readAt: number; stale: readonly StaleRead[] };

/** What the board remembers between steps to keep its budget and its order. */
export interface Schedule {
  /** When each wallet snapshot, and each list read, of the last minute was made. */
  walletReads: number[];
  listReads: number[];
  tradingReadAt: number | null;
  /** When the last whole pass over the leaderboard ended; the pass under way, if any. */
  listedAt: number | null;
  pass: { startedAt: number; nextPage: number; found: Array<[Address, string | null]> } | null;
  /** The newest row of the latest trades seen (its `seq`). */
  lastTradeSeq: string | null;
  /** Wallets the latest trades showed trading after their last read, and when. */
  traded: Array<[Address, number]>;
}

/** The budget and sizes of a board (tests and the bench shrink or scale them). */
export interface BoardLimits {
  walletReadsPerMinute: number;
  listReadsPerMinute: number;
  tickMs: number;
  pageSize: number;
}
