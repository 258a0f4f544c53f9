import assert from "node:assert/strict";
import type { Trade } from "./papertrade/mod.ts";
import { chartGeometry, cumulativePnl } from "./pnl_chart.ts";

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
