import { WAD } from "./units.ts";

/** Side caps at or above 2^127 mean "no cap" (the SDK writes 2^128 − 1). */
const UNCAPPED_FROM: bigint = 1n << 127n;

/**
 * USD value (wad) of a base-asset quantity (open interest or a cap, base quantity × 1e18 as in
 * the instrument tuple) at a raw mark of the instrument's price scale (BTC 10, ETH 100):
 * ⌊oi · mark / priceScale⌋.
 *
 * @example openInterestUsdWad({ oiBaseWad: 10n ** 18n, markRaw: 830655n, priceScale: 10n })
 * // 83065.5 USD as wad
 */
export function openInterestUsdWad(
  { oiBaseWad, markRaw, priceScale }: { oiBaseWad: bigint; markRaw: bigint; priceScale: bigint },
): bigint {
  if (oiBaseWad < 0n) throw new RangeError(`open interest must not be negative, got ${oiBaseWad}`);
  if (markRaw < 0n) throw new RangeError(`mark price must not be negative, got ${markRaw}`);
  if (priceScale <= 0n) throw new RangeError(`price scale must be positive, got ${priceScale}`);
  return (oiBaseWad * markRaw) / priceScale;
}

/**
 * Whether a side cap is the "no cap" sentinel: any cap ≥ 2^127 (covers the SDK's 2^128 − 1
 * and three.ws' looser reading).
 */
export function isUncappedCap(cap: bigint): boolean {
  return cap >= UNCAPPED_FROM;
}

/**
 * Share of a side cap in use (both base quantity × 1e18), as a percent scaled by 1e18 (1e18 = 1
 * percent): ⌊oi · 100 · WAD / cap⌋; above 100 when OI exceeds a lowered cap. Null when the side
 * has no cap: the uncapped sentinel, or zero (three.ws ignores a zero side cap as "not set"; the
 * contract's meaning of 0 is unknown).
 */
export function capUsage(
  { oiBaseWad, capBaseWad }: { oiBaseWad: bigint; capBaseWad: bigint },
): bigint | null {
  if (oiBaseWad < 0n) throw new RangeError(`open interest must not be negative, got ${oiBaseWad}`);
  if (capBaseWad < 0n) throw new RangeError(`cap must not be negative, got ${capBaseWad}`);
  if (capBaseWad === 0n || isUncappedCap(capBaseWad)) return null;
  return (oiBaseWad * 100n * WAD) / capBaseWad;
}
