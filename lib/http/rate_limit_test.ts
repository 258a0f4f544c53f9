import assert from "node:assert/strict";
import { MemoryStore } from "./memory_store.ts";
import { createRateLimiter, describeRateLimit, type RateLimitStore } from "./rate_limit.ts";

Deno.test("the limiter allows 60 calls per key at once, refuses the 61st and says exactly when to retry", async () => {
  let now = 1_000_000 * 60_000 + 15_000;
  const limiter = createRateLimiter({ now: () => now });
  for (let call = 1; call <= 60; call++) {
    const decision = await limiter.consume("alice");
    assert.equal(decision.allowed, true, `call ${call}`);
    assert.equal(decision.remaining, 60 - call);
  }
  const refused = await limiter.consume("alice");
  assert.equal(refused.allowed, false);
  // One call's budget comes back every second.
  assert.equal(refused.retryAfterSeconds, 1);
  assert.equal((await limiter.consume("bob")).allowed, true, "other keys have their own budget");
  now += 999;
  assert.equal((await limiter.consume("alice")).allowed, false, "Retry-After is not early");
  now += 1;
  assert.equal((await limiter.consume("alice")).allowed, true, "and not late");
});

Deno.test("no client gets two budgets across a window edge", async () => {
  let now = 60_000 - 100; // just before a fixed window would have reset
  const limiter = createRateLimiter({ limit: 60, now: () => now });
  for (let call = 0; call < 60; call++) assert.equal((await limiter.consume("k")).allowed, true);
  now = 60_000 + 100; // just after it
  let allowed = 0;
  for (let call = 0; call < 60; call++) if ((await limiter.consume("k")).allowed) allowed++;
  assert.equal(allowed, 0, "a fixed window would have granted 60 more here");
  now += 60_000;
  const decision = await limiter.consume("k");
  assert.equal(decision.allowed, true);
  assert.equal(decision.remaining, 59, "a full window later the whole budget is back");
});

Deno.test("a cost that does not fit is refused whole, spends nothing and gets its exact wait", async () => {
  const limiter = createRateLimiter({ limit: 10, now: () => 0 });
  assert.equal((await limiter.consume("k", 7)).allowed, true);
  const refused = await limiter.consume("k", 4);
  assert.equal(refused.allowed, false);
  assert.equal(refused.remaining, 3);
  assert.equal(refused.cost, 4);
  assert.equal(refused.retryAfterSeconds, 6, "one more call's budget takes 6 s to return");
  assert.equal((await limiter.consume("k", 3)).allowed, true, "the refused batch spent nothing");
  assert.equal((await limiter.consume("k", 1)).allowed, false);
});

Deno.test("Retry-After is at least one second", async () => {
  const limiter = createRateLimiter({ limit: 1000, windowMs: 60_000, now: () => 0 });
  await limiter.consume("k", 1000);
  assert.equal((await limiter.consume("k")).retryAfterSeconds, 1);
});

Deno.test("a failing store lets the call through and reports the failure", async () => {
  const errors: unknown[] = [];
  const broken: RateLimitStore = { consume: () => Promise.reject(new Error("kv down")) };
  const limiter = createRateLimiter({ store: broken, onStoreError: (error) => errors.push(error) });
  assert.equal((await limiter.consume("k")).allowed, true);
  assert.equal(errors.length, 1);
});

Deno.test("the 429 sentence says what was limited and when to retry", async () => {
  const limiter = createRateLimiter({ limit: 2, now: () => 30_000 });
  await limiter.consume("k", 2);
  const decision = await limiter.consume("k", 2);
  const text = describeRateLimit(decision);
  assert.match(text, /at most 2 tool calls per client every 60 s/);
  assert.match(text, /needed 2 tool calls/);
  assert.match(text, /Retry after 60 s/);
});

Deno.test("the memory store forgets the least recently used keys past its cap", async () => {
  const store = new MemoryStore({ maxKeys: 4 }); // two generations of two keys
  const limiter = createRateLimiter({ limit: 1, store, now: () => 0 });
  for (const key of ["a", "b"]) await limiter.consume(key);
  await limiter.consume("a"); // refused: a refusal changes nothing
  for (const key of ["c", "d", "e"]) await limiter.consume(key);
  assert.ok(store.size <= 4, `size ${store.size}`);
  assert.equal((await limiter.consume("a")).allowed, true, "a was least recently spent: forgotten");
  assert.equal((await limiter.consume("e")).allowed, false, "e is still remembered");
});

Deno.test("a flood of 100,000 keys keeps memory bounded and work per call flat", async () => {
  const store = new MemoryStore({ maxKeys: 10_000 });
  const limiter = createRateLimiter({ limit: 60, store, now: () => 0 });
  const batchMs: number[] = [];
  for (let batch = 0; batch < 10; batch++) {
    const started = performance.now();
    for (let index = 0; index < 10_000; index++) await limiter.consume(`flood-${batch}-${index}`);
    batchMs.push(performance.now() - started);
    assert.ok(store.size <= 10_000, `size ${store.size} after batch ${batch}`);
  }
  // Ratios, not absolute times: the last batches (at the cap, evicting on every call) cost
  // about what the first did. The old store swept every key on every new key past 10,000,
  // which made the later batches hundreds of times slower.
  const median = (values: number[]) => values.sort((a, b) => a - b)[1];
  const filling = median(batchMs.slice(1, 4)); // batch 0 is JIT warm-up
  const atCap = median(batchMs.slice(-3));
  assert.ok(
    atCap < filling * 10,
    `per-batch times ${batchMs.map((ms) => ms.toFixed(0)).join(", ")} ms`,
  );
  assert.ok(store.size <= 10_000 && store.size >= 5_000, `size ${store.size}`);
});
