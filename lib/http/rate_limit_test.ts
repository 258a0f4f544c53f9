import assert from "node:assert/strict";
import { MemoryStore } from "./memory_store.ts";
import { createRateLimiter, describeRateLimit, type RateLimitStore } from "./rate_limit.ts";

Deno.test("the limiter allows 60 calls a minute per key and refuses the 61st with Retry-After", async () => {
  let now = 1_000_000 * 60_000 + 15_000; // 15 s into a window
  const limiter = createRateLimiter({ now: () => now });
  for (let call = 1; call <= 60; call++) {
    const decision = await limiter.consume("alice");
    assert.equal(decision.allowed, true, `call ${call}`);
    assert.equal(decision.remaining, 60 - call);
  }
  const refused = await limiter.consume("alice");
  assert.equal(refused.allowed, false);
  assert.equal(refused.retryAfterSeconds, 45);
  assert.equal((await limiter.consume("bob")).allowed, true, "other keys have their own budget");
  now += 45_000; // next window
  assert.equal((await limiter.consume("alice")).allowed, true);
});

Deno.test("a cost that does not fit is refused whole and spends nothing", async () => {
  const limiter = createRateLimiter({ limit: 10, now: () => 0 });
  assert.equal((await limiter.consume("k", 7)).allowed, true);
  const refused = await limiter.consume("k", 4);
  assert.equal(refused.allowed, false);
  assert.equal(refused.remaining, 3);
  assert.equal(refused.cost, 4);
  assert.equal((await limiter.consume("k", 3)).allowed, true, "the refused batch spent nothing");
  assert.equal((await limiter.consume("k", 1)).allowed, false);
});

Deno.test("Retry-After is at least one second even at the very end of a window", async () => {
  const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 59_999 });
  await limiter.consume("k");
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
  const decision = await limiter.consume("k", 3);
  const text = describeRateLimit(decision);
  assert.match(text, /at most 2 tool calls per client every 60 s/);
  assert.match(text, /needed 3 tool calls/);
  assert.match(text, /Retry after 30 s/);
});

Deno.test("the memory store sweeps finished windows once it holds many keys", async () => {
  const store = new MemoryStore();
  for (let index = 0; index < 10_000; index++) {
    await store.consume(`old${index}`, { windowStart: 0, windowMs: 60_000, cost: 1, limit: 5 });
  }
  assert.equal(store.size, 10_000);
  await store.consume("new", { windowStart: 60_000, windowMs: 60_000, cost: 1, limit: 5 });
  assert.equal(store.size, 1);
});
