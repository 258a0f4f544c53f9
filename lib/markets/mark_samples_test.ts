import assert from "node:assert/strict";
import { createMarkSamples } from "./mark_samples.ts";
import type { Mark } from "../marks.ts";

const mark = (markRaw: bigint) =>
  new Map<number, Mark>([[0, {
    instrumentId: 0,
    symbol: "BTC",
    priceScale: 10n,
    markRaw,
    bid: markRaw,
    ask: markRaw,
    at: 0,
    source: "bbo",
  }]]);

const market = (markRaw: bigint, oi: bigint) => ({
  instrumentId: 0,
  mark: { markRaw },
  longOiUsd: oi,
  shortOiUsd: oi,
  longCapUsd: 100n,
  shortCapUsd: 100n,
});

Deno.test("steady reads keep one sample per 5 s bucket, the first of each, not one moving last sample", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let now = 1_800_000_000_000;
    const samples = createMarkSamples({ kv, now: () => now });
    const start = now;
    for (let second = 0; second < 60; second++) {
      now = start + second * 1_000;
      await samples.recordMarks(mark(1_000n + BigInt(second)));
    }
    const kept = await samples.of(0);
    assert.deepEqual(
      kept.map((sample) => [sample.at - start, sample.markRaw]),
      Array.from({ length: 12 }, (_, i) => [i * 5_000, 1_000n + BigInt(i * 5)]),
    );
  } finally {
    kv.close();
  }
});

Deno.test("instances on one KV draw the same history, a new one (a restart) too; a mark-only read fills no open interest but a later one does", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let now = 1_800_000_000_000;
    const clock = () => now;
    const [a, b] = [0, 1].map(() => createMarkSamples({ kv, now: clock }));
    const start = now;
    for (let second = 0; second < 30; second++) {
      now = start + second * 1_000;
      if (second % 2 === 0) await a.recordMarks(mark(500n + BigInt(second)));
      else await b.recordMarkets([market(900n + BigInt(second), BigInt(second)) as never]);
    }
    const fromA = await a.of(0);
    assert.deepEqual(await b.of(0), fromA);
    const restarted = createMarkSamples({ kv, now: clock });
    assert.deepEqual(await restarted.of(0), fromA);
    assert.equal(fromA.length, 6);
    // Each bucket's first sample (a's mark at an even second) kept its mark; b's read a second
    // later filled the open interest it lacked.
    assert.deepEqual(fromA[0], {
      at: start,
      markRaw: 500n,
      longOiUsd: 1n,
      shortOiUsd: 1n,
      longCapUsd: 100n,
      shortCapUsd: 100n,
    });
    // An hour on, the 5 s samples have lapsed: the minute samples remain.
    now = start + 2 * 60 * 60_000;
    assert.deepEqual(await a.of(0), []);
    const day = await a.of(0, { from: start - 1 });
    assert.deepEqual(day.map((s) => s.at), [start]);
  } finally {
    kv.close();
  }
});

Deno.test("a chart since long ago reads the last hour from the 5 s samples, however the clock moves while it reads", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let now = 1_800_000_000_000;
    const start = now;
    // A clock that moves a few milliseconds at every look, as a real one does between two calls.
    const samples = createMarkSamples({ kv, now: () => (now += 3) });
    for (let second = 0; second < 60; second += 5) {
      now = start + second * 1_000 + 1;
      await samples.recordMarks(mark(1_000n + BigInt(second)));
    }
    now = start + 60_000;
    const kept = await samples.of(0, { from: start - 30 * 86_400_000, to: start + 60_000 });
    assert.equal(kept.length, 12, "every 5 s sample of the last hour, not one a minute");
  } finally {
    kv.close();
  }
});
