/** Highest leverage the protocol (and its SDK) accepts. */
export const MAX_LEVERAGE = 1000;

/**
 * Validate a leverage multiplier and return it as a bigint for integer math.
 *
 * Papertrade leverage is a whole number from 1 to 1000 (per-market maxima can be lower
 * and are checked elsewhere).
 */
export function checkedLeverage(leverage: number): bigint {
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > MAX_LEVERAGE) {
    throw new RangeError(
      `leverage must be a whole number from 1 to ${MAX_LEVERAGE}, got ${leverage}`,
    );
  }
  return BigInt(leverage);
}
