import { CANDLE_LABEL } from "../hyperliquid/candles.ts";
import assert from "node:assert/strict";
import { openInterestSeries, positionMarkChart, protocolCharts } from "./chart_series.ts";
import type { ProtocolHistory } from "../papertrade/mod.ts";

const WAD = 10n ** 18n;

Deno.test("a null in a history column drops that point from its chart only", () => {
  const point = (at: number, tvl: number | null) => ({
    at,
    valueLockedUsd: tvl,
    volumeBtcUsd: 1,
    volumeEthUsd: 2,
    traders: 3,
    trades: 4,
    liquidationsUsd: 5,
    traderPnlUsd: -6.5,
    paperSupply: 7,
    paperStaked: 8,
  });
  const history = { points: [point(1, 10), point(2, null), point(3, 30)] } as ProtocolHistory;
  const charts = protocolCharts(history);
  const tvl = charts.find((chart) => chart.id === "history-tvl")!;
  assert.deepEqual(tvl.series[0].points.map((p) => [p.at, p.value, p.text]), [
    [1, 10, "$10.00"],
    [3, 30, "$30.00"],
  ]);
  const pnl = charts.find((chart) => chart.id === "history-pnl")!;
  assert.equal(pnl.series[0].points.length, 3);
  assert.equal(pnl.series[0].points[0].text, "-$6.50");
  const paper = charts.find((chart) => chart.id === "history-paper")!;
  assert.deepEqual(paper.series.map((s) => [s.label, s.points[0].text]), [
    ["Supply", "7.00 PAPER"],
    ["Staked", "8.00 PAPER"],
  ]);
});

Deno.test("one history answer's charts are built once and shared; another answer gets its own", () => {
  const point = { at: 1, valueLockedUsd: 10 } as ProtocolHistory["points"][number];
  const history = { points: [point] } as ProtocolHistory;
  assert.equal(protocolCharts(history), protocolCharts(history));
  const next = { points: [{ ...point, valueLockedUsd: 20 }] } as ProtocolHistory;
  assert.notEqual(protocolCharts(next), protocolCharts(history));
  assert.equal(protocolCharts(next)[0].series[0].points[0].text, "$20.00");
});

Deno.test("open interest is each side's share of its cap; an uncapped side has no line", () => {
  const series = openInterestSeries([
    {
      at: 1,
      markRaw: 1n,
      longOiUsd: 2n * WAD,
      shortOiUsd: WAD,
      longCapUsd: 100n * WAD,
      shortCapUsd: null,
    },
    { at: 2, markRaw: 1n, longOiUsd: null, shortOiUsd: null, longCapUsd: null, shortCapUsd: null },
  ]);
  assert.deepEqual(series.map((s) => s.label), ["Long"]);
  assert.deepEqual(series[0].points, [{ at: 1, value: 2, text: "2.00% ($2.00 of $100.00)" }]);
});

Deno.test("a position's chart keeps the marks and the candles since it opened, each under its own label, with entry and bust as levels", () => {
  const none = { longOiUsd: null, shortOiUsd: null, longCapUsd: null, shortCapUsd: null };
  const candle = (closeTime: number, close: bigint) => ({
    openTime: closeTime - 59,
    closeTime,
    open: close,
    high: close,
    low: close,
    close,
    volume: "1",
    trades: 1,
  });
  const chart = positionMarkChart(
    { entryPrice: 830940n, bustPrice: 830505n, openedAt: 100 },
    {
      samples: [{ at: 50, markRaw: 830000n, ...none }, { at: 150, markRaw: 830655n, ...none }],
      candles: [candle(99, 830100n), candle(120, 830200n)],
    },
    10n,
  );
  assert.deepEqual(chart.series.map((s) => [s.label, s.points]), [
    [CANDLE_LABEL, [{ at: 120, value: 83020, text: "83,020.0" }]],
    ["Mark", [{ at: 150, value: 83065.5, text: "83,065.5" }]],
  ]);
  assert.deepEqual(chart.levels.map((l) => [l.label, l.value]), [["Entry", 83094], [
    "Bust",
    83050.5,
  ]]);
});
