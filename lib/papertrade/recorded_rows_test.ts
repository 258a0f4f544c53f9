/**
 * The literal rows the SDK's own tests record (docs/data-sources.md, "Facts the code relies
 * on"), parsed through the real adapters (the wire schemas, which map to the domain). Where the
 * record elides a hash ("0x71a9…14d2") or the SDK test used a placeholder ("<side>"), the one
 * substitution is named.
 */
import assert from "node:assert/strict";
import { createPapertradeClient } from "./client.ts";
import { applyWalletPatch } from "./apply_patch.ts";
import {
  closedPositionRow,
  endedIntentRow,
  operationRow,
  positionRow,
  queueRank,
  walletPatch,
  walletSnapshot,
} from "./wire.ts";
import {
  hash,
  json,
  sseFrame,
  sseResponse,
  wireOperation,
  wireSnapshot,
  withServer,
} from "../../tests/support/papertrade.ts";

const WAD = 10n ** 18n;
// The facts elide the middle of these two ids; any full 32-byte hash stands in.
const OPEN_INTENT = `0x71a9${"0".repeat(56)}14d2`;
const POSITION_INTENT = `0xa2e19a7f${"0".repeat(52)}b2d5`;

/** 11.2, verbatim except `<side>`, `<kind>` and `<id or null>` (placeholders in the SDK test). */
const RECENT_TRADES_TEXT =
  `{"ok":true,"count":1,"events":[{"seq":"48399240000025","ts":1791862483000,
 "wallet":"0xf522d8f0ea3c5d0350d3a05db1df074ecf0b2fd7","instrument":"BTC","instrumentId":0,
 "instrumentTerminal":false,"side":"long","leverage":148,"notionalUsd":59200,"intentId":null,
 "positionId":"408035","kind":"close","entry":null,"exit":83335.5,"pnlUsd":-327.15}]}`;

Deno.test("the recorded recent-trades answer parses, a close with entry null and no intent id", async () => {
  await withServer((request) => {
    assert.equal(new URL(request.url).search, "", "no query string is sent");
    return new Response(RECENT_TRADES_TEXT, { headers: { "content-type": "application/json" } });
  }, async (base) => {
    const feed = await createPapertradeClient({ baseUrl: base }).read("recentTrades");
    assert.equal(feed.rowsSkipped, 0);
    assert.deepEqual(feed.trades, [{
      seq: "48399240000025",
      timestamp: 1791862483000,
      wallet: "0xf522d8f0ea3c5d0350d3a05db1df074ecf0b2fd7",
      symbol: "BTC",
      instrumentId: 0,
      terminal: false,
      isLong: true,
      leverage: 148,
      notionalUsd: 59200,
      intentId: null,
      positionId: "408035",
      kind: "close",
      entry: null,
      exit: 83335.5,
      pnlUsd: -327.15,
    }]);
  });
});

Deno.test("a malformed recent-trade row is dropped and counted, extra keys are ignored", async () => {
  const body = JSON.parse(RECENT_TRADES_TEXT);
  const good = { ...body.events[0], newKey: "ignored" };
  const bad = { ...body.events[0], seq: 48399240000024 };
  await withServer(() => json({ ...body, count: 2, events: [good, bad] }), async (base) => {
    const feed = await createPapertradeClient({ baseUrl: base }).read("recentTrades");
    assert.equal(feed.trades.length, 1);
    assert.equal(feed.rowsSkipped, 1);
    assert.equal("newKey" in feed.trades[0], false);
  });
});

Deno.test("the recorded 10-slot operation rows parse: an open and a close", () => {
  const open = operationRow.parse([
    OPEN_INTENT,
    "openPosition",
    0,
    false,
    true,
    "10000000000000000000",
    100,
    1791862851323,
    "1791862941",
    null,
  ]);
  assert.deepEqual(open, {
    intentId: OPEN_INTENT,
    action: "openPosition",
    acceptedAt: 1791862851323,
    deadline: 1791862941,
    params: { instrumentId: 0, isLong: false, useDebt: true, margin: 10n * WAD, leverage: 100 },
    queuePosition: null,
  });
  // The recorded close row: the support's queued close with the record's two position ids.
  const close = wireOperation(5);
  close[9] = ["411276", "7"];
  assert.deepEqual(operationRow.parse(close).params, { positionIds: ["411276", "7"] });
});

Deno.test("the recorded closed-position and open-position rows parse", () => {
  assert.deepEqual(
    closedPositionRow.parse([
      "411276",
      0,
      true,
      "10000000000000000000",
      100,
      true,
      "-108141232449579150",
      "2766363925334821349",
    ]),
    {
      positionId: "411276",
      instrumentId: 0,
      isLong: true,
      margin: 10n * WAD,
      leverage: 100,
      liquidated: true,
      netPnl: -108141232449579150n,
      paperMinted: 2766363925334821349n,
    },
  );
  const open = positionRow.parse([
    "411276",
    0,
    true,
    false,
    "832245",
    "10000000000000000000",
    100,
    "824315",
    1791862800000,
    POSITION_INTENT,
  ]);
  assert.equal(open.bustPrice, 824315n);
  assert.equal(open.intentId, POSITION_INTENT);
});

Deno.test("ended-intent rows take exactly the five outcome words", () => {
  for (const outcome of ["succeeded", "failed", "expired", "cancelled", "unknown"]) {
    assert.deepEqual(endedIntentRow.parse([hash(1), outcome]), {
      intentId: hash(1),
      outcome,
    });
  }
  assert.equal(endedIntentRow.safeParse([hash(1), "executed"]).success, false);
});

Deno.test("a patch nests changed state under `state`; other fields keep their values", () => {
  // Same schema the stream uses for the first frame.
  const account = walletSnapshot.parse({ ...wireSnapshot(), operations: [], openPositions: [] });
  const patch = walletPatch.parse({
    baseAccountRevision: 10,
    accountRevision: 11,
    state: { balance: "7000000000000000000", queueRevision: 9 },
  });
  const result = applyWalletPatch(account, patch);
  assert.ok(result.inSync);
  assert.equal(result.account.balances.balance, 7n * WAD);
  assert.equal(result.account.queueRevision, 9);
  assert.equal(result.account.balances.locked, account.balances.locked);
  assert.equal(result.account.walletRevision, account.walletRevision);
  // A top-level state field is not how patches carry state: it is ignored.
  const flat = walletPatch.parse({
    baseAccountRevision: 10,
    accountRevision: 11,
    balance: "1",
  });
  assert.equal(flat.balance, undefined);
});

Deno.test("queue ranks map intent ids to positions", () => {
  const ranks = queueRank.parse({
    queueRevision: 4,
    entries: [{ intentId: hash(1), position: 37 }, { intentId: hash(2), position: 3 }],
  });
  assert.equal(ranks.queueRevision, 4);
  assert.equal(ranks.positions.get(hash(1)), 37);
  assert.equal(queueRank.parse({ entries: [] }).queueRevision, null);
});

Deno.test("the queue-rank read asks /queue-rank/accounts/{wallet} with the wallet lower-cased", async () => {
  let path = "";
  await withServer((request) => {
    path = new URL(request.url).pathname;
    return json({ entries: [{ intentId: hash(3), position: 1 }] });
  }, async (base) => {
    const ranks = await createPapertradeClient({ baseUrl: base })
      .read("queueRank", { wallet: "0xF522D8F0EA3C5D0350D3A05DB1DF074ECF0B2FD7" });
    assert.equal(path, "/queue-rank/accounts/0xf522d8f0ea3c5d0350d3a05db1df074ecf0b2fd7");
    assert.equal(ranks.positions.get(hash(3)), 1);
  });
});

Deno.test("a malformed operation row in a snapshot is dropped and counted", async () => {
  const snapshot = wireSnapshot();
  const frames = [
    sseFrame("liveness", { heartbeatIntervalMs: 10000 }),
    sseFrame("wallet", { ...snapshot, operations: [...snapshot.operations, ["not a row"]] }),
  ];
  await withServer(() => sseResponse(frames), async (base) => {
    const account = await createPapertradeClient({ baseUrl: base })
      .read("walletStream", { wallet: snapshot.address });
    assert.equal(account.operations.length, 1);
    assert.equal(account.rowsSkipped, 1);
  });
});
