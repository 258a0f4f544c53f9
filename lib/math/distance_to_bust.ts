import { WAD } from "./units.ts";

interface DistanceToBustOptions {
  /** Current mark price, raw at the instrument's price scale. */
  markRaw: bigint;
  /** Position bust price, same scale. */
  bustRaw: bigint;
  isLong: boolean;
}

/**
 * How far the market can still move against a position before it reaches its bust
 * price, as a percent of the mark scaled by 1e18 (1e18 = 1 percent).
 *
 * long: (mark − bust) · 100 · WAD / mark; short: (bust − mark) · 100 · WAD / mark.
 * Zero at the bust price and negative once the mark is past it. The division truncates
 * toward zero.
 *
 * @example distanceToBustPercentWad({ markRaw: 830655n, bustRaw: 822740n, isLong: true })
 * // 952862500075241827n ≈ 0.9529 percent
 */
export function distanceToBustPercentWad(
  { markRaw, bustRaw, isLong }: DistanceToBustOptions,
): bigint {
  if (markRaw <= 0n) throw new RangeError(`mark price must be positive, got ${markRaw}`);
  const room = isLong ? markRaw - bustRaw : bustRaw - markRaw;
  return (room * 100n * WAD) / markRaw;
}
