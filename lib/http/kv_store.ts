/** Rate-limit state in Deno KV, shared by every isolate or process that opens the same database. */
import {
  type RateLimitStore,
  slidingLogStep,
  type StoreConsumeRequest,
  type StoreConsumeResult,
} from "./limit_store.ts";

/** Conflicting writers and store errors are retried this many times in all, with a backoff. */
const MAX_ATTEMPTS = 12;

function backoff(attempt: number): Promise<void> {
  const ceilingMs = Math.min(50, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceilingMs));
}

/**
 * The same sliding log as MemoryStore, one KV entry per key holding its call times. Each
 * consume is an optimistic check-and-set: read the log, step it, and commit only if nobody
 * changed it meanwhile (`atomic().check()`). A conflict or a store error (two processes on one
 * local file see "database is locked") is retried a bounded number of times; when every try
 * failed the consume rejects, and the limiter refuses the call. An entry expires when its
 * newest call leaves the window (an empty log is a full budget, like a missing one), so KV
 * holds only clients spending now and never grows with past floods.
 */
export class KvStore implements RateLimitStore {
  readonly #kv: Deno.Kv;
  readonly #prefix: Deno.KvKey;

  /** `prefix` namespaces the keys, so one database can serve several limiters. */
  constructor(kv: Deno.Kv, prefix: Deno.KvKey = ["rate_limit"]) {
    this.#kv = kv;
    this.#prefix = prefix;
  }

  async consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult> {
    const kvKey: Deno.KvKey = [...this.#prefix, "log", key];
    let failure: unknown = new Error(`the count of ${key} stayed contended`);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await backoff(attempt);
      try {
        const entry = await this.#kv.get<number[]>(kvKey);
        const result = slidingLogStep(entry.value ?? undefined, request);
        if (!result.allowed) return result;
        // Its newest call is now: once that leaves the window the log is empty.
        const committed = await this.#kv.atomic()
          .check(entry)
          .set(kvKey, result.log, { expireIn: request.windowMs })
          .commit();
        if (committed.ok) return result;
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }
}
