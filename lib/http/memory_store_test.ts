import assert from "node:assert/strict";
import { MemoryStore } from "./memory_store.ts";
import { createRateLimiter } from "./rate_limit.ts";

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

Deno.test("a key whose calls have all left the window is dropped", async () => {
  let now = 0;
  const store = new MemoryStore();
  const limiter = createRateLimiter({ limit: 5, store, now: () => now });
  await limiter.consume("k", 2);
  assert.equal(store.size, 1);
  now = 60_000;
  await limiter.consume("k", 0);
  assert.equal(store.size, 0);
});

Deno.test("a flood of 100,000 keys keeps memory bounded, and the newest clients keep their spent budgets", async () => {
  const store = new MemoryStore({ maxKeys: 10_000 });
  const limiter = createRateLimiter({ limit: 1, store, now: () => 0 });
  let maxSize = 0;
  for (let index = 0; index < 100_000; index++) {
    assert.equal((await limiter.consume(`flood-${index}`)).allowed, true);
    maxSize = Math.max(maxSize, store.size);
  }
  assert.ok(maxSize <= 10_000, `the store held ${maxSize} keys at most`);
  // The newest half of the cap is remembered: their budgets stay spent.
  for (let index = 100_000 - 5_000; index < 100_000; index += 97) {
    assert.equal((await limiter.consume(`flood-${index}`)).allowed, false, `flood-${index}`);
  }
});
