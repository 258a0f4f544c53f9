import assert from "node:assert/strict";
import { KvStore } from "./kv_store.ts";
import { createRateLimiter } from "./rate_limit.ts";

Deno.test("two limiters over two handles of one KV database share one budget", async () => {
  const path = await Deno.makeTempFile({ suffix: ".sqlite" });
  // Two handles stand in for two isolates on Deno Deploy.
  const first = await Deno.openKv(path);
  const second = await Deno.openKv(path);
  try {
    const now = () => 120_000;
    const a = createRateLimiter({ limit: 5, store: new KvStore(first), now });
    const b = createRateLimiter({ limit: 5, store: new KvStore(second), now });
    assert.equal((await a.consume("client", 3)).allowed, true);
    const fromB = await b.consume("client", 2);
    assert.equal(fromB.allowed, true);
    assert.equal(fromB.remaining, 0);
    const refused = await a.consume("client");
    assert.equal(refused.allowed, false);
    assert.equal(refused.retryAfterSeconds, 12, "one call's budget returns every 12 s");
    assert.equal((await b.consume("someone-else")).allowed, true);
  } finally {
    first.close();
    second.close();
    await Deno.remove(path);
  }
});

Deno.test("concurrent calls through KV never spend more than the limit", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const store = new KvStore(kv, ["test_limits"]);
    const limiters = [0, 1, 2].map(() => createRateLimiter({ limit: 20, store, now: () => 0 }));
    const decisions = await Promise.all(
      Array.from({ length: 30 }, (_, index) => limiters[index % 3].consume("busy")),
    );
    assert.equal(decisions.filter((decision) => decision.allowed).length, 20);
    const stored = await kv.get<number>(["test_limits", "busy"]);
    assert.equal(stored.value, 60_000, "20 calls of 3 s each");
  } finally {
    kv.close();
  }
});

Deno.test("the KV store uses the same sliding window as memory: no second budget across an edge", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let now = 59_900;
    const limiter = createRateLimiter({ limit: 10, store: new KvStore(kv), now: () => now });
    for (let call = 0; call < 10; call++) assert.equal((await limiter.consume("k")).allowed, true);
    now = 60_100;
    const refused = await limiter.consume("k");
    assert.equal(refused.allowed, false);
    assert.equal(refused.retryAfterSeconds, 6, "one call back after 6 s, measured from 59.9 s");
    now = 65_900;
    assert.equal((await limiter.consume("k")).allowed, true);
  } finally {
    kv.close();
  }
});
