/**
 * Mark (mid) price of a best bid / best ask quote, as the exchange computes it:
 * floor((bid + ask) / 2) on raw prices at the instrument's price scale.
 *
 * The contract refuses zero or crossed quotes, and so does this function.
 *
 * @example markPrice(830650n, 830661n) // 830655n
 */
export function markPrice(bid: bigint, ask: bigint): bigint {
  if (bid <= 0n || ask <= 0n) {
    throw new RangeError(`quote must have a positive bid and ask, got bid ${bid} ask ${ask}`);
  }
  if (bid > ask) {
    throw new RangeError(`crossed quote: bid ${bid} is above ask ${ask}`);
  }
  return (bid + ask) / 2n;
}
