import { WAD } from "./units.ts";

/** Side caps at or above 2^127 mean "no cap" (the SDK writes 2^128 − 1). */
const UNCAPPED_FROM: bigint = 1n << 127n;

interface OpenInterestUsdOptions {
  /** Open interest (or a cap) in base-asset quantity × 1e18, as in the instrument tuple. */
  oiBaseWad: bigint;
  /** Mark price, raw at the instrument's price scale. */
  markRaw: bigint;
  /** The instrument's price scale (BTC 10, ETH 100). */
  priceScale: bigint;
}

/**
 * USD value (wad) of a base-asset quantity: ⌊oi · mark / priceScale⌋.
 *
 * @example openInterestUsdWad({ oiBaseWad: 10n ** 18n, markRaw: 830655n, priceScale: 10n })
 * // 83065.5 USD as wad
 */
export function openInterestUsdWad(
  { oiBaseWad, markRaw, priceScale }: OpenInterestUsdOptions,
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

interface CapUsageOptions {
  /** Side open interest, base quantity × 1e18. */
  oiBaseWad: bigint;
  /** Side cap, same unit. */
  capBaseWad: bigint;
}

/**
 * Share of a side cap in use, as a percent scaled by 1e18 (1e18 = 1 percent):
 * ⌊oi · 100 · WAD / cap⌋. Can exceed 100 percent if OI is above a lowered cap.
 *
 * Returns `null` when the side has no cap: the cap is the uncapped sentinel, or zero
 * (three.ws ignores a zero side cap as "not set"; the contract's meaning of 0 is unknown).
 */
export function capUsage({ oiBaseWad, capBaseWad }: CapUsageOptions): bigint | null {
  if (oiBaseWad < 0n) throw new RangeError(`open interest must not be negative, got ${oiBaseWad}`);
  if (capBaseWad < 0n) throw new RangeError(`cap must not be negative, got ${capBaseWad}`);
  if (capBaseWad === 0n || isUncappedCap(capBaseWad)) return null;
  return (oiBaseWad * 100n * WAD) / capBaseWad;
}
