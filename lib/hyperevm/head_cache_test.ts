import { deepEqual, equal, rejects, throws } from "node:assert/strict";
import { createHeadCache, HEAD_CACHE_TTL_MS } from "./head_cache.ts";

/** A read whose answers the test releases one by one. */
function controlledRead() {
  const pending: PromiseWithResolvers<bigint>[] = [];
  return {
    pending,
    read: () => {
      const next = Promise.withResolvers<bigint>();
      pending.push(next);
      return next.promise;
    },
  };
}

Deno.test("a head read is reused for the TTL and read again once it is that old", async () => {
  let clock = 1_000;
  let reads = 0;
  const cache = createHeadCache(() => Promise.resolve(100n + BigInt(reads++)), {
    now: () => clock,
  });
  equal(cache.ttlMs, HEAD_CACHE_TTL_MS);
  equal(await cache.get(), 100n);
  clock += HEAD_CACHE_TTL_MS - 1;
  equal(await cache.get(), 100n);
  equal(reads, 1);
  clock += 1;
  equal(await cache.get(), 101n);
  equal(reads, 2);
});

Deno.test("the age counts from when the read was sent, not when it was answered", async () => {
  let clock = 0;
  const { pending, read } = controlledRead();
  const cache = createHeadCache(read, { ttlMs: 5_000, now: () => clock });
  const first = cache.get();
  clock = 4_000; // a slow answer
  pending[0].resolve(7n);
  equal(await first, 7n);
  clock = 5_000;
  const second = cache.get();
  equal(pending.length, 2);
  pending[1].resolve(8n);
  equal(await second, 8n);
});

Deno.test("concurrent callers share one read in flight", async () => {
  const { pending, read } = controlledRead();
  const cache = createHeadCache(read, { now: () => 0 });
  const answers = Promise.all([cache.get(), cache.get(), cache.get()]);
  equal(pending.length, 1);
  pending[0].resolve(48_400_000n);
  deepEqual(await answers, [48_400_000n, 48_400_000n, 48_400_000n]);
  equal(await cache.get(), 48_400_000n);
  equal(pending.length, 1);
});

Deno.test("a failed read caches nothing: its sharers get the error and the next call reads again", async () => {
  let clock = 0;
  const { pending, read } = controlledRead();
  const cache = createHeadCache(read, { ttlMs: 5_000, now: () => clock });
  const warm = cache.get();
  pending[0].resolve(10n);
  equal(await warm, 10n);
  clock = 6_000; // stale: the next get reads again
  const failing = [cache.get(), cache.get()];
  equal(pending.length, 2);
  pending[1].reject(new Error("eth_blockNumber failed"));
  for (const call of failing) await rejects(call, /eth_blockNumber failed/);
  // neither the stale head nor the rejected read is served
  const retried = cache.get();
  equal(pending.length, 3);
  pending[2].resolve(16n);
  equal(await retried, 16n);
});

Deno.test("clear forgets the head and any read in flight", async () => {
  const { pending, read } = controlledRead();
  const cache = createHeadCache(read, { now: () => 0 });
  const first = cache.get();
  pending[0].resolve(1n);
  equal(await first, 1n);
  cache.clear();
  const before = cache.get();
  equal(pending.length, 2);
  cache.clear();
  const after = cache.get();
  equal(pending.length, 3);
  pending[2].resolve(3n);
  // the read started before clear() answers its own caller but does not fill the cache
  pending[1].resolve(2n);
  equal(await before, 2n);
  equal(await after, 3n);
  equal(await cache.get(), 3n);
  equal(pending.length, 3);
});

Deno.test("a TTL of 0 reads every time; a negative or infinite TTL is refused", async () => {
  let reads = 0;
  const cache = createHeadCache(() => Promise.resolve(BigInt(++reads)), { ttlMs: 0 });
  equal(await cache.get(), 1n);
  equal(await cache.get(), 2n);
  throws(() => createHeadCache(() => Promise.resolve(0n), { ttlMs: -1 }), RangeError);
  throws(() => createHeadCache(() => Promise.resolve(0n), { ttlMs: Infinity }), RangeError);
});
