/** Rate-limit state in this isolate's memory, bounded by a least-recently-used cap. */
import {
  gcraStep,
  type RateLimitStore,
  type StoreConsumeRequest,
  type StoreConsumeResult,
} from "./limit_store.ts";

/** Keys held at most (about 100 bytes each): enough for every real client of one process. */
export const DEFAULT_MAX_KEYS = 50_000;

/**
 * Per-isolate TATs. Fine for one process; on Deno Deploy each isolate would have its own
 * budget, so use KvStore there. JavaScript runs one task at a time, so the read-step-write
 * below is atomic without locks. A Map keeps insertion order, so deleting and re-inserting a
 * key on every call makes the first key the least recently used: eviction is O(1), and each
 * call does the same small amount of work however many keys are held. Evicting a key only
 * forgets a budget already in use, it never lends anyone else's.
 */
export class MemoryStore implements RateLimitStore {
  readonly #tats = new Map<string, number>();
  readonly #maxKeys: number;

  /** `maxKeys` caps how many clients are remembered (default {@link DEFAULT_MAX_KEYS}). */
  constructor(options: { maxKeys?: number } = {}) {
    this.#maxKeys = Math.max(1, options.maxKeys ?? DEFAULT_MAX_KEYS);
  }

  /** {@inheritDoc RateLimitStore.consume} */
  consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult> {
    const stored = this.#tats.get(key);
    const result = gcraStep(stored, request);
    if (result.allowed) {
      this.#tats.delete(key);
      // A TAT already in the past means a full budget, the same as no entry at all.
      if (result.tat > request.now) this.#tats.set(key, result.tat);
      if (this.#tats.size > this.#maxKeys) {
        this.#tats.delete(this.#tats.keys().next().value!);
      }
    }
    return Promise.resolve(result);
  }

  /** Number of keys held (for tests of the cap). */
  get size(): number {
    return this.#tats.size;
  }
}
