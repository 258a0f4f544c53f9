import assert from "node:assert/strict";
import { createDefaultLimiter, defaultStoreKind } from "./default_limiter.ts";

const env = (values: Record<string, string>) => new Map(Object.entries(values));

Deno.test("the store is KV on Deno Deploy and memory elsewhere, unless RATE_LIMIT_STORE says", () => {
  assert.equal(defaultStoreKind(env({})), "memory");
  assert.equal(defaultStoreKind(env({ DENO_DEPLOYMENT_ID: "abc123" })), "kv");
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
    // One entry per client holding its TAT: two calls of 30 s each (limit 2 a minute).
    assert.deepEqual(keys.map((entry) => [entry.key, entry.value]), [[
      ["rate_limit", "client"],
      60_000,
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

Deno.test("the default limiter allows 60 calls a minute per client", async () => {
  const limiter = createDefaultLimiter({ env: env({}), now: () => 30_000 });
  assert.equal(limiter.limit, 60);
  assert.equal(limiter.windowMs, 60_000);
  const decision = await limiter.consume("client", 60);
  assert.equal(decision.allowed, true);
  assert.equal((await limiter.consume("client")).allowed, false);
});
