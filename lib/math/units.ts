/** One whole unit in 18-decimal fixed point: 10^18. */
export const WAD: bigint = 10n ** 18n;

/** Fraction digits of the exact decimal string handed to `Number`. */
const DISPLAY_FRACTION_DIGITS = 24;

/** The nearest double to a quotient: its exact decimal parsed rounds once, even beyond 2^53. */
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
 * A wad as a number for display only (to the cent up to about $1 trillion); every protocol
 * decision stays in bigint.
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
