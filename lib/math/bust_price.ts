import { checkedLeverage } from "./leverage.ts";
import { WAD } from "./units.ts";

interface BustPriceOptions {
  /** Entry price, raw at the instrument's price scale. */
  entryRaw: bigint;
  /** Leverage, a whole number from 1 to 1000. */
  leverage: number;
  isLong: boolean;
  /** Instrument bust buffer as a wad fraction (BTC 476041580087574 ≈ 4.76 bps). */
  bustBufferWad: bigint;
}

/**
 * The hard-bust trigger price the exchange stores when a position opens, raw.
 *
 * 1. step = floor(E / L)
 * 2. zero-equity price Z = E − step (long) or E + step (short)
 * 3. bust = Z + floor(Z · b / WAD) (long) or Z − floor(Z · b / WAD) (short),
 *    i.e. the trigger is pulled toward entry by the bust buffer b.
 *
 * A long busts once mark ≤ bust; a short once mark ≥ bust. Reproduces stored bust prices
 * of real positions (ETH long 50x at 251215 → 246309).
 */
export function bustPrice({ entryRaw, leverage, isLong, bustBufferWad }: BustPriceOptions): bigint {
  if (entryRaw <= 0n) {
    throw new RangeError(`entry price must be positive, got ${entryRaw}`);
  }
  if (bustBufferWad < 0n || bustBufferWad >= WAD) {
    throw new RangeError(`bust buffer must be a wad fraction in [0, 1), got ${bustBufferWad}`);
  }
  const step = entryRaw / checkedLeverage(leverage);
  const zeroEquity = isLong ? entryRaw - step : entryRaw + step;
  const buffer = (zeroEquity * bustBufferWad) / WAD;
  return isLong ? zeroEquity + buffer : zeroEquity - buffer;
}
