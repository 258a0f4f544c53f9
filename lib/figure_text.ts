/**
 * How a figure reads from the model's JSON number: the server (`lib/format.ts`) and the islands
 * format through these, so both say the same text. Imports nothing: the browser bundle takes it
 * whole. One `Intl.NumberFormat` per style, built once (building costs far more than using).
 */

/** What a figure reads when it is missing (a modelled key not found, no mark). */
export const NOT_AVAILABLE = "n/a";

const PLAIN = { maximumFractionDigits: 2 } as const;
const USD = { ...PLAIN, style: "currency", currency: "USD", minimumFractionDigits: 2 } as const;
const usdFull = new Intl.NumberFormat("en-US", USD);
const usdCompact = new Intl.NumberFormat("en-US", { ...USD, notation: "compact" });
const plain = new Intl.NumberFormat("en-US", PLAIN);
const plainCompact = new Intl.NumberFormat("en-US", { ...PLAIN, notation: "compact" });
const whole = new Intl.NumberFormat("en-US");
const prices = new Map<number, Intl.NumberFormat>();

/**
 * Dollars, two decimals: `$1,234.56`, compact when asked (`$14.76M`, `$12.35`, only where a label
 * says so); `+` before a gain when signed.
 */
export function usdText(
  value: number | null,
  options: { compact?: boolean; sign?: boolean } = {},
): string {
  if (value === null) return NOT_AVAILABLE;
  const text = (options.compact ? usdCompact : usdFull).format(value);
  return options.sign && value > 0 ? `+${text}` : text;
}

/** A price in quote units with exactly `decimals` decimals (a column's, the same for each row). */
export function priceText(value: number | null, decimals: number): string {
  if (value === null) return NOT_AVAILABLE;
  let format = prices.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    prices.set(decimals, format);
  }
  return format.format(value);
}

/** A token amount with its unit (`1,234.5 PAPER`, compact when asked: `1.23M PAPER`). */
export function tokenText(
  value: number | null,
  unit: string,
  options: { compact?: boolean } = {},
): string {
  if (value === null) return NOT_AVAILABLE;
  return `${(options.compact ? plainCompact : plain).format(value)} ${unit}`;
}

/** A plain percent with two decimals (`12.34%`), `+` before a gain when signed. */
export function percentText(value: number | null, options: { sign?: boolean } = {}): string {
  if (value === null) return NOT_AVAILABLE;
  const text = `${priceText(value, 2)}%`;
  return options.sign && value > 0 ? `+${text}` : text;
}

export function countText(value: number | bigint | null): string {
  return value === null ? NOT_AVAILABLE : whole.format(value);
}

/** Colour class of a signed amount: `good` for a gain, `bad` for a loss, none for zero. */
export function toneOf(amount: bigint | number | null): "good" | "bad" | "" {
  return amount === null ? "" : amount > 0 ? "good" : amount < 0 ? "bad" : "";
}

/** Risk bands as words, so a risky row never depends on colour alone. */
export const RISK_LABELS = { ok: "ok", close: "close", near_bust: "near bust" } as const;

/**
 * A distance to bust (percent wad, 1e18 = 1 %) as the model's JSON number: cut toward minus
 * infinity at 1e-12 %, so the number's shortest decimal (at most 15 digits below 1000 %) is the
 * exact value's cut and {@link distanceText} of it never reads past the exact value.
 */
export function distancePercent(percentWad: bigint): number {
  const unit = 1_000_000n;
  let steps = percentWad / unit;
  if (percentWad < 0n && percentWad % unit !== 0n) steps -= 1n;
  const digits = (steps < 0n ? -steps : steps).toString().padStart(13, "0");
  return Number(`${steps < 0n ? "-" : ""}${digits.slice(0, -12)}.${digits.slice(-12)}`);
}

/**
 * A distance to bust in percent as every face shows it: `0.029%`, three decimals cut toward
 * minus infinity, never rounded, so it never lands on the other side of a band's threshold
 * (0.03 % and 0.08 % are exact at three decimals) and never shows more room than there is. The
 * number's shortest decimal is cut as text: no float arithmetic can round it up.
 */
export function distanceText(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return NOT_AVAILABLE;
  const size = Math.abs(percent);
  // Below 1e-6 and from 1e21 a number has no plain decimal form: nothing is left above the cut,
  // or nothing below it.
  const decimal = size < 1e-6
    ? (size > 0 ? "0.0000001" : "0")
    : size >= 1e21
    ? size.toLocaleString("en-US", { useGrouping: false })
    : String(size);
  const [units, fraction = ""] = decimal.split(".");
  let digits = units + fraction.slice(0, 3).padEnd(3, "0");
  if (percent < 0 && /[1-9]/.test(fraction.slice(3))) digits = increment(digits);
  const sign = percent < 0 && /[1-9]/.test(digits) ? "-" : "";
  return `${sign}${digits.slice(0, -3)}.${digits.slice(-3)}%`;
}

/** A string of decimal digits plus one (`0999` → `1000`). */
function increment(digits: string): string {
  const nines = digits.search(/9*$/);
  if (nines === 0) return `1${"0".repeat(digits.length)}`;
  const bumped = Number(digits[nines - 1]) + 1;
  return `${digits.slice(0, nines - 1)}${bumped}${"0".repeat(digits.length - nines)}`;
}
