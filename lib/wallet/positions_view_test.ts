import assert from "node:assert/strict";
import { catalog } from "../../fixtures/mod.ts";
import { marksByInstrument } from "../marks.ts";
import { totalPositions, valuePositions } from "../position/value_positions.ts";
import type { OpenPosition, WalletAccount } from "../papertrade/mod.ts";
import { replayMaterial } from "../../tests/support/live.ts";
import { buildPositionsView, viewContentKey } from "./positions_view.ts";
import { formatUsd } from "../format.ts";

const material = await replayMaterial();

function viewOf(account: WalletAccount, now = catalog.baseTimeMs) {
  const positions = valuePositions(account.openPositions, {
    instruments: material.trading.instruments,
    marks: marksByInstrument(material.trading.instruments, material.prices),
    winFeeRate: material.winFeeRate,
  });
  return buildPositionsView(
    {
      account,
      positions,
      totals: totalPositions(positions),
      accumulator: material.summary.stakingAccumulator,
    },
    now,
  );
}

const nearBust = catalog.positions.near_bust[0];

/** The fixtures' near-bust position, with a $10 margin, opened a minute ago. */
function nearBustPosition(): OpenPosition {
  return {
    positionId: nearBust.id,
    instrumentId: nearBust.instrumentId,
    isLong: nearBust.isLong,
    useDebt: false,
    entryPrice: BigInt(nearBust.entryRaw),
    margin: 10n ** 19n,
    leverage: nearBust.leverage,
    bustPrice: BigInt(nearBust.bustRaw),
    openedAt: catalog.baseTimeMs - 60_000,
    intentId: null,
  };
}

Deno.test("the view lists every open position with display-ready figures", () => {
  const view = viewOf(material.whale);
  assert.equal(view.address, catalog.wallets.whale.address);
  assert.equal(view.rows.length, catalog.wallets.whale.openPositions);
  assert.equal(view.totals.count, view.rows.length);
  for (const row of view.rows) {
    assert.match(row.id, /^\d+$/);
    assert.match(row.leverage, /^\d+x$/);
    assert.match(row.margin, /^\$[\d,]+\.\d\d$/);
    assert.match(row.mark, /^[\d,]+\.\d+$/);
    assert.match(row.distance, /^-?\d+\.\d{3}%$/);
    assert.match(row.pnl, /^(\+\$|-\$|\$)[\d,]+\.\d\d$/);
    assert.equal(
      row.pnlTone,
      row.pnl.startsWith("+") ? "good" : row.pnl.startsWith("-") ? "bad" : "",
    );
    assert.ok(row.risk === "ok" || row.risk === "close" || row.risk === "near_bust");
  }
  assert.equal(view.accountBlock, catalog.headBlock.toLocaleString("en-US"));
  assert.equal(view.generatedAt, catalog.baseTimeMs);
  const newestPrice = Math.max(...material.prices.map((point) => point.at));
  assert.equal(view.marksAt, newestPrice);
});

Deno.test("a 1000x long a hair above its bust price is banded near_bust", () => {
  const account: WalletAccount = {
    ...material.whale,
    openPositions: [nearBustPosition()],
  };
  const [row] = viewOf(account).rows;
  assert.equal(row.risk, "near_bust");
  assert.equal(row.side, nearBust.isLong ? "long" : "short");
  assert.equal(row.leverage, "1000x");
});

Deno.test("a losing near-bust close shows its PnL and, separately, the margin it pays back", () => {
  const account: WalletAccount = { ...material.whale, openPositions: [nearBustPosition()] };
  const [valuation] = valuePositions(account.openPositions, {
    instruments: material.trading.instruments,
    marks: marksByInstrument(material.trading.instruments, material.prices),
    winFeeRate: material.winFeeRate,
  });
  const close = valuation.closePayout!;
  assert.ok(close.closePnlWad < 0n, "near bust, the close loses");
  const [row] = viewOf(account).rows;
  assert.equal(row.closePnl, formatUsd(close.closePnlWad, { sign: true }));
  assert.equal(row.payout, formatUsd(10n ** 19n + close.closePnlWad));
  assert.notEqual(row.payout, row.closePnl);
});

Deno.test("a position on an instrument the trading state does not list shows raw prices and n/a", () => {
  const [first] = material.whale.openPositions;
  const account = { ...material.whale, openPositions: [{ ...first, instrumentId: 77 }] };
  const view = viewOf(account);
  const [row] = view.rows;
  assert.equal(row.market, "instrument 77");
  assert.equal(row.mark, "no quote");
  assert.equal(row.distance, "n/a");
  assert.equal(row.risk, null);
  assert.equal(row.pnl, "n/a");
  assert.match(row.entry, /^\d+ \(raw\)$/);
  assert.equal(view.totals.unvalued, 1);
  assert.equal(view.marksAt, null);
});

Deno.test("the view survives a JSON round trip unchanged, as island props must", () => {
  const view = viewOf(material.whale);
  assert.deepEqual(JSON.parse(JSON.stringify(view)), view);
});

Deno.test("two views that differ only in build time have the same content key", () => {
  const early = viewOf(material.whale, catalog.baseTimeMs);
  const late = viewOf(material.whale, catalog.baseTimeMs + 5_000);
  assert.equal(viewContentKey(early), viewContentKey(late));
  const fewer = viewOf({ ...material.whale, openPositions: material.whale.openPositions.slice(1) });
  assert.notEqual(viewContentKey(early), viewContentKey(fewer));
});

Deno.test("rows run nearest to bust first, and the band counts close and near-bust positions", () => {
  const account: WalletAccount = {
    ...material.whale,
    openPositions: [...material.whale.openPositions, nearBustPosition()],
  };
  const view = viewOf(account);
  const distances = view.rows.map((row) => Number.parseFloat(row.distance));
  assert.deepEqual(distances, [...distances].sort((a, b) => a - b), "sorted by distance");
  assert.equal(view.rows[0].id, nearBust.id);
  const { summary } = view;
  assert.equal(summary.worstPositionId, nearBust.id);
  assert.equal(summary.worstDistance, view.rows[0].distance);
  assert.equal(summary.worstRisk, "near_bust");
  assert.equal(summary.nearBustCount, view.rows.filter((row) => row.risk === "near_bust").length);
  assert.equal(summary.closeCount, view.rows.filter((row) => row.risk === "close").length);
  assert.equal(summary.openCount, account.openPositions.length);
  assert.equal(summary.pnl, view.totals.pnl);
  assert.match(summary.equity, /^\$[\d,]+\.\d\d$/);
});

Deno.test("funds, PAPER and pending intents (next to settle first) are in the live view", () => {
  const view = viewOf(material.whale);
  assert.match(view.funds.balance, /^\$[\d,]+\.\d\d$/);
  assert.match(view.paper.held, / PAPER$/);
  assert.equal(view.pending.length, material.whale.operations.length);
  // The snapshot alone has no queue ranks (they come from the queue-rank read).
  assert.deepEqual(view.queuePlaces, {});
  assert.equal(view.queueAt, null);
  const ranked = viewOf({
    ...material.whale,
    operations: material.whale.operations.map((operation, i, all) => ({
      ...operation,
      queuePosition: all.length - i,
    })),
  });
  const queue = ranked.pending.map((intent) => ranked.queuePlaces[intent.intentId]);
  assert.deepEqual(queue, [...queue].sort((a, b) => a - b));
  assert.ok(queue.length > 0 && queue.every((position) => position >= 1));
  assert.equal(ranked.queueAt, catalog.baseTimeMs);
  // A snapshot has seen nothing end yet; outcomes arrive with the stream's patches.
  assert.deepEqual(view.outcomes, []);
  const ended = viewOf({
    ...material.whale,
    recentEndedIntents: [{ intentId: `0x${"1".repeat(64)}`, outcome: "failed", reportedAt: 5 }],
  });
  assert.deepEqual(ended.outcomes, [{
    intentId: `0x${"1".repeat(64)}`,
    outcome: "failed",
    reportedAt: 5,
  }]);
});

Deno.test("outcomes list each intent once, its latest report, and none for a pending intent", () => {
  const id = (digit: string) => `0x${digit.repeat(64)}` as const;
  const pending = material.whale.operations[0];
  const view = viewOf({
    ...material.whale,
    recentEndedIntents: [
      { intentId: id("2"), outcome: "succeeded", reportedAt: 9 },
      { intentId: pending.intentId, outcome: "failed", reportedAt: 8 },
      { intentId: id("1"), outcome: "unknown", reportedAt: 4 },
      { intentId: id("1"), outcome: "failed", reportedAt: 7 },
    ],
  });
  assert.deepEqual(view.outcomes, [
    { intentId: id("2"), outcome: "succeeded", reportedAt: 9 },
    { intentId: id("1"), outcome: "failed", reportedAt: 7 },
  ]);
});
