import assert from "node:assert/strict";
import type { Instrument, OpenPosition } from "../papertrade/mod.ts";
import type { Mark } from "../marks.ts";
import { nearestToBust, totalPositions, valuePosition, walletEquity } from "./value_positions.ts";

const WAD = 10n ** 18n;

// ETH as the live tuple reads (papertrade-facts.md section 5 and the SDK valuation test).
const ETH: Instrument = {
  id: 1,
  symbol: "ETH",
  assetIndex: 1,
  priceScale: 100n,
  active: true,
  paused: false,
  terminal: false,
  retired: false,
  closeOnly: false,
  frozenBid: null,
  frozenAsk: null,
  pausedAt: null,
  rateMultiplier: 15_000n * WAD,
  positionMultiplier: 483_979n * WAD / 1000n,
  maxLeverage: 1000,
  maxPositionNotional: 10_000_000n * WAD,
  bustBuffer: 481_000_000_000_000n,
  baseRate: WAD / 10n,
  referenceNotional: 100_000n * WAD,
  longOi: 0n,
  shortOi: 0n,
  longCap: (1n << 128n) - 1n,
  shortCap: (1n << 128n) - 1n,
};

// Real position 53573: ETH long 50x, margin $250, entry 2512.15, stored bust 2463.09.
const POSITION: OpenPosition = {
  positionId: "53573",
  instrumentId: 1,
  isLong: true,
  useDebt: false,
  entryPrice: 251_215n,
  margin: 250n * WAD,
  leverage: 50,
  bustPrice: 246_309n,
  openedAt: 1_791_137_016_000,
  intentId: null,
};

function markAt(markRaw: bigint): Map<number, Mark> {
  return new Map([[1, {
    instrumentId: 1,
    symbol: "ETH",
    priceScale: 100n,
    markRaw,
    bid: markRaw,
    ask: markRaw,
    at: 0,
    source: "bbo",
  }]]);
}

Deno.test("valuePosition values a real position: notional, distance to bust, band and PnL", () => {
  const valued = valuePosition(POSITION, {
    instruments: [ETH],
    marks: markAt(256_239n), // +2 % from entry
    winFeeRate: 2n * 10n ** 16n,
  });
  assert.equal(valued.notional, 12_500n * WAD);
  assert.equal(valued.risk, "ok");
  // (256239 − 246309) · 100 / 256239 = 3.87529… %
  assert.equal(valued.distanceToBustPercent! / 10n ** 14n, 38_752n);
  // 250 · 50 · 5024 / 251215 = 249.98... USD
  assert.equal(valued.unrealizedPnl, 250n * WAD * 50n * 5_024n / 251_215n);
  const close = valued.closePayout!;
  assert.ok(close.closePnlWad > 0n && close.closePnlWad < valued.unrealizedPnl!, "haircut and fee");
  assert.equal(close.payoutWad, 250n * WAD + close.closePnlWad, "the margin comes back too");
  assert.equal(valued.moveToBust, 256_239n - 246_309n, "the price move to bust, raw");
  const short = valuePosition({ ...POSITION, isLong: false, bustPrice: 256_300n }, {
    instruments: [ETH],
    marks: markAt(256_239n),
    winFeeRate: 0n,
  });
  assert.equal(short.moveToBust, 61n, "a short's move is up to its bust");
});

Deno.test("valuePosition leaves mark-dependent fields null without a mark", () => {
  const valued = valuePosition(POSITION, { instruments: [ETH], marks: new Map(), winFeeRate: 0n });
  assert.equal(valued.mark, null);
  assert.equal(valued.unrealizedPnl, null);
  assert.equal(valued.risk, null);
  assert.equal(valued.notional, 12_500n * WAD);
});

Deno.test("totalPositions sums margin and notional of all, PnL of valued positions only", () => {
  const inputs = { instruments: [ETH], marks: markAt(246_370n), winFeeRate: 0n };
  const unlisted = { ...POSITION, positionId: "2", instrumentId: 7 };
  const valued = [POSITION, unlisted].map((p) => valuePosition(p, inputs));
  assert.equal(valued[0].risk, "near_bust");
  assert.equal(valued[1].symbol, "instrument 7");
  const totals = totalPositions(valued);
  assert.equal(totals.count, 2);
  assert.equal(totals.margin, 500n * WAD);
  assert.equal(totals.notional, 25_000n * WAD);
  assert.equal(totals.unrealizedPnl, valued[0].unrealizedPnl);
  assert.equal(totals.closePnl, valued[0].closePayout!.closePnlWad);
  assert.equal(totals.closePayout, valued[0].closePayout!.payoutWad);
  assert.equal(totals.unvalued, 1);
});

Deno.test("nearestToBust picks the smallest distance among valued positions, and walletEquity adds the unrealized PnL to the funds", () => {
  const inputs = { instruments: [ETH], marks: markAt(250_000n), winFeeRate: 0n };
  const far = { ...POSITION, positionId: "1", bustPrice: 240_000n };
  const near = { ...POSITION, positionId: "2", bustPrice: 249_990n };
  const unmarked = { ...POSITION, positionId: "3", instrumentId: 7 };
  const valued = [far, unmarked, near].map((p) => valuePosition(p, inputs));
  assert.equal(nearestToBust(valued)?.position.positionId, "2");
  assert.equal(nearestToBust(valued.slice(0, 2))?.position.positionId, "1");
  assert.equal(nearestToBust([valued[1]]), null, "no mark, no nearest");
  const totals = totalPositions(valued);
  const funds = { balance: 100n * WAD, queued: 5n * WAD, locked: 750n * WAD };
  assert.equal(walletEquity(funds, totals), 855n * WAD + totals.unrealizedPnl);
  assert.notEqual(totals.unrealizedPnl, 0n);
});
