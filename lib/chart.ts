/**
 * Geometry of every server-drawn chart (`components/Chart.tsx`): a true time axis (ticks on round
 * UTC steps), a value axis, a path per series, horizontal levels. Values arrive formatted (`text`);
 * only coordinates are numbers.
 */
import { formatUtc } from "./format.ts";

/** `at` in ms; `value` only plots, `text` is the exact figure. */
export interface ChartPoint {
  at: number;
  value: number;
  text: string;
}

export interface ChartSeries {
  label: string;
  /** Colour class, a CSS variable of the theme: `accent`, `good`, `bad`, `warn`, `muted`. */
  tone: string;
  points: ChartPoint[];
  /** Hold each value until the next point (a running total that changes at events). */
  step?: boolean;
  /** Points as dots instead of a line. */
  dots?: boolean;
}

/** A horizontal reference line (an entry or a bust price). */
export interface ChartLevel {
  label: string;
  tone: string;
  value: number;
  text: string;
}

export type ChartUnit = "usd" | "count" | "paper" | "price" | "percent";

/** In SVG user units, with the space kept for labels. */
export const CHART_BOX = { width: 400, height: 200, top: 12, right: 12, bottom: 24, left: 64 };

/**
 * The labels' font size in SVG user units (`.chart-svg .label` in static/style.css), and how far
 * their glyphs may reach above and below the baseline, in em (conservative).
 */
export const LABEL_FONT = 12;
export const LABEL_ASCENT = 0.95;
export const LABEL_DESCENT = 0.3;

/**
 * A label's width, estimated wider than any common sans-serif or monospace font draws it (an em for
 * the widest letters, 0.75 for capitals, 0.62 for digits and lower case) so it is never clipped.
 */
export function labelWidth(text: string): number {
  let em = 0;
  for (const char of text) {
    em += /[MWmw@%]/.test(char) ? 1 : /[A-Z$&−—]/.test(char) ? 0.75 : 0.62;
  }
  return Math.ceil(em * LABEL_FONT);
}

export interface ChartLabel {
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
  text: string;
}

/** The box a label's glyphs can cover (by {@link labelWidth}), for checks and placement. */
export function labelBox(label: ChartLabel) {
  const width = labelWidth(label.text);
  return {
    x: label.x - width * { start: 0, middle: 0.5, end: 1 }[label.anchor],
    y: label.y - LABEL_ASCENT * LABEL_FONT,
    width,
    height: (LABEL_ASCENT + LABEL_DESCENT) * LABEL_FONT,
  };
}

/** Most vertices a drawn path keeps (a long history is sampled evenly, the last kept). */
const MAX_VERTICES = 240;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY]
  .concat([7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY]);

/**
 * Lays out series and levels between `from` and `to` (default the points' first and last times),
 * zero kept in range with `zero`. Null when no series has a point.
 */
export function chartLayout(
  series: readonly ChartSeries[],
  options: {
    levels?: readonly ChartLevel[];
    zero?: boolean;
    from?: number;
    to?: number;
    /** The value axis' unit (its labels' format); default a plain count. */
    unit?: ChartUnit;
  } = {},
) {
  const points = series.flatMap((one) => one.points);
  if (points.length === 0) return null;
  const values = [
    ...points.map((p) => p.value),
    ...(options.levels ?? []).map((l) => l.value),
    ...(options.zero ? [0] : []),
  ];
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    [low, high] = [low - (Math.abs(low) || 1) / 10, high + (Math.abs(high) || 1) / 10];
  }
  const from = options.from ?? Math.min(...points.map((p) => p.at));
  const to = Math.max(options.to ?? Math.max(...points.map((p) => p.at)), from + 1);
  const { width, height, top, right, bottom } = CHART_BOX;
  const unit = options.unit ?? "count";
  const y = (value: number) =>
    round(top + (height - top - bottom) * (1 - (value - low) / (high - low)));
  // The value axis: its ends and zero, labels at least 14 units apart, and the left margin
  // as wide as its longest label needs.
  const valueTicks = [low, high, ...(options.zero ? [0] : [])].filter((v, i, all) =>
    all.findIndex((w) => Math.abs(y(w) - y(v)) < 14) === i
  );
  const valueTexts = valueTicks.map((value) => axisLabel(value, unit));
  const left = Math.max(CHART_BOX.left, ...valueTexts.map((text) => labelWidth(text) + 6 + 2));
  const x = (at: number) => round(left + ((width - left - right) * (at - from)) / (to - from));
  const valueLabels: ChartLabel[] = valueTicks.map((value, i) => ({
    x: left - 6,
    y: clampBaseline(y(value) + 4),
    anchor: "end",
    text: valueTexts[i],
  }));
  const levelLabels: ChartLabel[] = (options.levels ?? []).map((level) => {
    const at = y(level.value);
    // Above its line, or below it where the top edge would cut it.
    const above = at - 3;
    return {
      x: width - right - 2,
      y: above - LABEL_ASCENT * LABEL_FONT < 0
        ? clampBaseline(at + 3 + LABEL_ASCENT * LABEL_FONT)
        : above,
      anchor: "end",
      text: level.label,
    };
  });
  const paths = series.map((one) => {
    const kept = sampleIndices(one.points.length, MAX_VERTICES).map((i) => one.points[i]);
    return kept.map((p, i) =>
      i === 0
        ? `M${x(p.at)} ${y(p.value)}`
        : one.step
        ? `H${x(p.at)} V${y(p.value)}`
        : `L${x(p.at)} ${y(p.value)}`
    ).join(" ");
  });
  return {
    x,
    y,
    left,
    paths,
    low,
    high,
    from,
    to,
    valueLabels,
    levelLabels,
    timeTicks: timeLabels(
      timeTicks(from, to, 4).map((at, _, ticks) => ({
        x: x(at),
        label: timeLabel(at, ticks, to - from),
      })),
    ),
  };
}

/** A baseline moved so its label's glyphs stay inside the drawing's height. */
function clampBaseline(baseline: number): number {
  const { height } = CHART_BOX;
  return Math.min(
    Math.max(baseline, LABEL_ASCENT * LABEL_FONT),
    height - LABEL_DESCENT * LABEL_FONT,
  );
}

/**
 * Time labels centred on their ticks; one crossing an edge is anchored to it, and one that then
 * overlaps its neighbour is dropped (the last is kept).
 */
function timeLabels(ticks: readonly { x: number; label: string }[]) {
  const { width, height } = CHART_BOX;
  const placed = ticks.map((tick) => {
    const half = labelWidth(tick.label) / 2;
    const anchor: ChartLabel["anchor"] = tick.x + half > width - 2
      ? "end"
      : tick.x - half < 2
      ? "start"
      : "middle";
    const labelX = anchor === "end" ? width - 2 : anchor === "start" ? 2 : tick.x;
    const box = labelBox({ x: labelX, y: height - 6, anchor, text: tick.label });
    return { ...tick, labelX, anchor, labelY: height - 6, box };
  });
  const kept: typeof placed = [];
  for (const tick of placed.toReversed()) {
    if (kept[0] && tick.box.x + tick.box.width + 4 > kept[0].box.x) continue;
    kept.unshift(tick);
  }
  return kept;
}

/**
 * Round UTC times between `from` and `to` on the smallest step of {@link STEPS} giving at most
 * `limit` ticks.
 */
export function timeTicks(from: number, to: number, limit: number): number[] {
  const step = STEPS.find((s) => (to - from) / s <= limit) ?? STEPS.at(-1)!;
  const ticks: number[] = [];
  for (let at = Math.ceil(from / step) * step; at <= to; at += step) ticks.push(at);
  return ticks;
}

/**
 * A tick's shortest distinct label: the time within a day, the date for whole-day steps (with the
 * year past a year), both when sub-day steps cross days (so two ticks never read the same).
 */
function timeLabel(at: number, ticks: readonly number[], span: number): string {
  const text = formatUtc(at); // 2026-10-13 12:00:00 UTC
  const step = ticks.length > 1 ? ticks[1] - ticks[0] : span;
  if (span <= DAY) return text.slice(11, 16);
  if (step < DAY) return `${text.slice(5, 10)} ${text.slice(11, 16)}`;
  return span > 365 * DAY ? text.slice(0, 10) : text.slice(5, 10);
}

export function axisLabel(value: number, unit: ChartUnit): string {
  const sign = value < 0 ? "−" : "";
  if (unit === "price") return `${sign}${PRICE.format(Math.abs(value))}`;
  if (unit === "percent") return `${sign}${Math.abs(value).toFixed(2)}%`;
  const compact = COMPACT.format(Math.abs(value));
  return `${sign}${unit === "usd" ? "$" : ""}${compact}${unit === "paper" ? " PAPER" : ""}`;
}

const PRICE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/**
 * At most `limit` evenly spread indices of `count` points, first and last kept, bounding a long
 * history's vertices or table rows.
 */
export function sampleIndices(count: number, limit: number): number[] {
  if (count <= limit) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (limit - 1);
  return [...new Set(Array.from({ length: limit }, (_, i) => Math.round(i * step)))];
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}
