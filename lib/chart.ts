/**
 * Geometry of every server-drawn chart (`components/Chart.tsx` renders it): a true time axis
 * (x proportional to time, ticks on round UTC steps), a value axis, one path per series and
 * horizontal levels. Values arrive exact and formatted (`text`); only coordinates are numbers.
 */
import { formatUtc } from "./format.ts";

/** One plotted point: its time (ms), its value as a plotting number and its exact text. */
export interface ChartPoint {
  at: number;
  value: number;
  text: string;
}

/** One line (or, with `dots`, a few marked points) of a chart. */
export interface ChartSeries {
  label: string;
  /** Colour class, a CSS variable of the theme: `accent`, `good`, `bad`, `warn`, `muted`. */
  tone: string;
  points: ChartPoint[];
  /** Hold each value until the next point (a running total that changes at events). */
  step?: boolean;
  /** Draw the points as dots instead of a line. */
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

/** The drawing's size in SVG user units, and the space kept for labels. */
export const CHART_BOX = { width: 400, height: 200, top: 12, right: 12, bottom: 24, left: 64 };

/** Most vertices a drawn path keeps (a long history is sampled evenly, the last kept). */
const MAX_VERTICES = 240;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY]
  .concat([7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY]);

/**
 * Lays out series and levels between `from` and `to` (default: the points' first and last
 * times). Zero stays in range with `zero`. Null when no series has a point.
 */
export function chartLayout(
  series: readonly ChartSeries[],
  options: { levels?: readonly ChartLevel[]; zero?: boolean; from?: number; to?: number } = {},
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
  const { width, height, top, right, bottom, left } = CHART_BOX;
  const x = (at: number) => round(left + ((width - left - right) * (at - from)) / (to - from));
  const y = (value: number) =>
    round(top + (height - top - bottom) * (1 - (value - low) / (high - low)));
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
    paths,
    low,
    high,
    from,
    to,
    timeTicks: timeTicks(from, to, 4).map((at, _, ticks) => ({
      x: x(at),
      label: timeLabel(at, ticks, to - from),
    })),
  };
}

/**
 * Round UTC times between `from` and `to`: the smallest step of {@link STEPS} that gives at
 * most `limit` ticks, so labels fall on whole minutes, hours or days of a true time axis.
 */
export function timeTicks(from: number, to: number, limit: number): number[] {
  const step = STEPS.find((s) => (to - from) / s <= limit) ?? STEPS.at(-1)!;
  const ticks: number[] = [];
  for (let at = Math.ceil(from / step) * step; at <= to; at += step) ticks.push(at);
  return ticks;
}

/**
 * A tick's label, as short as keeps every tick of the axis apart: the time of day within a day,
 * the date for steps of whole days (the year too past a year), both when the axis crosses days
 * in steps under a day (so 12:00 and 00:00 of one day never read as the same date twice).
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
  return unit === "usd"
    ? `${sign}$${compact}`
    : unit === "paper"
    ? `${sign}${compact} PAPER`
    : `${sign}${compact}`;
}

const PRICE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/**
 * At most `limit` evenly spread indices of a series of `count` points, always keeping the
 * first and the last, so a long history gets a bounded number of vertices or table rows.
 */
export function sampleIndices(count: number, limit: number): number[] {
  if (count <= limit) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (limit - 1);
  return [...new Set(Array.from({ length: limit }, (_, i) => Math.round(i * step)))];
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
