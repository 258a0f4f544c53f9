import assert from "node:assert/strict";
import { axisLabel, chartLayout, sampleIndices, timeTicks } from "./chart.ts";

const T0 = Date.UTC(2026, 9, 10, 9, 30);
const HOUR = 3_600_000;

Deno.test("time ticks fall on round UTC steps inside the axis, at most the limit", () => {
  assert.deepEqual(timeTicks(T0, T0 + 4 * HOUR, 4), [
    T0 + HOUR / 2,
    T0 + 1.5 * HOUR,
    T0 + 2.5 * HOUR,
    T0 + 3.5 * HOUR,
  ]);
  const days = timeTicks(T0, T0 + 20 * 24 * HOUR, 4);
  assert.ok(days.length <= 4 && days.length >= 2);
  for (const at of days) assert.equal(at % (7 * 24 * HOUR), 0, "on whole weeks");
});

Deno.test("the layout maps time linearly and the value range to the box, zero kept on request", () => {
  const series = [{
    label: "a",
    tone: "accent",
    points: [{ at: T0, value: 10, text: "10" }, { at: T0 + HOUR, value: 20, text: "20" }],
  }];
  const plain = chartLayout(series)!;
  assert.equal(plain.low, 10);
  assert.equal(plain.high, 20);
  assert.equal(plain.paths[0], "M64 176 L388 12");
  const zero = chartLayout(series, {
    zero: true,
    levels: [{ label: "l", tone: "bad", value: 30, text: "30" }],
  })!;
  assert.deepEqual([zero.low, zero.high], [0, 30]);
  assert.equal(chartLayout([{ ...series[0], points: [] }]), null);
  const flat = chartLayout([{ ...series[0], points: [series[0].points[0]] }])!;
  assert.ok(flat.low < 10 && flat.high > 10, "a single value gets a range around it");
});

Deno.test("axis labels are compact with their unit", () => {
  assert.equal(axisLabel(14_760_000, "usd"), "$14.8M");
  assert.equal(axisLabel(-42.35, "usd"), "−$42.4");
  assert.equal(axisLabel(2_500_000, "paper"), "2.5M PAPER");
  assert.equal(axisLabel(83065.5, "price"), "83,065.5");
});

Deno.test("sampled indices are spread evenly, bounded, and keep both ends", () => {
  assert.deepEqual(sampleIndices(4, 10), [0, 1, 2, 3]);
  const sampled = sampleIndices(1_000, 150);
  assert.ok(sampled.length <= 150);
  assert.equal(sampled[0], 0);
  assert.equal(sampled[sampled.length - 1], 999);
});

Deno.test("no two ticks of a time axis read alike, whatever its span", () => {
  // A span of 25 h to 48 h ticks every 12 h: its ticks once read "10-13", "10-13".
  for (let hours = 1; hours <= 24 * 800; hours += hours < 96 ? 1 : 37) {
    const points = [{ at: T0 - hours * HOUR, value: 0, text: "0" }, {
      at: T0,
      value: 1,
      text: "1",
    }];
    const labels = chartLayout([{ label: "a", tone: "accent", points }])!.timeTicks
      .map((tick) => tick.label);
    assert.equal(new Set(labels).size, labels.length, `${hours} h: ${labels.join(", ")}`);
  }
});
