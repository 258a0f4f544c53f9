/**
 * Display formatting for pages, the live views built in `lib/wallet/` and the islands' ages and
 * times. Inputs are exact (bigint wad, raw prices); rounding happens here, once, for display only.
 */
import { rawPriceToNumber, wadToNumber } from "./math/mod.ts";

const usdFull = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdCompact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const count = new Intl.NumberFormat("en-US");
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const plainCompact = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 2,
});

/** What a figure reads when the upstream did not send it (a modelled key not found). */
const NOT_AVAILABLE = "n/a";

/**
 * USD from a wad amount, always two decimals: `$1,234.56`, or compact when asked (`$14.76M`,
 * `$123.46K`, `$12.35`), so a compact column reads alike at every size. Compact figures belong
 * only where a label says so. Null reads `n/a`.
 */
export function formatUsd(
  wad: bigint | null,
  options: { compact?: boolean; sign?: boolean } = {},
): string {
  if (wad === null) return NOT_AVAILABLE;
  const value = wadToNumber(wad);
  const text = options.compact ? usdCompact.format(value) : usdFull.format(value);
  return options.sign && value > 0 ? `+${text}` : text;
}

/**
 * A price in quote units from a raw price: all decimals the price scale carries, or at least
 * `minDecimals` so a column mixing markets shows one number of decimals.
 */
export function formatPrice(raw: bigint, priceScale: bigint, minDecimals = 0): string {
  const decimals = Math.max(minDecimals, priceDecimals(priceScale));
  return priceFormat(decimals).format(rawPriceToNumber(raw, priceScale));
}

/** Decimals a price scale carries (10 → 1, 100 → 2). */
export function priceDecimals(priceScale: bigint): number {
  return Math.max(0, String(priceScale).length - 1);
}

// Building an Intl.NumberFormat costs far more than using one; a page formats hundreds of prices.
const priceFormats = new Map<number, Intl.NumberFormat>();
function priceFormat(decimals: number): Intl.NumberFormat {
  let format = priceFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    priceFormats.set(decimals, format);
  }
  return format;
}

/** USD from dollars (a model's JSON number): the text {@link formatUsd} gives for its wad. */
export function formatDollars(dollars: number): string {
  return usdFull.format(dollars);
}

/** A token amount from a model's JSON number, as {@link formatToken} shows its wad. */
export function formatTokenAmount(amount: number, unit: string): string {
  return `${plain.format(amount)} ${unit}`;
}

const quoteFormat = /* @__PURE__ */ new Intl.NumberFormat("en-US", { maximumFractionDigits: 8 });

/** A price in quote units from a model's JSON number: every decimal it carries. */
export function formatQuote(price: number): string {
  return quoteFormat.format(price);
}

/** USD from a 6-decimal USDC amount (withdrawals), as {@link formatUsd} shows it. */
export function formatUsdc(amount6: bigint): string {
  return formatUsd(amount6 * 10n ** 12n);
}

/** A token amount (PAPER) from wad, with a unit, compact when asked (`1.23M PAPER`); null reads `n/a`. */
export function formatToken(
  wad: bigint | null,
  unit: string,
  options: { compact?: boolean } = {},
): string {
  if (wad === null) return NOT_AVAILABLE;
  return `${(options.compact ? plainCompact : plain).format(wadToNumber(wad))} ${unit}`;
}

/**
 * A percent from a percent-wad (1e18 = 1 %), rounded to `decimals` (a cap's share in use). A
 * distance to bust has its own format, {@link formatDistanceToBust}.
 */
export function formatPercent(percentWad: bigint, decimals: number): string {
  return `${wadToNumber(percentWad).toFixed(decimals)}%`;
}

/** Decimals a distance to bust is shown with: enough for 1000x, where bust is under 0.1 % away. */
const DISTANCE_DECIMALS = 3n;

/**
 * A distance to bust (percent wad, 1e18 = 1 %) as every page, card and tool text shows it:
 * `0.029%`. It is cut, never rounded, toward minus infinity at three decimals, so the shown
 * value never lands on the other side of a band's threshold (0.03 % and 0.08 % are exact at
 * three decimals): 0.02999 % is `near_bust` and reads `0.029%`, not `0.030%`. It errs toward
 * the bust: never more room than there is. Null (no mark) reads `n/a`.
 */
export function formatDistanceToBust(percentWad: bigint | null): string {
  if (percentWad === null) return NOT_AVAILABLE;
  const unit = 10n ** (18n - DISTANCE_DECIMALS);
  let steps = percentWad / unit;
  if (percentWad < 0n && percentWad % unit !== 0n) steps -= 1n;
  const size = steps < 0n ? -steps : steps;
  const digits = size.toString().padStart(Number(DISTANCE_DECIMALS) + 1, "0");
  const cut = digits.length - Number(DISTANCE_DECIMALS);
  return `${steps < 0n ? "-" : ""}${digits.slice(0, cut)}.${digits.slice(cut)}%`;
}

/** A protocol fraction (bust buffer, fee rate; a wad, 1e18 = 100 %): `0.0476% (4.76 bp)`. */
export function formatFraction(fractionWad: bigint): string {
  const percent = wadToNumber(fractionWad) * 100;
  return `${percent.toFixed(4)}% (${(percent * 100).toFixed(2)} bp)`;
}

/** An integer count with thousands separators; null reads `n/a`. */
export function formatCount(value: number | bigint | null): string {
  return value === null ? NOT_AVAILABLE : count.format(value);
}

export { formatAge } from "./age.ts";

/** Absolute UTC time: `2026-11-20 12:00:00 UTC`. */
export function formatUtc(atMs: number): string {
  return new Date(atMs).toISOString().replace("T", " ").replace(/\.\d{3}Z$/, " UTC");
}

/** Colour class of a signed amount: `good` for a gain, `bad` for a loss, none for zero. */
export function toneOf(amount: bigint | number | null): "good" | "bad" | "" {
  return amount === null ? "" : amount > 0 ? "good" : amount < 0 ? "bad" : "";
}

/** Unix ms as ISO 8601 UTC; null for times a Date cannot hold. */
export function isoFromMs(ms: number | null): string | null {
  if (ms === null || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  return new Date(ms).toISOString();
}

/** A shortened hex string for tables: `0x1234…abcd`. */
export function shortHex(hex: string): string {
  return hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex;
}

/** Unix seconds as ms, or null when a Date cannot hold them. */
export function msFromSeconds(seconds: number | bigint): number | null {
  const big = BigInt(seconds);
  if (big > 8_640_000_000_000n || big < -8_640_000_000_000n) return null;
  return Number(big) * 1000;
}
