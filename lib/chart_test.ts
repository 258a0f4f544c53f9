import assert from "node:assert/strict";
import {
  axisLabel,
  CHART_BOX,
  type ChartLabel,
  chartLayout,
  type ChartUnit,
  LABEL_FONT,
  labelBox,
  labelWidth,
  sampleIndices,
  timeTicks,
} from "./chart.ts";

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

Deno.test("the label width estimate is at least what a monospace or common sans font draws", () => {
  // A monospace font draws every character 0.6 em wide; Arial's widest capital is 0.94 em.
  for (const text of ["14.3M PAPER", "−$1.2B", "83,065.5", "11-29 12:00", "2026-10-06", "WWW"]) {
    assert.ok(labelWidth(text) >= text.length * 0.6 * LABEL_FONT, text);
  }
  assert.ok(labelWidth("W") >= 0.94 * LABEL_FONT);
});

Deno.test("every label of a chart lies inside its viewBox, whatever the span, unit and values", () => {
  const { width, height } = CHART_BOX;
  const cases: Array<[ChartUnit, number, number]> = [
    ["paper", 0, 14_300_000], // its top label once read "3M PAPER", clipped on the left
    ["usd", -1_234_567_890, 5_000_000_000],
    ["price", 82_000, 83_065.5],
    ["percent", -99.99, 100],
    ["count", 0, 1_234_567],
  ];
  let checked = 0;
  for (const [unit, low, high] of cases) {
    for (let hours = 1; hours <= 24 * 800; hours += hours < 96 ? 1 : 37) {
      const points = [
        { at: T0 - hours * HOUR + 17 * 60_000, value: low, text: "" },
        { at: T0, value: high, text: "" },
      ];
      const levels = [
        { label: "Entry 83,065.5", tone: "muted", value: high, text: "" },
        { label: "Bust", tone: "bad", value: low, text: "" },
      ];
      const layout = chartLayout([{ label: "a", tone: "accent", points }], {
        unit,
        zero: true,
        levels,
      })!;
      const labels: ChartLabel[] = [
        ...layout.valueLabels,
        ...layout.levelLabels,
        ...layout.timeTicks.map((tick) => ({
          x: tick.labelX,
          y: tick.labelY,
          anchor: tick.anchor,
          text: tick.label,
        })),
      ];
      for (const label of labels) {
        const box = labelBox(label);
        const where = `${unit} ${hours} h "${label.text}" ${JSON.stringify(box)}`;
        assert.ok(box.x >= 0 && box.x + box.width <= width, `x: ${where}`);
        assert.ok(box.y >= 0 && box.y + box.height <= height, `y: ${where}`);
        checked += 1;
      }
      // The value labels end left of the plot, the time labels never overlap.
      for (const label of layout.valueLabels) assert.ok(label.x < layout.left, unit);
      const boxes = labels.slice(-layout.timeTicks.length).map(labelBox);
      for (let i = 1; i < boxes.length; i++) {
        assert.ok(boxes[i - 1].x + boxes[i - 1].width <= boxes[i].x, `${hours} h: overlap`);
      }
      // The axis' last tick keeps its label.
      const ticks = timeTicks(layout.from, layout.to, 4);
      if (ticks.length > 0) assert.equal(layout.timeTicks.at(-1)!.x, layout.x(ticks.at(-1)!));
    }
    const paper = chartLayout([{
      label: "a",
      tone: "accent",
      points: [{ at: T0, value: low, text: "" }, { at: T0 + HOUR, value: high, text: "" }],
    }], { unit })!;
    if (unit === "paper") assert.ok(paper.valueLabels.some((l) => l.text === "14.3M PAPER"));
  }
  assert.ok(checked > 1000, `${checked} labels checked`);
});
