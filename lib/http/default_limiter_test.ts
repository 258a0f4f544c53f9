import assert from "node:assert/strict";
import { createDefaultLimiter, defaultStoreKind } from "./default_limiter.ts";

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
