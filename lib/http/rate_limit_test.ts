/**
 * The limiter's contract, run once over each store (memory and Deno KV), so the two cannot
 * behave differently: at most `limit` calls in any span of one window, refusals only when the
 * window is really full, and a Retry-After that is exactly the wait, rounded up.
 */
import assert from "node:assert/strict";
import { MemoryStore } from "./memory_store.ts";
import { KvStore } from "./kv_store.ts";
import {
  createRateLimiter,
  describeRateLimit,
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
