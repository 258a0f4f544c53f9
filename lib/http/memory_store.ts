/** Rate-limit counters in this isolate's memory. */
import type { RateLimitStore, StoreConsumeRequest, StoreConsumeResult } from "./rate_limit.ts";

/** Past this many keys, finished windows are swept so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Per-isolate counters. Fine for one process; on Deno Deploy each isolate would have its own
 * budget, so use KvStore there. JavaScript runs one task at a time, so the check-and-add below
 * is atomic without locks.
 */
export class MemoryStore implements RateLimitStore {
  readonly #counters = new Map<string, { windowStart: number; count: number }>();

  /** {@inheritDoc RateLimitStore.consume} */
  consume(
    key: string,
    { windowStart, cost, limit }: StoreConsumeRequest,
  ): Promise<StoreConsumeResult> {
    const entry = this.#counters.get(key);
    const count = entry && entry.windowStart === windowStart ? entry.count : 0;
    if (count + cost > limit) return Promise.resolve({ allowed: false, count });
    if (!entry && this.#counters.size >= SWEEP_THRESHOLD) this.#sweep(windowStart);
    this.#counters.set(key, { windowStart, count: count + cost });
    return Promise.resolve({ allowed: true, count: count + cost });
  }

  /** Number of keys held (for tests of the sweep). */
  get size(): number {
    return this.#counters.size;
  }

  #sweep(currentWindowStart: number): void {
    for (const [key, entry] of this.#counters) {
      if (entry.windowStart < currentWindowStart) this.#counters.delete(key);
    }
  }
}
