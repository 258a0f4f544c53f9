/**
 * Which wallets a step of the at-risk board reads (`tick.ts`), in order: those the latest trades
 * show trading since their last read, those never read, failed reads, then the rest by how
 * overdue their read is ({@link urgencyOf}), a step's share of the minute's budget at most.
 */
import type { Address, TradingState } from "../papertrade/mod.ts";
import type { Mark } from "../marks.ts";
import { valuePosition } from "../position/mod.ts";
import {
  AT_RISK_REFRESH_MS,
  type BoardLimits,
  type HeldWallet,
  MINUTE_MS,
  type Schedule,
} from "./limits.ts";

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
