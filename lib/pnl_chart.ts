/**
 * The wallet page's PnL chart: cumulative net PnL (adjusted PnL minus fees paid) over closed
 * trades, oldest first, and its geometry for a server-drawn SVG. Sums stay exact in bigint;
 * only the plotted coordinates become numbers.
 */
import type { Trade } from "./papertrade/mod.ts";
import { wadToNumber } from "./math/mod.ts";
import { formatUtc } from "./format.ts";

/** One point of the series: after this trade closed, the running net PnL (USD wad). */
export interface PnlPoint {
  closedAt: number;
  positionId: string;
  cumulativeNetPnl: bigint;
}

/** Running net PnL over trades given newest first (as the history sends them). */
export function cumulativePnl(tradesNewestFirst: readonly Trade[]): PnlPoint[] {
  const oldestFirst = [...tradesNewestFirst].sort((a, b) =>
    a.closedAt - b.closedAt || compareIds(a.positionId, b.positionId)
  );
  let running = 0n;
  return oldestFirst.map((trade) => {
    running += trade.netPnl;
    return { closedAt: trade.closedAt, positionId: trade.positionId, cumulativeNetPnl: running };
  });
}

/** Size of the drawing in SVG user units. */
export interface ChartBox {
  width: number;
  height: number;
  /** Empty space kept around the plot, for labels. */
  padding: { top: number; right: number; bottom: number; left: number };
}

/**
 * Scales the series into the box: x by trade order (evenly spaced, so bursts of trades stay
 * readable), y by value with zero always in range. Null for an empty series.
 */
export function chartGeometry(points: readonly PnlPoint[], box: ChartBox) {
  if (points.length === 0) return null;
  const values = [0n, ...points.map((point) => point.cumulativeNetPnl)];
  const min = values.reduce((a, b) => (b < a ? b : a));
  const max = values.reduce((a, b) => (b > a ? b : a));
  const { top, right, bottom, left } = box.padding;
  const plotWidth = box.width - left - right;
  const plotHeight = box.height - top - bottom;
  const low = wadToNumber(min);
  const span = wadToNumber(max) - low || 1;
  const x = (i: number) => left + (plotWidth * i) / (values.length - 1);
  const y = (value: bigint) => top + plotHeight * (1 - (wadToNumber(value) - low) / span);
  const path = values
    .map((value, i) => `${i === 0 ? "M" : "L"}${round(x(i))} ${round(y(value))}`)
    .join(" ");
  return {
    /** SVG path data of the line, starting at zero before the first trade. */
    path,
    zeroY: round(y(0n)),
    /** Lowest and highest running values (USD wad), zero included. */
    min,
    max,
    final: points[points.length - 1].cumulativeNetPnl,
    first: points[0].closedAt,
    last: points[points.length - 1].closedAt,
    /** Plot position of every trade's point (index i is `points[i]`), for per-point titles. */
    marks: points.map((point, i) => ({ x: round(x(i + 1)), y: round(y(point.cumulativeNetPnl)) })),
    /** y of a value, for axis ticks. */
    yOf: (value: bigint) => round(y(value)),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * At most `limit` evenly spread indices of a series of `count` points, always keeping the
 * last, so a long history gets a bounded number of hover targets.
 */
export function sampleIndices(count: number, limit: number): number[] {
  if (count <= limit) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (limit - 1);
  return [...new Set(Array.from({ length: limit }, (_, i) => Math.round(i * step)))];
}

/**
 * At most `limit` x-axis labels at evenly spread trades, the first and the last always among
 * them, in time order and all different: days when the trades span several, else times of day
 * to the minute, or to the second. A label equal to the one before it is dropped (the last
 * trade's label takes the place of the equal one before it).
 */
export function timeTicks(
  points: readonly PnlPoint[],
  limit: number,
): Array<{ index: number; label: string }> {
  const text = (i: number) => formatUtc(points[i].closedAt);
  const last = points.length - 1;
  // "YYYY-MM-DD hh:mm:ss": the date is 10 characters, the minute 16, the second 19.
  const end = [10, 16].find((n) => text(0).slice(0, n) !== text(last).slice(0, n)) ?? 19;
  const labelOf = (i: number) => end === 10 ? text(i).slice(0, 10) : text(i).slice(11, end);
  const ticks: Array<{ index: number; label: string }> = [];
  for (const index of sampleIndices(points.length, limit)) {
    const label = labelOf(index);
    if (ticks.at(-1)?.label !== label) ticks.push({ index, label });
    else if (index === last && ticks.length > 1) ticks[ticks.length - 1] = { index, label };
  }
  return ticks;
}
