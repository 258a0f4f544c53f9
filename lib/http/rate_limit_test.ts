/**
 * The limiter's contract, run once over each store (memory and Deno KV), so the two cannot
 * behave differently: at most `limit` calls in any span of one window, refusals only when the
 * window is really full, and a Retry-After that is exactly the wait, rounded up.
 */
import assert from "node:assert/strict";
import {
  createDefaultLimiter,
  createRateLimiter,
  defaultStoreKind,
  describeRateLimit,
  KvStore,
  MemoryStore,
  type RateLimitStore,
  refusalStatus,
} from "./rate_limit.ts";

const STORES: [string, () => Promise<{ store: RateLimitStore; close(): void }>][] = [
  ["memory", () => Promise.resolve({ store: new MemoryStore(), close() {} })],
  ["kv", async () => {
    const kv = await Deno.openKv(":memory:");
    return { store: new KvStore(kv), close: () => kv.close() };
  }],
];

for (const [name, open] of STORES) {
  const withStore = async (body: (store: RateLimitStore) => Promise<void>) => {
    const opened = await open();
    try {
      await body(opened.store);
    } finally {
      opened.close();
    }
  };

  Deno.test(`${name}: a full budget spent at once buys nothing more until its calls leave the window`, async () => {
    await withStore(async (store) => {
      let now = 1_000_000;
      const limiter = createRateLimiter({ store, now: () => now });
      for (let call = 1; call <= 60; call++) {
        const decision = await limiter.consume("alice");
        assert.equal(decision.allowed, true, `call ${call}`);
        assert.equal(decision.remaining, 60 - call);
      }
      // A GCRA gives one call back every second; here nothing comes back for the whole window.
      for (let offset = 0; offset < 60_000; offset += 500) {
        now = 1_000_000 + offset;
        const refused = await limiter.consume("alice");
        assert.equal(refused.allowed, false, `at +${offset} ms`);
        assert.equal(refused.retryAfterSeconds, Math.max(1, Math.ceil((60_000 - offset) / 1000)));
      }
      assert.equal((await limiter.consume("bob")).allowed, true, "other keys have their own");
      now = 1_060_000;
      const back = await limiter.consume("alice", 60);
      assert.equal(back.allowed, true, "the whole budget is back one window later");
    });
  });

  Deno.test(`${name}: Retry-After is the exact wait for the oldest call to leave, rounded up`, async () => {
    await withStore(async (store) => {
      let now = 0;
      const limiter = createRateLimiter({ limit: 3, windowMs: 10_000, store, now: () => now });
      for (const at of [0, 2_500, 4_000]) {
        now = at;
        assert.equal((await limiter.consume("k")).allowed, true);
      }
      now = 7_000;
      const refused = await limiter.consume("k");
      assert.equal(refused.retryAfterSeconds, 3, "the call at 0 leaves at 10 s");
      now = 9_999;
      assert.equal((await limiter.consume("k")).allowed, false, "not early");
      now = 10_000;
      assert.equal((await limiter.consume("k")).allowed, true, "and not late");
      now = 10_001;
      const next = await limiter.consume("k", 2);
      assert.equal(next.allowed, false);
      assert.equal(next.retryAfterSeconds, 4, "two calls fit once the one at 4 s leaves: 3.999 s");
    });
  });

  Deno.test(`${name}: a batch that does not fit is refused whole, spends nothing and gets its wait`, async () => {
    await withStore(async (store) => {
      let now = 0;
      const limiter = createRateLimiter({ limit: 10, store, now: () => now });
      assert.equal((await limiter.consume("k", 7)).allowed, true);
      now = 6_000;
      const refused = await limiter.consume("k", 4);
      assert.equal(refused.allowed, false);
      assert.equal(refused.remaining, 3);
      assert.equal(refused.cost, 4);
      assert.equal(refused.retryAfterSeconds, 54, "the 7 calls at 0 leave at 60 s");
      assert.equal(
        (await limiter.consume("k", 3)).allowed,
        true,
        "the refused batch spent nothing",
      );
      assert.equal((await limiter.consume("k", 1)).allowed, false);
    });
  });

  Deno.test(`${name}: no span of one window ever holds more than the limit, and no refusal is early`, async () => {
    await withStore(async (store) => {
      const limit = 60;
      const windowMs = 60_000;
      let now = 5_000_000;
      const limiter = createRateLimiter({ store, now: () => now });
      const allowed: number[] = [];
      let seed = 7;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      for (let attempt = 0; attempt < 1_500; attempt++) {
        now += Math.floor(random() * 600); // about 3.3 calls a second, bursty
        const cost = 1 + Math.floor(random() * 4);
        const decision = await limiter.consume("k", cost);
        const inWindow = allowed.filter((time) => time > now - windowMs).length;
        assert.equal(decision.allowed, inWindow + cost <= limit, `attempt ${attempt}`);
        if (decision.allowed) allowed.push(...new Array(cost).fill(now));
        else {
          // The wait until `cost` more fit, from the calls actually allowed.
          const leaving = allowed.filter((time) => time > now - windowMs);
          const waitMs = leaving[inWindow + cost - limit - 1] + windowMs - now;
          assert.equal(decision.retryAfterSeconds, Math.max(1, Math.ceil(waitMs / 1000)));
        }
      }
      for (const start of allowed) {
        const inSpan = allowed.filter((time) => time >= start && time < start + windowMs).length;
        assert.ok(inSpan <= limit, `${inSpan} calls in the 60 s from ${start}`);
      }
      assert.ok(allowed.length > 400, `allowed ${allowed.length}`);
    });
  });
}

Deno.test("a failing store refuses the call as unavailable and says so once per interval", async () => {
  let now = 0;
  const lines: string[] = [];
  const broken: RateLimitStore = { consume: () => Promise.reject(new Error("database is locked")) };
  const limiter = createRateLimiter({ store: broken, now: () => now, log: (l) => lines.push(l) });
  for (let call = 0; call < 50; call++) {
    const decision = await limiter.consume("k");
    assert.equal(decision.allowed, false);
    assert.equal(refusalStatus(decision), 503);
    assert.equal(decision.retryAfterSeconds, 1);
  }
  assert.equal(lines.length, 1);
  assert.ok(lines[0].includes("503") && lines[0].includes("database is locked"), lines[0]);
  now = 60_000;
  await limiter.consume("k");
  assert.equal(lines.length, 2);
  assert.match(lines[1], /\b49\b/, "the next line counts the refusals it did not log");
  const text = describeRateLimit(await limiter.consume("k"));
  assert.match(text, /\b1 s\b/, "it says when to retry");
});

Deno.test("the 429 sentence says what was limited and when to retry", async () => {
  const limiter = createRateLimiter({ limit: 2, now: () => 30_000 });
  await limiter.consume("k", 2);
  const decision = await limiter.consume("k", 2);
  assert.equal(refusalStatus(decision), 429);
  const text = describeRateLimit(decision);
  // The figures: the limit, its window, what this request needed, when to retry.
  assert.equal(text.match(/\b2 tool calls\b/g)?.length, 2, text);
  assert.equal(text.match(/\b60 s\b/g)?.length, 2, text);
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
    const store = new KvStore(kv);
    const limiters = [0, 1, 2].map(() => createRateLimiter({ limit: 20, store, now: () => 7 }));
    const decisions = await Promise.all(
      Array.from({ length: 30 }, (_, index) => limiters[index % 3].consume("busy")),
    );
    const allowed = decisions.filter((decision) => decision.allowed).length;
    const stored = await kv.get<number[]>(["rate_limit", "log", "busy"]);
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

const env = (values: Record<string, string>) => new Map(Object.entries(values));

Deno.test("the store is KV on Deno Deploy or with KV_PATH, else memory, unless RATE_LIMIT_STORE says", () => {
  assert.equal(defaultStoreKind(env({})), "memory");
  assert.equal(defaultStoreKind(env({ DENO_DEPLOYMENT_ID: "abc123" })), "kv");
  assert.equal(defaultStoreKind(env({ KV_PATH: "/tmp/explorer.kv" })), "kv");
  assert.equal(defaultStoreKind(env({ KV_PATH: " " })), "memory");
  assert.equal(
    defaultStoreKind(env({ KV_PATH: "/tmp/x.kv", RATE_LIMIT_STORE: "memory" })),
    "memory",
  );
  assert.equal(
    defaultStoreKind(env({ DENO_DEPLOYMENT_ID: "abc123", RATE_LIMIT_STORE: "memory" })),
    "memory",
  );
  assert.equal(defaultStoreKind(env({ RATE_LIMIT_STORE: " KV " })), "kv");
  assert.equal(defaultStoreKind(env({ RATE_LIMIT_STORE: "redis" })), "memory");
});

Deno.test("the KV limiter opens the database once, on the first call, and counts in it", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let opened = 0;
    const limiter = createDefaultLimiter({
      env: env({ DENO_DEPLOYMENT_ID: "abc123" }),
      now: () => 0,
      limit: 2,
      openKv: () => {
        opened += 1;
        return Promise.resolve(kv);
      },
    });
    assert.equal(opened, 0);
    assert.equal((await limiter.consume("client")).allowed, true);
    assert.equal((await limiter.consume("client")).allowed, true);
    assert.equal((await limiter.consume("client")).allowed, false);
    assert.equal(opened, 1);
    const keys = [];
    for await (const entry of kv.list({ prefix: ["rate_limit"] })) keys.push(entry);
    // One entry per client holding the times of its calls in the window.
    assert.deepEqual(keys.map((entry) => [entry.key, entry.value]), [[
      ["rate_limit", "log", "client"],
      [0, 0],
    ]]);
  } finally {
    kv.close();
  }
});

Deno.test("when KV will not open, the limiter says so once and counts in memory", async () => {
  const problems: unknown[] = [];
  const limiter = createDefaultLimiter({
    env: env({ RATE_LIMIT_STORE: "kv" }),
    now: () => 0,
    limit: 1,
    openKv: () => Promise.reject(new Error("no kv here")),
    onKvError: (error) => problems.push(error),
  });
  assert.equal((await limiter.consume("client")).allowed, true);
  assert.equal((await limiter.consume("client")).allowed, false);
  assert.equal(problems.length, 1);
});

Deno.test("the default limiter allows 60 calls per client in any 60 s", async () => {
  const limiter = createDefaultLimiter({ env: env({}), now: () => 30_000 });
  assert.equal(limiter.limit, 60);
  assert.equal(limiter.windowMs, 60_000);
  const decision = await limiter.consume("client", 60);
  assert.equal(decision.allowed, true);
  assert.equal((await limiter.consume("client")).allowed, false);
});
