/**
 * The one place tool results leave bigint: wad money to dollars, raw prices to quote units,
 * percent wads to plain percents, unix times to ISO 8601 UTC strings.
 */
import { rawPriceToNumber, wadToNumber } from "./math/mod.ts";
import { isoFromMs, msFromSeconds } from "./format.ts";

export { isoFromMs };

export const fromWad = wadToNumber;

export function fromWadOrNull(wad: bigint | null | undefined): number | null {
  return wad === null || wad === undefined ? null : wadToNumber(wad);
}

/** A percent scaled by 1e18 (1e18 = 1 %) → plain percent (0.05 means 0.05 %). */
export const toPercent = fromWadOrNull;

export function toPrice(raw: bigint, priceScale: bigint | null): number | null {
  return priceScale === null ? null : rawPriceToNumber(raw, priceScale);
}

/** A wad fraction (1e18 = 100 %) → plain percent. */
export function fractionToPercent(fractionWad: bigint): number {
  return wadToNumber(fractionWad * 100n);
}

/** USDC has 6 decimals (withdraw intents). */
export function fromUsdc6(amount: bigint): number {
  return wadToNumber(amount * 10n ** 12n);
}

/** Null when out of range. */
export function isoFromSeconds(seconds: number | bigint | null): string | null {
  return seconds === null ? null : isoFromMs(msFromSeconds(seconds));
}

/** A block number → JSON number (HyperEVM heights are far below 2^53). */
export function blockNumber(block: bigint | null): number | null {
  return block === null ? null : Number(block);
}
