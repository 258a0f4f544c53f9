import assert from "node:assert/strict";
import { catalog, withReplayClients } from "../wallet/_testing.ts";
import { lookupIntent } from "./lookup.ts";

Deno.test("lookupIntent records every check's finding and picks the state in order", async () => {
  await withReplayClients(async (sources) => {
    const settled = catalog.intents.settled_in_window;
    const found = await lookupIntent(sources, settled.id, { wallet: settled.wallet });
    assert.equal(found.state, "settled");
    assert.equal(found.pendingChecked, true);
    assert.equal(found.pending, null);
    assert.equal(found.settlement?.match.txHash, settled.txHash);
    assert.equal(found.settlement?.intent?.intentId, settled.id);
    assert.equal(found.scanned.toBlock, BigInt(catalog.headBlock));
    assert.equal(found.scanned.fromBlock, BigInt(catalog.scan.oldestBlock));
  });
});

Deno.test("lookupIntent treats a wallet the exchange never saw as having nothing pending", async () => {
  await withReplayClients(async (sources) => {
    const tampered = catalog.intents.tampered;
    const found = await lookupIntent(sources, tampered.id.toUpperCase().replace("0X", "0x"), {
      wallet: catalog.wallets.unknown.address,
    });
    assert.equal(found.intentId, tampered.id);
    assert.equal(found.pending, null);
    assert.equal(found.state, "settled");
    assert.equal(found.settlement?.intent?.signatureVerified, false);
  });
});
