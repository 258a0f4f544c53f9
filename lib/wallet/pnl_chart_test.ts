import assert from "node:assert/strict";
import type { Trade } from "../papertrade/mod.ts";
import { pnlSeries } from "./pnl_chart.ts";
import { chartLayout } from "../chart.ts";

const WAD = 10n ** 18n;

function trade(positionId: string, closedAt: number, adjusted: bigint, fee: bigint): Trade {
  return {
    positionId,
    instrumentId: 0,
    isLong: true,
    leverage: 10,
    margin: 100n * WAD,
    entryPrice: 830000n,
    exitPrice: 831000n,
    openedAt: closedAt - 60_000,
    closedAt,
    liquidated: false,
    adjustedPnl: adjusted,
    userPaidFee: fee,
    netPnl: adjusted - fee,
    paperMinted: 0n,
    intentId: null,
    txHash: null,
  };
}

Deno.test("cumulative PnL runs oldest first over net PnL (adjusted minus fees)", () => {
  const newestFirst = [
    trade("3", 3000, -5n * WAD, 0n),
    trade("2", 2000, 20n * WAD, 1n * WAD),
    trade("1", 1000, 10n * WAD, 0n),
  ];
  const { series } = pnlSeries(newestFirst, { window: "all", now: 4000, unrealizedPnl: null });
  assert.deepEqual(series[0].points.map((point) => [point.at, point.value]), [
    [-59_000, 0],
    [1000, 10],
    [2000, 29],
    [3000, 24],
    [4000, 24],
  ]);
});

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 9, 20, 12);
/** Trades closing these many hours before NOW, each netting +1, +2, +3 … dollars, newest first. */
function closedHoursAgo(...hours: number[]): Trade[] {
  return hours.map((h, i) => trade(String(i + 1), NOW - h * HOUR, BigInt(i + 1) * WAD, 0n))
    .reverse();
}

Deno.test("a window keeps the trades closed inside it and starts at the total realized before", () => {
  // Oldest first: 800 h ago (+1), 100 h ago (+2), 10 h ago (+3), 1 h ago (+4).
  const trades = closedHoursAgo(800, 100, 10, 1);
  const day = pnlSeries(trades, { window: "24h", now: NOW, unrealizedPnl: null });
  const realized = day.series[0].points;
  assert.equal(day.from, NOW - 24 * HOUR);
  assert.equal(day.trades, 2);
  assert.deepEqual(realized.map((p) => [p.at, p.value]), [
    [NOW - 24 * HOUR, 3],
    [NOW - 10 * HOUR, 6],
    [NOW - HOUR, 10],
    [NOW, 10],
  ]);
  assert.equal(day.series.length, 1, "no unrealized dot without a valuation");
  const week = pnlSeries(trades, { window: "7d", now: NOW, unrealizedPnl: null });
  assert.equal(week.trades, 3);
  assert.equal(week.series[0].points[0].value, 1);
  const all = pnlSeries(trades, { window: "all", now: NOW, unrealizedPnl: null });
  assert.equal(all.trades, 4);
  assert.deepEqual(all.series[0].points.slice(0, 2).map((p) => p.value), [0, 1]);
  assert.equal(all.from, NOW - 800 * HOUR - 60_000, "the first trade's opening");
  const empty = pnlSeries(closedHoursAgo(800), { window: "24h", now: NOW, unrealizedPnl: null });
  assert.deepEqual(empty.series[0].points.map((p) => p.value), [1, 1], "flat at the total");
});

Deno.test("the end point adds the open positions' unrealized PnL to the realized total", () => {
  const { series } = pnlSeries(closedHoursAgo(5, 2), {
    window: "all",
    now: NOW,
    unrealizedPnl: 4442n * WAD + WAD / 2n,
  });
  assert.equal(series[0].points.at(-1)!.text, "+$3.00");
  assert.deepEqual(series[1].points, [{ at: NOW, value: 4445.5, text: "+$4,445.50" }]);
});

Deno.test("the PnL chart's x positions are monotone in time and proportional to it", () => {
  // A burst of trades then a long gap: spaced by time, not by trade number.
  const trades = closedHoursAgo(100, 99.9, 99.8, 99.7, 1);
  const { series, from } = pnlSeries(trades, { window: "all", now: NOW, unrealizedPnl: 0n });
  const layout = chartLayout(series, { from, to: NOW, zero: true })!;
  const xs = series[0].points.map((p) => layout.x(p.at));
  for (let i = 1; i < xs.length; i++) assert.ok(xs[i] >= xs[i - 1], `x ${xs.join(", ")}`);
  const path = [...layout.paths[0].matchAll(/H([\d.]+)/g)].map((m) => Number(m[1]));
  assert.deepEqual(path, xs.slice(1), "the path's vertices sit at the points' times");
  const span = layout.x(NOW) - layout.x(from);
  const gap = layout.x(NOW - HOUR) - layout.x(NOW - 99.7 * HOUR);
  assert.ok(Math.abs(gap / span - 98.7 / (100 + 1 / 60)) < 0.01, "the gap is its share of time");
});
