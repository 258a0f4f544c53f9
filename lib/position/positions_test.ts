import assert from "node:assert/strict";
import { catalog, withReplayClients } from "../../tests/support/replay_clients.ts";
import { fetchWalletPositions, findClosedTrade } from "./positions.ts";

Deno.test("fetchWalletPositions values every open position with one mark per market", async () => {
  await withReplayClients(async (sources) => {
    const whale = catalog.wallets.whale;
    const found = await fetchWalletPositions(sources, whale.address);
    assert.equal(found.positions.length, whale.openPositions);
    assert.equal(found.totals.count, whale.openPositions);
    assert.equal(found.marks.size, 2);
    assert.ok(found.positions.every((p) => p.mark !== null && p.risk !== null));
    assert.equal(found.closed, null);
  });
});

Deno.test("fetchWalletPositions narrows to one id and falls back to the trade history", async () => {
  await withReplayClients(async (sources) => {
    const open = catalog.positions.open;
    const one = await fetchWalletPositions(sources, open.owner, { positionId: open.id });
    assert.deepEqual(one.positions.map((p) => p.position.positionId), [open.id]);
    const closed = catalog.positions.closed;
    const gone = await fetchWalletPositions(sources, closed.owner, { positionId: closed.id });
    assert.deepEqual(gone.positions, []);
    assert.equal(gone.closed?.positionId, closed.id);
  });
});

Deno.test("findClosedTrade reads no more pages than allowed", async () => {
  await withReplayClients(async ({ papertrade }) => {
    const wallet = catalog.tradeHistory.wallet;
    const history = await papertrade.read("tradeHistory", { wallet });
    const onSecondPage =
      (await papertrade.read("tradeHistory", { wallet, cursor: history.nextCursor! })).trades[0]
        .positionId;
    const match = { positionId: onSecondPage };
    assert.equal(await findClosedTrade(papertrade, wallet, match, { maxPages: 1 }), null);
    const found = await findClosedTrade(papertrade, wallet, match, { maxPages: 2 });
    assert.equal(found?.positionId, onSecondPage);
    const unknown = { positionId: catalog.positions.unknown.id };
    assert.equal(await findClosedTrade(papertrade, wallet, unknown), null);
  });
});
