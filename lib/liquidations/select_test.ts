import assert from "node:assert/strict";
import type { Liquidation, LiquidationList } from "./read.ts";
import { BadLiquidationCursorError, selectLiquidations } from "./select.ts";
import { UnknownMarketError } from "../at_risk/mod.ts";
import { LIQUIDATION_PERIODS, liquidationTotals } from "./totals.ts";

const NOW = 1_800_000_000_000;
const WAD = 10n ** 18n;
const MINUTE = 60_000;

function row(
  positionId: string,
  agoMs: number,
  fields: Partial<Liquidation> = {},
): Liquidation {
  return {
    positionId,
    wallet: "0x00000000000000000000000000000000000000aa",
    name: null,
    symbol: "BTC",
    priceScale: 10n,
    isLong: true,
    leverage: 100,
    notional: 1_000n * WAD,
    markPrice: 1n,
    bustPrice: 2n,
    at: NOW - agoMs,
    txHash: null,
    blockNumber: null,
    inFeed: false,
    onChain: true,
    ...fields,
  };
}

function listOf(rows: Liquidation[], fromTime: number | null = null): LiquidationList {
  return {
    rows,
    markets: ["BTC", "ETH"],
    coverage: {
      events: { fromBlock: 1n, toBlock: 2n, fromTime },
      feed: null,
      historiesNotRead: 0,
    },
    now: NOW,
    unavailable: [],
    rowsSkipped: 0,
  };
}

const ROWS = [
  row("10", 5 * MINUTE),
  row("9", 5 * MINUTE, { symbol: "ETH", isLong: false, notional: 2_500n * WAD + 1n }),
  row("8", 50 * MINUTE, { notional: null }),
  row("7", 3 * 60 * MINUTE, { isLong: false, notional: 7n }),
  row("6", 30 * 60 * MINUTE, { symbol: null, isLong: null, notional: 123n * WAD }),
  row("5", 6 * 24 * 60 * MINUTE, { symbol: "ETH" }),
];

Deno.test("totals count each period's rows and sum their sizes exactly, per market and side", () => {
  const totals = liquidationTotals(ROWS, listOf(ROWS), ["BTC", "ETH"]);
  assert.deepEqual(totals.map((total) => total.period), ["1h", "24h", "7d"]);
  for (const total of totals) {
    const within = ROWS.filter((r) => r.at >= NOW - LIQUIDATION_PERIODS[total.period]);
    assert.equal(total.since, NOW - LIQUIDATION_PERIODS[total.period]);
    assert.equal(total.count, within.length);
    assert.equal(total.notional, within.reduce((sum, r) => sum + (r.notional ?? 0n), 0n));
    assert.equal(total.unsized, within.filter((r) => r.notional === null).length);
    // The groups partition the period's rows.
    assert.equal(total.groups.reduce((sum, g) => sum + g.count, 0), total.count);
    assert.equal(total.groups.reduce((sum, g) => sum + g.notional, 0n), total.notional);
    assert.equal(total.complete, true);
  }
  const [hour, day, week] = totals;
  assert.deepEqual(
    hour.groups.map((g) => [g.symbol, g.isLong, g.count, g.notional, g.unsized]),
    [
      ["BTC", true, 2, 1_000n * WAD, 1],
      ["BTC", false, 0, 0n, 0],
      ["ETH", true, 0, 0n, 0],
      ["ETH", false, 1, 2_500n * WAD + 1n, 0],
    ],
  );
  assert.equal(day.groups.find((g) => g.symbol === "BTC" && g.isLong === false)!.notional, 7n);
  // A row whose market and side no source told is its own group, last.
  assert.deepEqual(
    week.groups.at(-1),
    { symbol: null, isLong: null, count: 1, notional: 123n * WAD, unsized: 0 },
  );
});

Deno.test("a period is complete only when the events reach back to its start", () => {
  const totals = liquidationTotals(ROWS, listOf(ROWS, NOW - 2 * 24 * 60 * MINUTE), ["BTC"]);
  assert.deepEqual(totals.map((total) => total.complete), [true, true, false]);
  const feedOnly = { ...listOf(ROWS), coverage: { events: null, feed: null, historiesNotRead: 0 } };
  assert.deepEqual(
    liquidationTotals(ROWS, feedOnly, []).map((total) => total.complete),
    [false, false, false],
  );
});

Deno.test("a view keeps its window and market and pages with a cursor through every row once", () => {
  const list = listOf(ROWS);
  const day = selectLiquidations(list, { window: "24h", limit: 2 });
  assert.equal(day.matched, 4);
  assert.deepEqual(day.rows.map((r) => r.positionId), ["10", "9"]);
  const next = selectLiquidations(list, { window: "24h", limit: 2, cursor: day.nextCursor! });
  assert.deepEqual(next.rows.map((r) => r.positionId), ["8", "7"]);
  assert.equal(next.nextCursor, null);

  const eth = selectLiquidations(list, { window: "7d", market: "eth", limit: 50 });
  assert.equal(eth.market, "ETH");
  assert.deepEqual(eth.rows.map((r) => r.positionId), ["9", "5"]);
  // The totals are the market's.
  assert.equal(eth.totals[2].count, 2);
  assert.deepEqual(eth.totals[2].groups.map((g) => g.symbol), ["ETH", "ETH"]);

  assert.throws(
    () => selectLiquidations(list, { window: "1h", market: "DOGE", limit: 5 }),
    UnknownMarketError,
  );
  assert.throws(
    () => selectLiquidations(list, { window: "1h", cursor: "<script>", limit: 5 }),
    BadLiquidationCursorError,
  );
  // Without the trading state's markets, any symbol filters (and may match nothing).
  const unknown = selectLiquidations({ ...list, markets: [] }, {
    window: "7d",
    market: "DOGE",
    limit: 5,
  });
  assert.equal(unknown.matched, 0);
});
