/**
 * Fixed-point units used by Papertrade: money and fractions are 18-decimal integers ("wad"),
 * prices integers at an instrument's price scale. The number converters are for display at the
 * edge only: every protocol decision stays in bigint.
 *
 * @module
 */

/** One whole unit in 18-decimal fixed point: 10^18. */
export const WAD: bigint = 10n ** 18n;

/** Fraction digits produced before handing a decimal string to `Number`. */
const DISPLAY_FRACTION_DIGITS = 24;

/**
 * `numerator / denominator` as the nearest double: the exact quotient written as a decimal
 * string (24 fraction digits) and parsed, which rounds once, even far beyond 2^53.
 */
function quotientToNumber(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const whole = magnitude / denominator;
  const remainder = magnitude % denominator;
  const fraction = (remainder * 10n ** BigInt(DISPLAY_FRACTION_DIGITS)) / denominator;
  const text = `${whole}.${fraction.toString().padStart(DISPLAY_FRACTION_DIGITS, "0")}`;
  const value = Number(text);
  return negative ? -value : value;
}

/**
 * A wad as a number for display (up to about 1e30 wad, $1 trillion, to the cent); never feed it
 * back into protocol math.
 *
 * @example wadToNumber(748800000000000000000n) // 748.8
 */
export function wadToNumber(wad: bigint): number {
  return quotientToNumber(wad, WAD);
}

/** A raw price as a number for display (830655 at scale 10 is 83065.5); the scale must be positive. */
export function rawPriceToNumber(raw: bigint, priceScale: bigint): number {
  if (priceScale <= 0n) throw new RangeError(`price scale must be positive, got ${priceScale}`);
  return quotientToNumber(raw, priceScale);
}
