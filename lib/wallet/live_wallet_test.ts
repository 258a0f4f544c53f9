import assert from "node:assert/strict";
import { catalog } from "../../fixtures/mod.ts";
import { marksByInstrument } from "../marks.ts";
import { positionJson } from "../position/mod.ts";
import {
  totalPositions,
  valuePosition,
  walletEquity,
  walletTotalPnl,
} from "../position/value_positions.ts";
import { returnOnDepositsPercentWad } from "../math/mod.ts";
import type { OpenPosition, WalletAccount } from "../papertrade/mod.ts";
import { replayMaterial } from "../../tests/support/live.ts";
import { liveContentKey, liveWalletOf, liveWalletSchema } from "./live_wallet.ts";
import { riskSummaryJson } from "./model.ts";
import { fromWad } from "../json_units.ts";

const material = await replayMaterial();

function valued(account: WalletAccount) {
  const inputs = {
    instruments: material.trading.instruments,
    marks: marksByInstrument(material.trading.instruments, material.prices),
    winFeeRate: material.winFeeRate,
  };
  const positions = account.openPositions.map((position) => valuePosition(position, inputs));
  const totals = totalPositions(positions);
  const totalPnl = walletTotalPnl(account.lifetime, totals);
  return {
    account,
    positions,
    totals,
    equity: walletEquity(account.balances, totals),
    totalPnl,
    returnOnDeposits: returnOnDepositsPercentWad(totalPnl, account.lifetime.deposited),
  };
}

function liveOf(account: WalletAccount, now = catalog.baseTimeMs) {
  return liveWalletOf(
    { ...valued(account), accumulator: material.summary.stakingAccumulator },
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

Deno.test("the live wallet is its schema's JSON: the position model's rows and totals, get_wallet's funds", () => {
  const live = liveOf(material.whale);
  assert.deepEqual(liveWalletSchema.parse(JSON.parse(JSON.stringify(live))), live);
  assert.equal(live.address, catalog.wallets.whale.address);
  const { positions, totals } = valued(material.whale);
  const byId = new Map(positions.map((v) => [v.position.positionId, positionJson.of(v)]));
  assert.equal(live.positions.length, catalog.wallets.whale.openPositions);
  for (const row of live.positions) assert.deepEqual(row, byId.get(row.position_id));
  assert.equal(live.totals.count, live.positions.length);
  assert.equal(live.totals.unrealized_pnl_usd, fromWad(totals.unrealizedPnl));
  assert.equal(live.balance_usd, fromWad(material.whale.balances.balance));
  assert.equal(live.available_usd, fromWad(material.whale.funds.availableBalance));
  assert.equal(live.paper.held, fromWad(material.whale.paper.balance!));
  assert.equal(live.account_block, catalog.headBlock);
  assert.equal(live.generated_at_ms, catalog.baseTimeMs);
  assert.equal(live.marks_at_ms, Math.max(...material.prices.map((point) => point.at)));
});

Deno.test("a position on an instrument the trading state does not list has no price, mark or band", () => {
  const [first] = material.whale.openPositions;
  const live = liveOf({ ...material.whale, openPositions: [{ ...first, instrumentId: 77 }] });
  const [row] = live.positions;
  assert.equal(row.market, "instrument 77");
  for (const key of ["mark_price", "entry_price", "price_decimals", "distance_to_bust_percent"]) {
    assert.equal(row[key as keyof typeof row], null, key);
  }
  assert.equal(row.risk, null);
  assert.equal(live.totals.unvalued, 1);
  assert.equal(live.marks_at_ms, null);
  assert.equal(live.summary.nearest, null);
});

Deno.test("two live wallets that differ only in build time have the same content key", () => {
  const early = liveOf(material.whale, catalog.baseTimeMs);
  const late = liveOf(material.whale, catalog.baseTimeMs + 5_000);
  assert.equal(liveContentKey(early), liveContentKey(late));
  const fewer = liveOf({ ...material.whale, openPositions: material.whale.openPositions.slice(1) });
  assert.notEqual(liveContentKey(early), liveContentKey(fewer));
});

Deno.test("positions run nearest to bust first, and the summary names the nearest and counts the bands", () => {
  const account: WalletAccount = {
    ...material.whale,
    openPositions: [...material.whale.openPositions, nearBustPosition()],
  };
  const live = liveOf(account);
  const distances = live.positions.map((row) => row.distance_to_bust_percent!);
  assert.deepEqual(distances, [...distances].sort((a, b) => a - b), "sorted by distance");
  assert.equal(live.positions[0].position_id, nearBust.id);
  const { summary } = live;
  assert.deepEqual(summary, riskSummaryJson.of(valued(account)));
  assert.deepEqual(summary.nearest, {
    position_id: nearBust.id,
    distance_to_bust_percent: live.positions[0].distance_to_bust_percent,
    risk: "near_bust",
  });
  const count = (risk: string) => live.positions.filter((row) => row.risk === risk).length;
  assert.equal(summary.near_bust_count, count("near_bust"));
  assert.equal(summary.close_count, count("close"));
  assert.equal(summary.open_positions, account.openPositions.length);
  assert.equal(summary.unrealized_pnl_usd, live.totals.unrealized_pnl_usd);
  const { balances } = account;
  const funds = fromWad(balances.balance + balances.queued + balances.locked);
  assert.ok(Math.abs(summary.equity_usd - funds - summary.unrealized_pnl_usd) < 1e-6);
});

Deno.test("pending intents run next to settle first, with their queue places and the time they were read", () => {
  const live = liveOf(material.whale);
  assert.equal(live.pending.length, material.whale.operations.length);
  // The snapshot alone has no queue ranks (they come from the queue-rank read).
  assert.deepEqual(live.queue_places, {});
  assert.equal(live.queue_at_ms, null);
  const ranked = liveOf({
    ...material.whale,
    operations: material.whale.operations.map((operation, i, all) => ({
      ...operation,
      queuePosition: all.length - i,
    })),
  });
  const queue = ranked.pending.map((intent) => ranked.queue_places[intent.intent_id]);
  assert.deepEqual(queue, [...queue].sort((a, b) => a - b));
  assert.ok(queue.length > 0 && queue.every((position) => position >= 1));
  assert.equal(ranked.queue_at_ms, catalog.baseTimeMs);
});

Deno.test("outcomes list each intent once, its latest report, and none for a pending intent", () => {
  const id = (digit: string) => `0x${digit.repeat(64)}` as const;
  const pending = material.whale.operations[0];
  // A snapshot has seen nothing end yet; outcomes arrive with the stream's patches.
  assert.deepEqual(liveOf(material.whale).outcomes, []);
  const live = liveOf({
    ...material.whale,
    recentEndedIntents: [
      { intentId: id("2"), outcome: "succeeded", reportedAt: 9 },
      { intentId: pending.intentId, outcome: "failed", reportedAt: 8 },
      { intentId: id("1"), outcome: "unknown", reportedAt: 4 },
      { intentId: id("1"), outcome: "failed", reportedAt: 7 },
    ],
  });
  assert.deepEqual(live.outcomes, [
    { intent_id: id("2"), outcome: "succeeded", reported_at_ms: 9 },
    { intent_id: id("1"), outcome: "failed", reported_at_ms: 7 },
  ]);
});
