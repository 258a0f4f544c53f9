import assert from "node:assert/strict";
import { createMarkSamples } from "./mark_samples.ts";

const NO_OI = { longOiUsd: null, shortOiUsd: null, longCapUsd: null, shortCapUsd: null };
const OI = { longOiUsd: 5n, shortOiUsd: 6n, longCapUsd: 50n, shortCapUsd: 60n };

Deno.test("samples are kept per instrument at the injected clock, bounded, oldest dropped", () => {
  let now = 1_000_000;
  const samples = createMarkSamples({ now: () => now, capacity: 3, spacingMs: 5_000 });
  for (let i = 0; i < 5; i++) {
    samples.record(0, { markRaw: BigInt(100 + i), ...OI });
    now += 10_000;
  }
  samples.record(1, { markRaw: 7n, ...OI });
  assert.deepEqual(samples.of(0).map((s) => [s.at, s.markRaw]), [
    [1_020_000, 102n],
    [1_030_000, 103n],
    [1_040_000, 104n],
  ]);
  assert.deepEqual(samples.of(1).map((s) => s.markRaw), [7n]);
  assert.deepEqual(samples.of(2), []);
});

Deno.test("a read within the spacing replaces the last sample, keeping its open interest", () => {
  let now = 0;
  const samples = createMarkSamples({ now: () => now, spacingMs: 5_000 });
  samples.record(0, { markRaw: 100n, ...OI });
  now = 2_000;
  samples.record(0, { markRaw: 101n, ...NO_OI });
  assert.deepEqual(samples.of(0), [{ at: 2_000, markRaw: 101n, ...OI }]);
  now = 9_000;
  samples.record(0, { markRaw: 102n, ...NO_OI });
  assert.deepEqual(samples.of(0).at(-1), { at: 9_000, markRaw: 102n, ...NO_OI });
});
