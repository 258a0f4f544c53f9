import { checkedLeverage } from "./leverage.ts";

/** A position and the mark it is valued (or would close) at. */
export interface PositionAtMark {
  /** Entry price E, raw at the instrument's price scale. */
  entryRaw: bigint;
  /** Mark (or close) price X, same scale. */
  markRaw: bigint;
  /** Isolated margin M, USD wad. */
  marginWad: bigint;
  /** Leverage L, a whole number from 1 to 1000. */
  leverage: number;
  isLong: boolean;
}

/**
 * Plain mark-to-market PnL, USD wad, signed — before the close-side deadband, impact
 * haircut and win fee (see `closePayout` for what a close would actually pay).
 *
 * raw = M · L · move / E with move = X − E (long) or E − X (short). The magnitude is
 * rounded down (bigint division truncates toward zero), and a loss is floored at −M: a
 * position can never lose more than its margin.
 */
export function unrealizedPnlWad(
  { entryRaw, markRaw, marginWad, leverage, isLong }: PositionAtMark,
): bigint {
  if (entryRaw <= 0n) throw new RangeError(`entry price must be positive, got ${entryRaw}`);
  if (markRaw < 0n) throw new RangeError(`mark price must not be negative, got ${markRaw}`);
  if (marginWad < 0n) throw new RangeError(`margin must not be negative, got ${marginWad}`);
  const move = isLong ? markRaw - entryRaw : entryRaw - markRaw;
  const pnl = (marginWad * checkedLeverage(leverage) * move) / entryRaw;
  return pnl < -marginWad ? -marginWad : pnl;
}
