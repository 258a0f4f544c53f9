import { checkedLeverage } from "./leverage.ts";
import { WAD } from "./units.ts";

/**
 * The hard-bust trigger price the exchange stores when a position opens, raw at the instrument's
 * price scale, from entry E, leverage L and the bust buffer b (a wad fraction; BTC
 * 476041580087574 ≈ 4.76 bps): step = ⌊E / L⌋, zero-equity Z = E ∓ step (long −, short +), and
 * bust = Z ± ⌊Z · b / WAD⌋, the trigger pulled toward entry by b. A long busts once mark ≤ bust,
 * a short once mark ≥ bust. Reproduces stored bust prices (ETH long 50x at 251215 → 246309).
 */
export function bustPrice(
  { entryRaw, leverage, isLong, bustBufferWad }: {
    entryRaw: bigint;
    leverage: number;
    isLong: boolean;
    bustBufferWad: bigint;
  },
): bigint {
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
