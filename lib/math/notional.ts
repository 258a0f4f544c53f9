import { checkedLeverage } from "./leverage.ts";

/**
 * Position notional in USD wad: margin × leverage.
 *
 * @example notionalWad(250n * 10n ** 18n, 50) // $12,500 as wad
 * @throws {RangeError} on negative margin or leverage outside 1..1000.
 */
export function notionalWad(marginWad: bigint, leverage: number): bigint {
  if (marginWad < 0n) {
    throw new RangeError(`margin must not be negative, got ${marginWad}`);
  }
  return marginWad * checkedLeverage(leverage);
}
