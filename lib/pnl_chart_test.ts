import assert from "node:assert/strict";
import type { Trade } from "./papertrade/mod.ts";
import { chartGeometry, cumulativePnl, timeTicks } from "./pnl_chart.ts";

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

const BOX = { width: 100, height: 50, padding: { top: 0, right: 0, bottom: 0, left: 0 } };

Deno.test("cumulative PnL runs oldest first over net PnL (adjusted minus fees)", () => {
  const newestFirst = [
    trade("3", 3000, -5n * WAD, 0n),
    trade("2", 2000, 20n * WAD, 1n * WAD),
    trade("1", 1000, 10n * WAD, 0n),
  ];
  const points = cumulativePnl(newestFirst);
  assert.deepEqual(points.map((point) => point.positionId), ["1", "2", "3"]);
  assert.deepEqual(points.map((point) => point.cumulativeNetPnl), [
    10n * WAD,
    29n * WAD,
    24n * WAD,
  ]);
});

Deno.test("the chart starts at zero, keeps zero in range and fills the box", () => {
  const points = cumulativePnl([trade("2", 2000, -30n * WAD, 0n), trade("1", 1000, 10n * WAD, 0n)]);
  const geometry = chartGeometry(points, BOX)!;
  assert.equal(geometry.min, -20n * WAD);
  assert.equal(geometry.max, 10n * WAD);
  assert.equal(geometry.final, -20n * WAD);
  // Three vertices: the zero start, +10 (top edge), -20 (bottom edge).
  assert.equal(geometry.path, "M0 16.7 L50 0 L100 50");
  assert.equal(geometry.zeroY, 16.7);
});

Deno.test("an empty history has no chart, and a flat one does not divide by zero", () => {
  assert.equal(chartGeometry([], BOX), null);
  const flat = chartGeometry(cumulativePnl([trade("1", 1000, 0n, 0n)]), BOX)!;
  assert.equal(flat.path, "M0 50 L100 50");
});

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 10, 9, 30);

/** Points closing at these offsets from T0 (ms), oldest first. */
function closingAt(...offsets: number[]) {
  return cumulativePnl(offsets.map((at, i) => trade(String(i + 1), T0 + at, WAD, 0n)).reverse());
}

/** The ticks' labels, checked to be strictly increasing in time and all different. */
function labels(points: ReturnType<typeof cumulativePnl>, limit: number): string[] {
  const ticks = timeTicks(points, limit);
  for (let i = 1; i < ticks.length; i++) {
    assert.ok(ticks[i].index > ticks[i - 1].index, "in trade order");
    assert.notEqual(ticks[i].label, ticks[i - 1].label);
  }
  assert.equal(ticks.at(-1)!.index, points.length - 1, "the last trade is labelled");
  return ticks.map((tick) => tick.label);
}

Deno.test("the time axis never repeats a date: a day with most trades gets one label", () => {
  // 9 trades on the first day, one two days later: the middle ticks fall on the first day.
  const points = closingAt(...Array.from({ length: 9 }, (_, i) => i * 60_000), 2 * DAY);
  assert.deepEqual(labels(points, 3), ["2026-10-10", "2026-10-12"]);
  assert.deepEqual(labels(points, 5), ["2026-10-10", "2026-10-12"]);
  const spread = closingAt(0, DAY, 2 * DAY, 3 * DAY, 4 * DAY);
  assert.deepEqual(labels(spread, 3), ["2026-10-10", "2026-10-12", "2026-10-14"]);
});

Deno.test("within one day the time axis shows times of day, to the second when it must", () => {
  assert.deepEqual(labels(closingAt(0, 3_600_000, 7_200_000), 3), ["09:30", "10:30", "11:30"]);
  assert.deepEqual(labels(closingAt(0, 1_000, 2_000), 3), ["09:30:00", "09:30:01", "09:30:02"]);
  // All in the same second: one label.
  const same = closingAt(0, 0, 0);
  assert.deepEqual(timeTicks(same, 3), [{ index: 0, label: "09:30:00" }]);
});
