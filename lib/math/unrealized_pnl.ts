import { checkedLeverage } from "./leverage.ts";

/**
 * A position and the mark (or close price) X it is valued at: entry E and X raw at the
 * instrument's price scale, isolated margin M in USD wad, leverage L a whole number from 1 to 1000.
 */
export interface PositionAtMark {
  entryRaw: bigint;
  markRaw: bigint;
  marginWad: bigint;
  leverage: number;
  isLong: boolean;
}

/**
 * Plain mark-to-market PnL, USD wad, signed, before the close-side deadband, impact haircut and
 * win fee (`closePayout` gives what a close would pay): M · L · move / E with move = X − E (long)
 * or E − X (short), the magnitude rounded down; a loss is floored at −M, a position never loses
 * more than its margin.
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
