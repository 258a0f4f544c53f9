/**
 * The rate-limit algorithm and the store contract, shared by the limiter and every store (kept
 * apart from both so neither imports the other).
 *
 * The algorithm is an exact sliding log: each key holds the times of its calls of the last
 * window, oldest first (a batch of n calls is n entries), never more than `limit` of them. A
 * call of cost n at time t is allowed when the entries later than t - window, plus n, fit in
 * `limit`. So no span of one window ever holds more than `limit` allowed calls, wherever it
 * starts, and the wait until a refused call fits is exact: the moment enough of the oldest
 * entries have left the window.
 */

/** One spend request to a store: at most `limit` calls fit in any `windowMs` span. */
export interface StoreConsumeRequest {
  now: number;
  windowMs: number;
  limit: number;
  cost: number;
}

/** Whether the cost fitted (and was spent), and the key's call times in the window after it. */
export interface StoreConsumeResult {
  allowed: boolean;
  log: readonly number[];
}

/** Where call logs live: per isolate (MemoryStore) or shared (KvStore). */
export interface RateLimitStore {
  /**
   * Applies {@link slidingLogStep} to the log of `key` and saves the result. Must be atomic:
   * two isolates must not both spend the last call. Rejects when the store cannot settle the
   * count; the limiter then refuses the call (it never lets one through unchecked).
   */
  consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult>;
}

/** One step over a stored log (undefined when the key is unknown). */
export function slidingLogStep(
  stored: readonly number[] | undefined,
  { now, windowMs, limit, cost }: StoreConsumeRequest,
): StoreConsumeResult {
  const log = stored ?? [];
  let first = 0;
  while (first < log.length && log[first] <= now - windowMs) first++;
  const live = first === 0 ? log : log.slice(first);
  if (live.length + cost > limit) return { allowed: false, log: live };
  const next = live.slice();
  for (let call = 0; call < cost; call++) next.push(now);
  return { allowed: true, log: next };
}

/**
 * Milliseconds from `now` until `cost` more calls fit in `log` (a pruned log from
 * {@link slidingLogStep}): the time the oldest entry that must leave does leave. 0 when they
 * fit now; a whole window when `cost` is over the limit and never fits.
 */
export function msUntilFits(log: readonly number[], request: StoreConsumeRequest): number {
  const mustLeave = log.length + request.cost - request.limit;
  if (mustLeave <= 0) return 0;
  if (request.cost > request.limit) return request.windowMs;
  return log[mustLeave - 1] + request.windowMs - request.now;
}
