import assert from "node:assert/strict";
import { KvStore } from "./kv_store.ts";
import { createRateLimiter } from "./rate_limit.ts";

Deno.test("two limiters over two handles of one KV file share one budget", async () => {
  const path = await Deno.makeTempFile({ suffix: ".sqlite" });
  // Two handles stand in for two processes or isolates.
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
    assert.equal(refused.retryAfterSeconds, 60);
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
    const limiters = [0, 1, 2].map(() => createRateLimiter({ limit: 20, store, now: () => 7 }));
    const decisions = await Promise.all(
      Array.from({ length: 30 }, (_, index) => limiters[index % 3].consume("busy")),
    );
    const allowed = decisions.filter((decision) => decision.allowed).length;
    const stored = await kv.get<number[]>(["test_limits", "log", "busy"]);
    assert.equal(allowed, 20);
    assert.deepEqual(stored.value, new Array(20).fill(7), "one entry per call, at its time");
  } finally {
    kv.close();
  }
});

/** A KV handle whose reads fail `failures` times ("database is locked"), then work. */
function flakyKv(kv: Deno.Kv, failures: number): Deno.Kv {
  let left = failures;
  return new Proxy(kv, {
    get(target, property) {
      if (property === "get") {
        return (key: Deno.KvKey) =>
          left-- > 0 ? Promise.reject(new Error("database is locked")) : target.get(key);
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

Deno.test("a store error is retried, and a store that keeps failing refuses the call", async () => {
  const kv = await Deno.openKv(":memory:");
  const lines: string[] = [];
  try {
    const settles = createRateLimiter({ store: new KvStore(flakyKv(kv, 3)), now: () => 0 });
    assert.equal((await settles.consume("k")).allowed, true, "three failures, then it counts");
    const broken = createRateLimiter({
      store: new KvStore(flakyKv(kv, 1_000)),
      now: () => 0,
      log: (line) => lines.push(line),
    });
    const decision = await broken.consume("k");
    assert.equal(decision.allowed, false);
    assert.equal(decision.unavailable, true);
    assert.equal(lines.length, 1);
    assert.match(lines[0], /database is locked/);
  } finally {
    kv.close();
  }
});
