/** Rate-limit state in Deno KV, shared by every isolate that opens the same database. */
import {
  gcraStep,
  type RateLimitStore,
  type StoreConsumeRequest,
  type StoreConsumeResult,
} from "./limit_store.ts";

/** Conflicting writers retry this many times, with a short random backoff between tries. */
const MAX_ATTEMPTS = 20;

function backoff(attempt: number): Promise<void> {
  const ceilingMs = Math.min(50, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceilingMs));
}

/**
 * The same GCRA as MemoryStore, one KV entry per key holding its TAT. Each consume is an
 * optimistic check-and-set: read the TAT, step it, and commit only if nobody changed it
 * meanwhile (`atomic().check()`), retrying on conflict. An entry expires once its TAT has
 * passed (it then means a full budget, like a missing one), so KV holds only clients that
 * are spending now and never grows with past floods. A key still contended after every retry
 * is being hammered by one client, so the call is refused rather than let through unchecked.
 */
export class KvStore implements RateLimitStore {
  readonly #kv: Deno.Kv;
  readonly #prefix: Deno.KvKey;

  /** `prefix` namespaces the keys, so one database can serve several limiters. */
  constructor(kv: Deno.Kv, prefix: Deno.KvKey = ["rate_limit"]) {
    this.#kv = kv;
    this.#prefix = prefix;
  }

  /** {@inheritDoc RateLimitStore.consume} */
  async consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult> {
    const kvKey: Deno.KvKey = [...this.#prefix, key];
    let last: StoreConsumeResult = { allowed: false, tat: request.now };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await backoff(attempt);
      const entry = await this.#kv.get<number>(kvKey);
      last = gcraStep(entry.value ?? undefined, request);
      if (!last.allowed) return last;
      const expireIn = Math.max(1, Math.ceil(last.tat - request.now));
      const committed = await this.#kv.atomic()
        .check(entry)
        .set(kvKey, last.tat, { expireIn })
        .commit();
      if (committed.ok) return last;
    }
    return { allowed: false, tat: last.tat };
  }
}
