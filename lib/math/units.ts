/**
 * Fixed-point units used by Papertrade.
 *
 * Money and fractions are 18-decimal integers ("wad"); prices are integers at an
 * instrument's price scale. The number converters exist for display at the edge only:
 * every protocol decision stays in bigint.
 *
 * @module
 */

/** One whole unit in 18-decimal fixed point: 10^18. */
export const WAD: bigint = 10n ** 18n;

/** Fraction digits produced before handing a decimal string to `Number`. */
const DISPLAY_FRACTION_DIGITS = 24;

/**
 * Convert `numerator / denominator` to the nearest double by writing the exact quotient
 * as a decimal string (integer part plus 24 fraction digits) and parsing it. Parsing a
 * decimal string rounds once, so the result is as accurate as a double can be, even when
 * the integer part is far beyond 2^53 in the original units.
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
 * Convert a wad (18-decimal integer) to a JavaScript number for display.
 *
 * The conversion goes through the exact decimal string, so values up to about 1e30 wad
 * ($1 trillion) keep cent accuracy. Never feed the result back into protocol math.
 *
 * @example wadToNumber(748800000000000000000n) // 748.8
 */
export function wadToNumber(wad: bigint): number {
  return quotientToNumber(wad, WAD);
}

/**
 * Convert a raw price at an instrument's price scale to a number for display
 * (raw 830655 at scale 10 is 83065.5).
 *
 * @throws {RangeError} when `priceScale` is not positive.
 */
export function rawPriceToNumber(raw: bigint, priceScale: bigint): number {
  if (priceScale <= 0n) {
    throw new RangeError(`price scale must be positive, got ${priceScale}`);
  }
  return quotientToNumber(raw, priceScale);
}
