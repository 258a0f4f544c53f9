import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import { lookupIntentTool } from "../../tools/lookup_intent.ts";

Deno.test("lookup_intent finds an intent of the live trades feed", async () => {
  await withHarness(async ({ context }) => {
    const feed = catalog.intents.feed;
    const { structured } = await callTool(lookupIntentTool, { intent_id: feed.id }, context);
    assert.equal(structured.state, "feed");
    assert.equal(structured.feed?.intent_id, feed.id);
    assert.equal(structured.feed?.wallet, feed.wallet);
  });
});

Deno.test("lookup_intent finds a pending intent when given the wallet, and says so without it", async () => {
  await withHarness(async ({ context }) => {
    const pending = catalog.intents.pending;
    const found = await callTool(lookupIntentTool, {
      intent_id: pending.id,
      wallet: pending.wallet,
    }, context);
    assert.equal(found.structured.state, "pending");
    assert.equal(found.structured.pending?.intent_id, pending.id);
    assert.equal(found.structured.pending?.action, pending.action);
    assert.equal(found.structured.settlement, null);
    assert.equal(found.structured.relayer_checked, true);

    const blind = await callTool(lookupIntentTool, { intent_id: pending.id }, context);
    assert.equal(blind.structured.state, "not_found");
    assert.equal(blind.structured.relayer_checked, false);
  });
});

Deno.test("lookup_intent reports an intent settled in the window with a verified signature", async () => {
  await withHarness(async ({ context }) => {
    const settled = catalog.intents.settled_in_window;
    const { structured } = await callTool(lookupIntentTool, { intent_id: settled.id }, context);
    assert.equal(structured.state, "settled");
    const s = structured.settlement!;
    assert.equal(s.tx_hash, settled.txHash);
    assert.equal(s.block_number, settled.block);
    assert.equal(s.executed, true);
    assert.equal(s.signature_verified, true);
    assert.equal(s.intent?.intent_id, settled.id);
    assert.equal(s.intent?.wallet, settled.wallet);
    assert.equal(s.intent?.signer, settled.signer);
    assert.equal(s.intent?.action, settled.kind);
  });
});

Deno.test("lookup_intent flags a tampered signature and a failed call", async () => {
  await withHarness(async ({ context }) => {
    const tampered = catalog.intents.tampered;
    const t = await callTool(lookupIntentTool, { intent_id: tampered.id }, context);
    assert.equal(t.structured.state, "settled");
    assert.equal(t.structured.settlement?.signature_verified, false);
    // Reported executed by the executor, but not as signed: one verdict, unverified.
    assert.equal(t.structured.verdict, "unverified");
    assert.equal(t.structured.settlement?.executed, false);
    assert.match(t.structured.verdict_reason!, /signature does not recompute/);

    const failed = catalog.intents.failed;
    const f = await callTool(lookupIntentTool, { intent_id: failed.id }, context);
    assert.equal(f.structured.settlement?.executed, false);
    assert.equal(f.structured.verdict, "failed");
    assert.equal(f.structured.settlement?.intent?.failure_reason, failed.reason);
    assert.ok(f.text.includes(JSON.stringify(failed.reason)), "the reason is quoted");
  });
});

Deno.test("lookup_intent reports older and unknown intents as not_found with the wallet hint", async () => {
  await withHarness(async ({ context }) => {
    for (const id of [catalog.intents.settled_too_old.id, catalog.intents.unknown.id]) {
      const { structured, text } = await callTool(lookupIntentTool, { intent_id: id }, context);
      assert.deepEqual(structured, {
        intent_id: id,
        state: "not_found",
        verdict: null,
        verdict_reason: null,
        feed: null,
        pending: null,
        outcome: null,
        settlement: null,
        history: null,
        scanned: { from_block: catalog.scan.oldestBlock, to_block: catalog.headBlock },
        relayer_checked: false,
        unavailable: [],
      });
      assert.ok(text.includes(`to_block: ${catalog.headBlock}`), text);
    }
  });
});

Deno.test("lookup_intent with the wallet finds an old intent in its history, settled however old", async () => {
  await withHarness(async ({ context }) => {
    // The oldest close of the busiest wallet: its history row names no transaction.
    const old = catalog.positions.closed_unnamed;
    const { structured, text } = await callTool(lookupIntentTool, {
      intent_id: old.intentId,
      wallet: old.owner,
    }, context);
    assert.equal(structured.state, "history");
    assert.equal(structured.verdict, "executed");
    assert.deepEqual(structured.history, {
      kind: "closed",
      position_id: old.id,
      liquidated: false,
      at: structured.history!.at,
      tx_hash: old.txHash,
    });
    assert.ok(text.includes(old.txHash), text);
    const unknown = await callTool(lookupIntentTool, {
      intent_id: catalog.intents.unknown.id,
      wallet: old.owner,
    }, context);
    assert.equal(unknown.structured.state, "not_found");
    assert.equal(unknown.structured.history, null);
    assert.equal(unknown.structured.relayer_checked, true);
  });
});

Deno.test("lookup_intent rejects malformed ids and wallets with messages naming them", () => {
  assert.equal(
    inputError(lookupIntentTool, { intent_id: "0x1234" }),
    "intent_id: expected 0x followed by 64 hex characters",
  );
  assert.equal(
    inputError(lookupIntentTool, { intent_id: catalog.intents.unknown.id, wallet: "me" }),
    "wallet: expected 0x followed by 40 hex characters",
  );
  assert.match(inputError(lookupIntentTool, {}), /^intent_id: required/);
});
