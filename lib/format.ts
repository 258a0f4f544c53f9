/**
 * Exact values (bigint wads, raw prices) as the server's pages, cards and feeds show them:
 * converted once and read through `figure_text.ts`, as the islands read the model's JSON numbers.
 */
import { rawPriceToNumber, wadToNumber } from "./math/mod.ts";
import {
  countText,
  distancePercent,
  distanceText,
  priceText,
  tokenText,
  usdText,
} from "./figure_text.ts";

export { toneOf } from "./figure_text.ts";

export function formatUsd(
  wad: bigint | null,
  options: { compact?: boolean; sign?: boolean } = {},
): string {
  return usdText(wad === null ? null : wadToNumber(wad), options);
}

/**
 * A raw price in quote units with every decimal its scale carries, at least `minDecimals` (a column
 * mixing markets shows one number of decimals).
 */
export function formatPrice(raw: bigint, priceScale: bigint, minDecimals = 0): string {
  const decimals = Math.max(minDecimals, priceDecimals(priceScale));
  return priceText(rawPriceToNumber(raw, priceScale), decimals);
}

export function priceDecimals(priceScale: bigint): number {
  return Math.max(0, String(priceScale).length - 1);
}

/** USD from dollars (a model's JSON number): the text {@link formatUsd} gives for its wad. */
export function formatDollars(dollars: number): string {
  return usdText(dollars);
}

/** A token amount from a model's JSON number, as {@link formatToken} shows its wad. */
export function formatTokenAmount(amount: number, unit: string): string {
  return tokenText(amount, unit);
}

const quoteFormat = /* @__PURE__ */ new Intl.NumberFormat("en-US", { maximumFractionDigits: 8 });

/** A price in quote units from a model's JSON number: every decimal it carries. */
export function formatQuote(price: number): string {
  return quoteFormat.format(price);
}

export function formatToken(
  wad: bigint | null,
  unit: string,
  options: { compact?: boolean } = {},
): string {
  return tokenText(wad === null ? null : wadToNumber(wad), unit, options);
}

/**
 * A percent-wad (1e18 = 1 %) rounded to `decimals` (a cap's share in use); a distance to bust has
 * its own, {@link formatDistanceToBust}.
 */
export function formatPercent(percentWad: bigint, decimals: number): string {
  return `${wadToNumber(percentWad).toFixed(decimals)}%`;
}

/**
 * A distance to bust (percent wad) as every page, card and island shows it, cut toward the bust at
 * three decimals ({@link distanceText}): 0.02999 % is `near_bust` and reads `0.029%`, not `0.030%`.
 * Null (no mark) reads `n/a`.
 */
export function formatDistanceToBust(percentWad: bigint | null): string {
  return distanceText(percentWad === null ? null : distancePercent(percentWad));
}

/** A protocol fraction (bust buffer, fee rate; a wad, 1e18 = 100 %): `0.0476% (4.76 bp)`. */
export function formatFraction(fractionWad: bigint): string {
  const percent = wadToNumber(fractionWad) * 100;
  return `${percent.toFixed(4)}% (${(percent * 100).toFixed(2)} bp)`;
}

export const formatCount = countText;

export { formatAge } from "./age.ts";

/** Absolute UTC time: `2026-11-20 12:00:00 UTC`. */
export function formatUtc(atMs: number): string {
  const iso = new Date(atMs).toISOString();
  // `YYYY-MM-DDTHH:MM:SS.sssZ`; a year past 9999 is written with a sign and six digits.
  return iso.length === 24
    ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
    : iso.replace("T", " ").replace(/\.\d{3}Z$/, " UTC");
}

/** Unix ms as ISO 8601 UTC; null for times a Date cannot hold. */
export function isoFromMs(ms: number | null): string | null {
  if (ms === null || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  return new Date(ms).toISOString();
}

/** `0x1234…abcd`. */
export function shortHex(hex: string): string {
  return hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex;
}

/** Unix seconds as ms, or null when a Date cannot hold them. */
export function msFromSeconds(seconds: number | bigint): number | null {
  const big = BigInt(seconds);
  if (big > 8_640_000_000_000n || big < -8_640_000_000_000n) return null;
  return Number(big) * 1000;
}
