/** Rate-limit state in this isolate's memory, bounded by a cap on the keys it remembers. */
import {
  type RateLimitStore,
  slidingLogStep,
  type StoreConsumeRequest,
  type StoreConsumeResult,
} from "./limit_store.ts";

/**
 * Keys held at most: enough for every real client of one process. A key costs about 100 bytes
 * plus 8 per call in its window (at most 60), so the cap bounds memory at about 30 MB even if
 * every remembered client spends its whole budget.
 */
const DEFAULT_MAX_KEYS = 50_000;

/**
 * Per-isolate call logs (on Deno Deploy each isolate would have its own budget: use KvStore).
 * One task runs at a time, so the read-step-write below is atomic without locks.
 *
 * Memory is bounded by a two-generation LRU: keys live in `recent` (at most half the cap); when
 * it is full it becomes `older`, dropping the previous `older` whole, and a key found in `older`
 * moves back. Each call costs a fixed handful of Map operations (no scan), so a flood of new
 * keys costs what a quiet day does; forgetting a key only forgets a budget already in use.
 */
export class MemoryStore implements RateLimitStore {
  #recent = new Map<string, readonly number[]>();
  #older = new Map<string, readonly number[]>();
  readonly #generationSize: number;

  /** `maxKeys` caps how many clients are remembered (default {@link DEFAULT_MAX_KEYS}). */
  constructor(options: { maxKeys?: number } = {}) {
    this.#generationSize = Math.max(1, Math.floor((options.maxKeys ?? DEFAULT_MAX_KEYS) / 2));
  }

  consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult> {
    const stored = this.#recent.get(key) ?? this.#older.get(key);
    const result = slidingLogStep(stored, request);
    if (result.allowed) this.#remember(key, result.log);
    return Promise.resolve(result);
  }

  #remember(key: string, log: readonly number[]): void {
    this.#older.delete(key);
    // An empty log means a full budget, the same as no entry at all.
    if (log.length === 0) {
      this.#recent.delete(key);
      return;
    }
    if (!this.#recent.has(key) && this.#recent.size >= this.#generationSize) {
      this.#older = this.#recent;
      this.#recent = new Map();
    }
    this.#recent.set(key, log);
  }

  get size(): number {
    return this.#recent.size + this.#older.size;
  }
}
