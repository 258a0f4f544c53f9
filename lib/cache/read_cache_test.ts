import assert from "node:assert/strict";
import { createReadCache, type ReadCacheOptions } from "./read_cache.ts";
import { withFreshnessScope } from "./freshness.ts";
import type { ReadLifetime } from "./read_cache.ts";

const LIFETIME: ReadLifetime = {
  freshMs: 1_000,
  revalidateMs: 4_000,
  lastGoodMs: 60_000,
  reason: "test",
};

/** A cache on a clock the test moves, and a loader whose answers the test settles. */
function setup(options: ReadCacheOptions = {}) {
  const clock = { t: 1_000_000 };
  const cache = createReadCache({ now: () => clock.t, ...options });
  const pending: Array<PromiseWithResolvers<string>> = [];
  let loads = 0;
  const load = () => {
    loads++;
    const next = Promise.withResolvers<string>();
    pending.push(next);
    return next.promise;
  };
  /** A read of "k" whose upstream read answers `value`. */
  const answered = (value: string) => {
    const read = cache.getOrLoad("k", LIFETIME, load);
    pending.at(-1)!.resolve(value);
    return read;
  };
  return { clock, cache, pending, load, loads: () => loads, answered };
}

Deno.test("concurrent identical reads share one upstream read", async () => {
  const { cache, pending, load, loads } = setup();
  const readers = Array.from({ length: 50 }, () => cache.getOrLoad("k", LIFETIME, load));
  assert.equal(loads(), 1);
  pending[0].resolve("answer");
  assert.deepEqual(await Promise.all(readers), Array(50).fill("answer"));
});

Deno.test("an answer is served from memory while fresh, then re-read", async () => {
  const { clock, cache, pending, load, loads, answered } = setup({ retryAfterErrorMs: 0 });
  assert.equal(await answered("one"), "one");
  clock.t += 999;
  assert.equal(await cache.getOrLoad("k", LIFETIME, load), "one");
  assert.equal(loads(), 1);
  clock.t += 1 + LIFETIME.revalidateMs; // past fresh and the revalidate window: must wait
  const second = cache.getOrLoad("k", LIFETIME, load);
  assert.equal(loads(), 2);
  pending[1].resolve("two");
  assert.equal(await second, "two");
});

Deno.test("stale-while-revalidate serves the kept answer at once and refreshes once", async () => {
  const { clock, cache, pending, load, loads, answered } = setup();
  await answered("old");
  clock.t += 1_500;
  assert.equal(await cache.getOrLoad("k", LIFETIME, load), "old");
  assert.equal(await cache.getOrLoad("k", LIFETIME, load), "old");
  assert.equal(loads(), 1 + 1, "one background read for both");
  pending[1].resolve("new");
  await pending[1].promise;
  await Promise.resolve();
  assert.equal(await cache.getOrLoad("k", LIFETIME, load), "new");
});

Deno.test("stale-if-error serves the last good answer with its age, noted in the scope", async () => {
  const { clock, cache, pending, load, answered } = setup();
  await answered("good");
  const readAt = clock.t;
  clock.t += 30_000;
  const { scope, result } = withFreshnessScope(() => cache.getOrLoad("k", LIFETIME, load));
  pending[1].reject(new Error("upstream down"));
  assert.equal(await result, "good");
  assert.deepEqual(scope.reads, [{ key: "k", asOf: readAt, ageMs: 30_000 }]);
  assert.equal(cache.stats().staleServed, 1);
});

Deno.test("right after a failure the stale answer comes without another upstream read", async () => {
  const { clock, cache, pending, load, loads, answered } = setup({ retryAfterErrorMs: 2_000 });
  await answered("good");
  clock.t += 10_000;
  const failing = cache.getOrLoad("k", LIFETIME, load);
  pending[1].reject(new Error("down"));
  assert.equal(await failing, "good");
  clock.t += 1_000;
  assert.equal(await cache.getOrLoad("k", LIFETIME, load), "good");
  assert.equal(loads(), 2);
  clock.t += 1_500; // the pause is over: the upstream is asked again
  const retry = cache.getOrLoad("k", LIFETIME, load);
  assert.equal(loads(), 3);
  pending[2].resolve("back");
  assert.equal(await retry, "back");
});

Deno.test("a failure with nothing kept, too old a copy, or no outage is thrown", async () => {
  const { clock, cache, pending, load, answered } = setup({
    isOutage: (error) => (error as Error).message !== "not found",
  });
  const none = cache.getOrLoad("k", LIFETIME, load);
  pending[0].reject(new Error("down"));
  await assert.rejects(none, /down/);
  await answered("good");
  clock.t += 10_000;
  const answer = cache.getOrLoad("k", LIFETIME, load);
  pending[2].reject(new Error("not found"));
  await assert.rejects(answer, /not found/);
  clock.t += LIFETIME.lastGoodMs;
  const tooOld = cache.getOrLoad("k", LIFETIME, load);
  pending[3].reject(new Error("down"));
  await assert.rejects(tooOld, /down/);
});

Deno.test("a caller that gives up stops waiting without cancelling the shared read", async () => {
  const { cache, pending, load } = setup();
  const leaving = new AbortController();
  const impatient = cache.getOrLoad("k", LIFETIME, load, leaving.signal);
  const patient = cache.getOrLoad("k", LIFETIME, load);
  leaving.abort(new Error("gone"));
  await assert.rejects(impatient, /gone/);
  pending[0].resolve("done");
  assert.equal(await patient, "done");
});

Deno.test("memory is bounded by entries and by bytes, least recently used first", async () => {
  const { cache } = setup({ maxEntries: 3, maxBytes: 1_000 });
  const value = (text: string) => () => Promise.resolve(text);
  for (const key of ["a", "b", "c"]) await cache.getOrLoad(key, LIFETIME, value(key));
  await cache.getOrLoad("a", LIFETIME, value("a")); // a is now the most recent
  await cache.getOrLoad("d", LIFETIME, value("d"));
  assert.equal(cache.stats().entries, 3);
  let reloaded = 0;
  await cache.getOrLoad("b", LIFETIME, () => (reloaded++, Promise.resolve("b")));
  assert.equal(reloaded, 1, "b was evicted");
  await cache.getOrLoad("a", LIFETIME, () => (reloaded++, Promise.resolve("a")));
  assert.equal(reloaded, 1, "a was kept");
  await cache.getOrLoad("big", LIFETIME, value("x".repeat(200)));
  assert.ok(cache.stats().bytes <= 1_000, `bytes ${cache.stats().bytes}`);
  await cache.getOrLoad("huge", LIFETIME, value("x".repeat(400)));
  assert.ok(cache.stats().bytes <= 1_000);
});

Deno.test("kept answers are frozen, so no reader can change them for the others", async () => {
  const { cache } = setup();
  const kept = await cache.getOrLoad("k", LIFETIME, () => Promise.resolve({ list: [1, 2] }));
  assert.throws(() => (kept.list as number[]).push(3), TypeError);
});

Deno.test("last good answers go to the second store and come back in a fresh cache", async () => {
  const stored = new Map<string, { value: unknown; storedAt: number; keepMs: number }>();
  const lastGood = {
    get: (key: string) => Promise.resolve(stored.get(key)),
    set: (key: string, value: unknown, storedAt: number, keepMs: number) => {
      stored.set(key, { value, storedAt, keepMs });
      return Promise.resolve();
    },
  };
  const first = setup({ lastGood, persistEveryMs: 30_000 });
  await first.cache.getOrLoad("k", LIFETIME, () => Promise.resolve("v1"));
  first.clock.t += 5_000;
  await first.cache.getOrLoad("k", LIFETIME, () => Promise.resolve("v2"));
  assert.equal(stored.get("k")?.value, "v1", "written at most once per persistEveryMs");
  assert.equal(stored.get("k")?.keepMs, LIFETIME.lastGoodMs);

  const fresh = setup({ lastGood });
  fresh.clock.t = first.clock.t + 1_000;
  const { scope, result } = withFreshnessScope(() =>
    fresh.cache.getOrLoad("k", LIFETIME, () => Promise.reject(new Error("down")))
  );
  assert.equal(await result, "v1");
  assert.equal(scope.reads[0].asOf, stored.get("k")?.storedAt);
});

Deno.test("once a refresh has failed, every reader of the kept copy gets it labelled stale", async () => {
  const { clock, cache, pending, load, answered } = setup();
  await answered("kept");
  clock.t += 1_500; // past fresh: served at once while one refresh goes out
  const unlabelled = withFreshnessScope(() => cache.getOrLoad("k", LIFETIME, load));
  assert.equal(await unlabelled.result, "kept");
  assert.deepEqual(unlabelled.scope.reads, [], "the upstream has not failed yet");
  pending[1].reject(new Error("upstream down"));
  await pending[1].promise.catch(() => {});
  await Promise.resolve();
  for (const reader of [1, 2, 3]) {
    const { scope, result } = withFreshnessScope(() => cache.getOrLoad("k", LIFETIME, load));
    assert.equal(await result, "kept");
    assert.equal(scope.reads.length, 1, `reader ${reader} is told it is stale`);
  }
});

Deno.test("a reader that has already left (its signal aborted) leaves no unhandled rejection when the read then fails", async () => {
  const { cache, pending, load } = setup();
  const left = new AbortController();
  left.abort(new Error("the visitor left"));
  await assert.rejects(cache.getOrLoad("k", LIFETIME, load, left.signal), /the visitor left/);
  // The read started for it fails afterwards: Deno ends a process on an unhandled rejection,
  // and fails this test the same way.
  pending[0].reject(new Error("upstream unreachable"));
  await new Promise((resolve) => setTimeout(resolve, 10));
});
