/** Highest leverage the protocol (and its SDK) accepts. */
const MAX_LEVERAGE = 1000;

/**
 * A leverage as a bigint, checked to be a whole number from 1 to 1000 (per-market maxima can be
 * lower and are checked elsewhere).
 */
export function checkedLeverage(leverage: number): bigint {
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > MAX_LEVERAGE) {
    throw new RangeError(
      `leverage must be a whole number from 1 to ${MAX_LEVERAGE}, got ${leverage}`,
    );
  }
  return BigInt(leverage);
}
