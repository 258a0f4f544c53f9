import assert from "node:assert/strict";
import { catalog, withReplayClients } from "../../tests/support/replay_clients.ts";
import { resolveSearch } from "./resolve.ts";

Deno.test("resolveSearch asks the chain whether a hash is a transaction or an intent id", async () => {
  await withReplayClients(async (sources) => {
    const tx = await resolveSearch(sources, catalog.transactions.batch_with_failed_call.hash);
    assert.equal(tx.kind, "transaction");
    const intent = await resolveSearch(sources, catalog.intents.failed.id);
    assert.equal(intent.kind, "intent");
    assert.equal(intent.kind === "intent" && intent.lookup.state, "settled");
  });
});

Deno.test("resolveSearch reports unknown wallets, unknown positions and unmatched names", async () => {
  await withReplayClients(async (sources) => {
    const wallet = await resolveSearch(sources, catalog.wallets.unknown.address);
    assert.deepEqual(wallet, {
      kind: "wallet",
      value: catalog.wallets.unknown.address,
      summary: null,
    });
    const position = await resolveSearch(sources, catalog.positions.unknown.id);
    assert.deepEqual(position, {
      kind: "position",
      value: catalog.positions.unknown.id,
      owner: null,
      trade: null,
    });
    const name = await resolveSearch(sources, "no such trader zzqx");
    assert.equal(name.kind, "unknown");
  });
});
