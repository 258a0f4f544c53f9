/** Rate-limit counters in Deno KV, shared by every isolate that opens the same database. */
import type { RateLimitStore, StoreConsumeRequest, StoreConsumeResult } from "./rate_limit.ts";

/** Conflicting writers retry this many times, with a short random backoff between tries. */
const MAX_ATTEMPTS = 20;

function backoff(attempt: number): Promise<void> {
  const ceilingMs = Math.min(50, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceilingMs));
}

/**
 * Counters in Deno KV. Each consume is an optimistic check-and-set: read the counter, refuse
 * if the cost does not fit, else commit the new value only if nobody changed it meanwhile
 * (`atomic().check()`), retrying on conflict. Entries expire after two windows. A key still
 * contended after every retry is being hammered by one client, so the call is refused rather
 * than let through unchecked.
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
  async consume(
    key: string,
    { windowStart, windowMs, cost, limit }: StoreConsumeRequest,
  ): Promise<StoreConsumeResult> {
    const kvKey: Deno.KvKey = [...this.#prefix, key, windowStart];
    let count = 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await backoff(attempt);
      const entry = await this.#kv.get<number>(kvKey);
      count = entry.value ?? 0;
      if (count + cost > limit) return { allowed: false, count };
      const committed = await this.#kv.atomic()
        .check(entry)
        .set(kvKey, count + cost, { expireIn: windowMs * 2 })
        .commit();
      if (committed.ok) return { allowed: true, count: count + cost };
    }
    return { allowed: false, count };
  }
}
