import assert from "node:assert/strict";
import { createKvSeries, MARKET_HISTORY_TIERS, type SeriesPoint } from "./series.ts";
import { kvChild } from "../../tests/support/kv_child.ts";

const PREFIX = ["market_history", "v1"];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A market sample as the market history keeps it: bigints, and an open interest that may lack. */
type Sample = { markRaw: bigint; longOiUsd: bigint | null };

Deno.test("samples from several instances collapse to one per bucket and tier; the first stays; every instance reads the same", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let clock = 10 * HOUR;
    const now = () => clock;
    const [a, b, c] = [0, 1, 2].map(() => createKvSeries<Sample>({ kv, prefix: PREFIX, now }));
    // Three instances read the mark of market 0 a second apart, over two minutes.
    for (let second = 0; second < 120; second++) {
      clock = 10 * HOUR + second * 1_000;
      const reader = [a, b, c][second % 3];
      await reader.record(0, { markRaw: 830_000n + BigInt(second), longOiUsd: null });
    }
    const from = 10 * HOUR;
    const ranges = await Promise.all([a, b, c].map((s) => s.range(0, from, clock)));
    for (const range of ranges) assert.deepEqual(range, ranges[0]);
    assert.equal(ranges[0].tier, "5s");
    assert.equal(ranges[0].points.length, 24, "one per 5 s bucket");
    assert.deepEqual(
      ranges[0].points.slice(0, 3).map((p) => [p.at - from, p.value.markRaw]),
      [[0, 830_000n], [5_000, 830_005n], [10_000, 830_010n]],
      "the first sample of each bucket",
    );
    let keys = 0;
    for await (const _ of kv.list({ prefix: [...PREFIX, 0] })) keys++;
    assert.equal(keys, 24 + 2, "24 five-second keys and 2 one-minute keys in all");
  } finally {
    kv.close();
  }
});

Deno.test("a range is read from the finest tier that holds it; past its retention a bucket is gone from every read", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let clock = 100 * HOUR;
    const series = createKvSeries<number>({ kv, prefix: PREFIX, now: () => clock });
    const start = clock;
    for (let t = start; t <= start + 3 * HOUR; t += 5_000) {
      clock = t;
      await series.record("BTC", t);
    }
    const end = clock;
    const lastHour = await series.range("BTC", end - HOUR + 5_000, end);
    assert.deepEqual([lastHour.tier, lastHour.points.length], ["5s", 720]);
    const all = await series.range("BTC", start, end);
    assert.deepEqual([all.tier, all.points.length, all.truncated], ["1m", 181, false]);
    assert.ok(all.points.every((p, i) => i === 0 || p.at > all.points[i - 1].at), "oldest first");
    // The fine tier no longer holds the range's start: read from the minute tier.
    const early = await series.range("BTC", start, start + 10 * MINUTE);
    assert.deepEqual([early.tier, early.points.length], ["1m", 11]);
    // Too many buckets for maxPoints: the newest, and said so.
    const cut = await series.range("BTC", start, end, { maxPoints: 50 });
    assert.deepEqual([cut.tier, cut.points.length, cut.truncated], ["1m", 50, true]);
    assert.equal(cut.points.at(-1)!.at, all.points.at(-1)!.at);

    const week = MARKET_HISTORY_TIERS[1].keepMs;
    clock = start + week + 30 * MINUTE; // the first half hour of minute buckets has lapsed
    const late = await series.range("BTC", start, end);
    assert.equal(late.tier, "1m");
    assert.equal(late.points[0].at, start + 31 * MINUTE);
    assert.deepEqual(await series.record("BTC", 1, start), { "5s": "expired", "1m": "expired" });
  } finally {
    kv.close();
  }
});

Deno.test("merge lets a later sample fill what the first one lacked, once", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const clock = 5 * HOUR;
    const merge = (kept: SeriesPoint<Sample>, incoming: SeriesPoint<Sample>) =>
      kept.value.longOiUsd === null && incoming.value.longOiUsd !== null
        ? { ...kept.value, longOiUsd: incoming.value.longOiUsd }
        : null;
    const series = createKvSeries<Sample>({ kv, prefix: PREFIX, now: () => clock, merge });
    const other = createKvSeries<Sample>({ kv, prefix: PREFIX, now: () => clock, merge });
    assert.deepEqual(await series.record(1, { markRaw: 251_215n, longOiUsd: null }), {
      "5s": "written",
      "1m": "written",
    });
    assert.deepEqual(await other.record(1, { markRaw: 251_300n, longOiUsd: 7n }, clock + 1), {
      "5s": "merged",
      "1m": "merged",
    });
    assert.deepEqual(await series.record(1, { markRaw: 251_400n, longOiUsd: 9n }, clock + 2), {
      "5s": "kept",
      "1m": "kept",
    });
    const { points } = await other.range(1, clock, clock);
    assert.deepEqual(points, [{ at: clock, value: { markRaw: 251_215n, longOiUsd: 7n } }]);
  } finally {
    kv.close();
  }
});

Deno.test("a sample over KV's value limit is refused with a clear error; a chart is one bounded list read", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const lists: Array<{ limit?: number; batchSize?: number }> = [];
    const counted = new Proxy(kv, {
      get(target, name) {
        if (name === "list") {
          return (selector: Deno.KvListSelector, options: Deno.KvListOptions) => {
            lists.push({ limit: options?.limit, batchSize: options?.batchSize });
            return target.list(selector, options);
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const series = createKvSeries<string>({ kv: counted, prefix: PREFIX, now: () => HOUR });
    await assert.rejects(
      series.record("BTC", "x".repeat(70 * 1024)),
      (error: Error) =>
        error instanceof RangeError && /over the 61440-byte limit/.test(error.message),
    );
    await series.record("BTC", "ok");
    await series.range("BTC", 0, HOUR, { maxPoints: 300 });
    assert.deepEqual(lists, [{ limit: 300, batchSize: 300 }]);
  } finally {
    kv.close();
  }
});

Deno.test("two processes on one KV file record the same market: one key per bucket, the same history read by both", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const base = 1_800_000_000_000;
  // The child records marks 0..59 s after `base`, one a second; so does this process, with other
  // values, interleaved: whichever came first in a bucket stays, for both.
  const child = kvChild<{ done: boolean; points: unknown }>(`
    import { createKvSeries } from ${JSON.stringify(new URL("./series.ts", import.meta.url).href)};
    const kv = await Deno.openKv(${JSON.stringify(path)});
    let clock = ${base};
    const series = createKvSeries({ kv, prefix: ${JSON.stringify(PREFIX)}, now: () => clock });
    for (let s = 0; s < 60; s++) {
      clock = ${base} + s * 1000;
      await series.record("ETH", { markRaw: 1000n + BigInt(s), by: "child" });
    }
    const range = await series.range("ETH", ${base}, ${base} + 59_000);
    console.log(JSON.stringify({ done: true, points: range.points.map((p) => [p.at, String(p.value.markRaw), p.value.by]) }));`);
  try {
    const kv = await Deno.openKv(path);
    let clock = base;
    const series = createKvSeries<{ markRaw: bigint; by: string }>({
      kv,
      prefix: PREFIX,
      now: () => clock,
    });
    for (let s = 0; s < 60; s++) {
      clock = base + s * 1000;
      await series.record("ETH", { markRaw: 2000n + BigInt(s), by: "parent" });
    }
    const { points: childPoints } = await child.until((line) => line.done);
    const mine = (await series.range("ETH", base, base + 59_000)).points
      .map((p) => [p.at, String(p.value.markRaw), p.value.by]);
    kv.close();
    assert.equal(mine.length, 12);
    assert.deepEqual(childPoints, mine);
  } finally {
    child.kill("SIGKILL");
    await child.exited;
    await Deno.remove(path).catch(() => {});
  }
});
