/**
 * The at-risk board's budget, the shapes its steps (`tick.ts`) keep, and which wallets a step
 * reads, in order: those the latest trades show trading since their last read, never read, failed,
 * then the rest by how overdue ({@link urgencyOf}), at most a step's share of the minute's budget.
 */
import type { Address, OpenPosition, TradingState } from "../papertrade/mod.ts";
import type { StaleRead } from "../cache/freshness.ts";
import type { Mark } from "../marks.ts";
import { valuePosition } from "../position/mod.ts";

/** How often the board takes a step while it is read. */
export const AT_RISK_TICK_MS = 10_000;
/** The least time between two reads of a wallet the latest trades do not show trading. */
export const AT_RISK_REFRESH_MS = 60_000;
/** The most wallet snapshots the board reads in any 60 s. */
export const AT_RISK_WALLET_READS_PER_MINUTE = 120;
/** The most list reads (trading state, latest trades, leaderboard pages) in any 60 s. */
export const AT_RISK_LIST_READS_PER_MINUTE = 30;
/** The board's whole upstream budget a minute, deployment-wide. */
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
  /** When the last whole pass over the leaderboard ended; the pass under way. */
  listedAt: number | null;
  pass: { startedAt: number; nextPage: number; found: Array<[Address, string | null]> } | null;
  /** The newest row of the latest trades seen (its `seq`). */
  lastTradeSeq: string | null;
  /** Wallets the latest trades showed trading after their last read, and when. */
  traded: Array<[Address, number]>;
}

/** The budget and sizes of a board (tests and the bench shrink or scale them). */
export const DEFAULT_LIMITS = {
  walletReadsPerMinute: AT_RISK_WALLET_READS_PER_MINUTE,
  listReadsPerMinute: AT_RISK_LIST_READS_PER_MINUTE,
  tickMs: AT_RISK_TICK_MS,
  pageSize: 200,
};
export type BoardLimits = typeof DEFAULT_LIMITS;

/** The longest a wallet goes unread (one far from bust, or holding nothing). */
const LONGEST_REREAD_MS = 15 * 60_000;

/** The wallets this step reads, in order, within what the minute's budget leaves. */
export function dueWallets(input: {
  known: ReadonlyMap<Address, string | null>;
  held: ReadonlyMap<Address, HeldWallet>;
  failed: ReadonlyMap<Address, string>;
  traded: ReadonlyMap<Address, number>;
  trading: TradingState;
  marks: ReadonlyMap<number, Mark>;
  at: number;
  limits: BoardLimits;
  schedule: Schedule;
}): Address[] {
  const { known, held, failed, traded, at, limits } = input;
  const room = limits.walletReadsPerMinute - input.schedule.walletReads.length;
  if (room <= 0) return [];
  const tradedFirst = [...traded].sort((a, b) => a[1] - b[1]).map(([address]) => address)
    .filter((address) => known.has(address));
  const unread = [...known.keys()].filter((a) => !held.has(a) && !failed.has(a) && !traded.has(a));
  const retry = [...failed.keys()].filter((address) => !traded.has(address));
  const inputs = { instruments: input.trading.instruments, marks: input.marks, winFeeRate: null };
  const urgency = new Map<Address, number>();
  for (const [address, wallet] of held) {
    if (traded.has(address)) continue;
    const distances = wallet.positions.flatMap((position) =>
      valuePosition(position, inputs).distanceToBustPercent ?? []
    );
    const nearest = distances.length === 0 ? null : distances.reduce((a, b) => (a < b ? a : b));
    const value = urgencyOf(at - wallet.readAt, wallet.positions.length, nearest);
    if (value >= 1) urgency.set(address, value);
  }
  const stale = [...urgency].sort((a, b) => b[1] - a[1]).map(([address]) => address)
    // Spread over the minute, so each step keeps room for wallets that trade.
    .slice(0, Math.ceil((limits.walletReadsPerMinute * limits.tickMs) / MINUTE_MS));
  return [...tradedFirst, ...unread, ...retry, ...stale].slice(0, room);
}

/**
 * How overdue a read is: its age over the interval its closeness earns. A position 1 % from bust
 * earns {@link AT_RISK_REFRESH_MS}, one 10 % away ten times that; due at 1 or more.
 */
function urgencyOf(ageMs: number, positions: number, nearest: bigint | null): number {
  const percent = nearest === null ? (positions === 0 ? Infinity : 1) : Number(nearest) / 1e18;
  const interval = Math.min(LONGEST_REREAD_MS, Math.max(1, percent) * AT_RISK_REFRESH_MS);
  return ageMs / interval;
}
