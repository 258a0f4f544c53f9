import { WAD } from "./units.ts";

/**
 * How far the mark can still move against a position before its bust price, as a percent of the
 * mark scaled by 1e18 (1e18 = 1 percent): (mark − bust) · 100 · WAD / mark for a long, (bust −
 * mark) · … for a short, truncated toward zero. Zero at bust, negative once past it. Prices are
 * raw at the instrument's price scale.
 *
 * @example distanceToBustPercentWad({ markRaw: 830655n, bustRaw: 822740n, isLong: true })
 * // 952862500075241827n ≈ 0.9529 percent
 */
export function distanceToBustPercentWad(
  { markRaw, bustRaw, isLong }: { markRaw: bigint; bustRaw: bigint; isLong: boolean },
): bigint {
  if (markRaw <= 0n) throw new RangeError(`mark price must be positive, got ${markRaw}`);
  const room = isLong ? markRaw - bustRaw : bustRaw - markRaw;
  return (room * 100n * WAD) / markRaw;
}
