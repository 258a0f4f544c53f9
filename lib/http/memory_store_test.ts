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
  // about what the first did. A store that swept every key on every new key past the cap
  // would make the later batches hundreds of times slower.
  const median = (values: number[]) => values.sort((a, b) => a - b)[1];
  const filling = median(batchMs.slice(1, 4)); // batch 0 is JIT warm-up
  const atCap = median(batchMs.slice(-3));
  assert.ok(
    atCap < filling * 10,
    `per-batch times ${batchMs.map((ms) => ms.toFixed(0)).join(", ")} ms`,
  );
  assert.ok(store.size <= 10_000 && store.size >= 5_000, `size ${store.size}`);
});
