/**
 * The rate-limit algorithm and the store contract, shared by the limiter and every store (kept
 * apart from both so neither imports the other).
 *
 * The algorithm is GCRA (the generic cell rate algorithm): each key holds one number, its
 * theoretical arrival time (TAT). A call of cost n moves the TAT n emission intervals
 * (window / limit) into the future, starting from now if the TAT is already past; it is
 * allowed while the TAT stays within one window of now. That is a sliding window with no
 * edge: no client can spend two budgets across a window boundary, a full budget refills
 * smoothly over one window, and the wait until a refused call would fit is exact.
 */

/** One spend request to a store. */
export interface StoreConsumeRequest {
  /** The current time in ms. */
  now: number;
  /** Window length in ms: at most `limit` calls fit in any window this long. */
  windowMs: number;
  /** `windowMs / limit`: how long one call's budget takes to come back. */
  emissionMs: number;
  cost: number;
}

/** What a store answers. */
export interface StoreConsumeResult {
  /** Whether the cost fitted and was spent. */
  allowed: boolean;
  /** The key's TAT after the call (unchanged when refused). */
  tat: number;
}

/** Where TATs live: per isolate (MemoryStore) or shared (KvStore). */
export interface RateLimitStore {
  /**
   * Applies {@link gcraStep} to the TAT of `key` and saves the result. Must be atomic: two
   * isolates must not both spend the last call.
   */
  consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult>;
}

/** One GCRA step over a stored TAT (undefined when the key is unknown). */
export function gcraStep(
  storedTat: number | undefined,
  { now, windowMs, emissionMs, cost }: StoreConsumeRequest,
): StoreConsumeResult {
  const start = Math.max(storedTat ?? now, now);
  const tat = start + cost * emissionMs;
  // A tiny tolerance absorbs float rounding of window / limit.
  if (tat - now > windowMs + 1e-6) return { allowed: false, tat: start };
  return { allowed: true, tat };
}
