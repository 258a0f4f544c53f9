import assert from "node:assert/strict";
import { createPapertradeClient } from "./client.ts";
import { PapertradeApiError } from "./http.ts";
import { modelledGapsOf, modelledPartAt } from "./endpoints.ts";
import {
  json,
  sseFrame,
  sseResponse,
  WALLET,
  WALLET_LOWER,
  wireSnapshot,
  wireTradingState,
  withServer,
} from "../../tests/support/papertrade.ts";

/** A client over one answer per path, exactly as given. */
async function withAnswers(
  routes: Record<string, () => Response>,
  body: (client: ReturnType<typeof createPapertradeClient>) => Promise<void>,
) {
  await withServer((request) => {
    const answer = routes[new URL(request.url).pathname];
    return answer ? answer() : new Response(null, { status: 404 });
  }, (base) => body(createPapertradeClient({ baseUrl: base })));
}

Deno.test("a missing or malformed modelled key is one null figure, named; the read stays whole", async () => {
  const page = {
    ok: true,
    summary: { uniqueAccounts: 1, trackedBalance: "5" },
    accounts: [],
    // totalItems (modelled) is missing.
    pageInfo: { totalPages: 1 },
  };
  await withAnswers({ "/state/leaderboard/accounts": () => json(page) }, async (client) => {
    const board = await client.read("leaderboard");
    assert.equal(board.totalItems, null);
    assert.equal(board.totalPages, 1, "the facts arrived");
    assert.deepEqual(modelledGapsOf(board), [
      {
        part: "leaderboard",
        endpoint: "/state/leaderboard/accounts",
        field: "pageInfo.totalItems",
        reason: "modelled key not found",
      },
    ]);
  });
  await withAnswers({
    "/state/leaderboard/accounts": () =>
      json({ ...page, pageInfo: { totalPages: 1, totalItems: "x" } }),
  }, async (client) => {
    const board = await client.read("leaderboard");
    assert.equal(board.totalItems, null, "a malformed modelled key is null too");
  });
});

Deno.test("a missing known key still fails the read with the field named", async () => {
  const { minimumTradeSizeRaw: _dropped, ...trading } = wireTradingState();
  await withAnswers({ "/state/trading": () => json(trading) }, async (client) => {
    const error = await client.read("tradingState").catch((e) => e);
    assert.ok(error instanceof PapertradeApiError);
    assert.equal(error.kind, "schema");
    assert.match(error.message, /minimumTradeSizeRaw/);
  });
});

Deno.test("row keys are named once per field in the table's notation, rows kept", async () => {
  const snapshot = wireSnapshot();
  const operations = snapshot.operations.map((row) => row.map((v, i) => i === 8 ? 7 : v));
  const { balance: _dropped, ...paper } = snapshot.paper;
  const body = { ...snapshot, operations, paper };
  await withAnswers({
    "/state/user/live": () =>
      sseResponse([sseFrame("liveness", { heartbeatIntervalMs: 10000 }), sseFrame("wallet", body)]),
  }, async (client) => {
    const account = await client.read("walletStream", { wallet: WALLET });
    assert.equal(account.address, WALLET_LOWER);
    assert.equal(account.operations.length, snapshot.operations.length, "no row dropped");
    assert.ok(account.operations.every((op) => op.deadline === null));
    assert.equal(account.paper.balance, null);
    assert.equal(account.paper.staked, 6n);
    assert.deepEqual(modelledGapsOf(account).map((g) => [g.part, g.field]), [
      ["account", "wallet.paper.balance"],
      ["account", "wallet.operations.*.8"],
    ]);
  });
});

Deno.test("every modelled field of the table is found by its matcher, and known ones are not", () => {
  assert.equal(modelledPartAt("/state/trading", ["instruments", 0, 3]), undefined);
  assert.equal(
    modelledPartAt("/state/leaderboard/accounts", ["pageInfo", "totalItems"])?.id,
    "totalItems",
  );
  assert.equal(
    modelledPartAt("/state/leaderboard/accounts", ["accounts", 2, "rank"])?.id,
    "rowFields",
  );
  assert.equal(
    modelledPartAt("/state/leaderboard/accounts", ["accounts", 2, "address"]),
    undefined,
  );
  assert.equal(
    modelledPartAt("/state/user/live", ["wallet", "operations", 1, 8])?.id,
    "operationDeadline",
  );
  assert.equal(modelledPartAt("/state/user/live", ["wallet", "operations", 1, 5]), undefined);
  assert.equal(modelledPartAt("/query/wallet/trades", ["trades", 0, "txHash"])?.id, "path");
});

/** Every symbol-keyed property anywhere in `value` (none: what a read found is in plain sight). */
function symbolKeys(value: unknown, seen = new Set<unknown>()): symbol[] {
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  return [
    ...Object.getOwnPropertySymbols(value),
    ...Object.values(value).flatMap((item) => symbolKeys(item, seen)),
  ];
}

Deno.test("gaps and dropped rows travel in visible fields: no hidden property, and a copy keeps them", async () => {
  const row = (rank: unknown) => ({
    address: `0x${"1".repeat(40)}`,
    leaderboardName: null,
    rank,
    totalWindowedPnl: "1",
    realizedPnl: "1",
    currentUnrealizedPnl: "-1",
    currentBalance: "1",
    currentQueued: "0",
    currentOpenNotional: "0",
    totalVolume: "0",
    paperTotal: "0",
    currentOpenPositionCount: 0,
  });
  const page = {
    ok: true,
    summary: { uniqueAccounts: 2, trackedBalance: "5" },
    // The second row's rank (modelled) is malformed; the third has no address (a known key).
    accounts: [row(1), row("first"), { ...row(3), address: undefined }],
    pageInfo: { totalPages: 1, totalItems: 3 },
  };
  await withAnswers({ "/state/leaderboard/accounts": () => json(page) }, async (client) => {
    const board = await client.read("leaderboard");
    assert.deepEqual(board.accounts.map((account) => account.rank), [1, null]);
    assert.equal(board.rowsSkipped, 1);
    assert.deepEqual(symbolKeys(board), []);
    const copy = structuredClone(board);
    assert.deepEqual(modelledGapsOf(copy).map((gap) => gap.field), ["accounts.*.rank"]);
    assert.equal(copy.rowsSkipped, 1);
    assert.ok(!("gapPaths" in board), "the paths became named gaps");
  });
});
