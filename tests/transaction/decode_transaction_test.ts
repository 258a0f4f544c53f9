import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import type { SettledIntent, Settlement } from "../../lib/hyperevm/mod.ts";
import { decodeTransactionTool } from "../../tools/decode_transaction.ts";
import { decodedJson, MAX_LISTED_INTENTS } from "../../lib/transaction/mod.ts";
import { modelText } from "../../tools/model_text.ts";

const txs = catalog.transactions;

Deno.test("decode_transaction decodes a batch from several wallets with verified signatures", async () => {
  await withHarness(async ({ context }) => {
    const batch = txs.multi_wallet_batch;
    const { structured } = await callTool(decodeTransactionTool, { tx_hash: batch.hash }, context);
    assert.equal(structured.found, true);
    assert.equal(structured.status, "success");
    assert.equal(structured.block_number, batch.block);
    assert.equal(structured.is_batch, true);
    assert.deepEqual(structured.intents.map((intent) => intent.intent_id), batch.intentIds);
    assert.deepEqual(
      [...new Set(structured.intents.map((intent) => intent.wallet))].sort(),
      [...batch.wallets].sort(),
    );
    for (const intent of structured.intents) {
      assert.equal(intent.signature_verified, true, `intent ${intent.index} verifies`);
      assert.equal(intent.verdict, "executed");
      assert.equal(intent.executed, true);
      assert.ok(intent.fields?.deadline, "deadline shown as a time");
    }
    // The batch's one close is in the Exchange's own events too, naming its wallet.
    const close = structured.intents.find((intent) => intent.action === "closePositions")!;
    assert.deepEqual(structured.events.map((event) => [event.name, event.wallet]), [
      ["PositionsClosed", close.wallet],
    ]);
    assert.ok(structured.events[0].margin_returned_usd! > 0);
    assert.equal(structured.papertrade, true);
    assert.deepEqual([...structured.wallets].sort(), [...batch.wallets].sort());
    const open = structured.intents.find((intent) => intent.action === "openPosition");
    if (open) {
      assert.ok(["BTC", "ETH"].includes(open.fields!.market!));
      assert.ok(open.fields!.margin_usd! > 0 && open.fields!.leverage! >= 1);
      assert.ok(open.fields!.side === "long" || open.fields!.side === "short");
    }
  });
});

Deno.test("decode_transaction marks the failed call of a successful batch as not executed", async () => {
  await withHarness(async ({ context }) => {
    const batch = txs.batch_with_failed_call;
    const { structured, text } = await callTool(
      decodeTransactionTool,
      { tx_hash: batch.hash },
      context,
    );
    assert.equal(structured.status, "success");
    for (const intent of structured.intents) {
      const failed = intent.intent_id === batch.failedIntentId;
      assert.equal(intent.verdict, failed ? "failed" : "executed");
      assert.equal(intent.executed, !failed);
      assert.equal(intent.failure_reason, failed ? batch.reason : null);
      assert.equal(intent.verdict_reason, failed ? batch.reason : null);
    }
    // The chain's reason reaches the text quoted, as data.
    assert.ok(text.includes(JSON.stringify(batch.reason)));
    assert.equal(structured.intent_count, 4);
  });
});

Deno.test("decode_transaction reports a tampered signature as not verified", async () => {
  await withHarness(async ({ context }) => {
    const batch = txs.batch_with_tampered_signature;
    const { structured, text } = await callTool(
      decodeTransactionTool,
      { tx_hash: batch.hash },
      context,
    );
    const tampered = structured.intents.find((intent) =>
      intent.intent_id === batch.tamperedIntentId
    );
    assert.ok(tampered, "the tampered intent is listed");
    assert.equal(tampered.signature_verified, false);
    // The executor reported it executed, but what ran is not what was signed.
    assert.equal(tampered.verdict, "unverified");
    assert.equal(tampered.executed, false);
    assert.equal(tampered.signer, batch.declaredSigner);
    assert.ok(tampered.verification_problem);
    // The text alone gives its verdict and both signers of the failed check, on its row.
    const line = text.split("\n").find((row) => row.includes(batch.tamperedIntentId));
    assert.ok(line, text);
    assert.ok(line.includes(`signer: ${batch.declaredSigner}`), line);
    assert.ok(line.includes(`recovered_signer: ${tampered.recovered_signer ?? "n/a"}`), line);
    assert.ok(line.includes(JSON.stringify(tampered.verdict_reason)), line);
    assert.ok(line.includes("executed: false"), line);
    const others = structured.intents.filter((intent) => intent !== tampered);
    assert.ok(others.every((intent) => intent.signature_verified));
  });
});

Deno.test("decode_transaction reports other transactions as not a batch and unknown hashes as not found", async () => {
  await withHarness(async ({ context }) => {
    const other = await callTool(
      decodeTransactionTool,
      { tx_hash: txs.not_papertrade.hash },
      context,
    );
    assert.equal(other.structured.found, true);
    assert.equal(other.structured.papertrade, false);
    assert.equal(other.structured.is_batch, false);
    assert.deepEqual(other.structured.intents, []);
    assert.deepEqual(other.structured.events, []);
    assert.equal(other.structured.selector, "0xa9059cbb");
    assert.equal(other.structured.block_number, txs.not_papertrade.block);

    const unknown = await callTool(decodeTransactionTool, { tx_hash: txs.unknown.hash }, context);
    // Every other field of an unknown hash is empty: null, false or an empty list.
    const { tx_hash, found, calldata_bytes, ...rest } = unknown.structured;
    assert.deepEqual([tx_hash, found, calldata_bytes], [txs.unknown.hash, false, 0]);
    const all = (keys: string[], value: unknown) => keys.map((key) => [key, value]);
    assert.deepEqual(
      rest,
      Object.fromEntries([
        ...all(["status", "block_number", "selector"], null),
        ...all(["papertrade", "is_batch"], false),
        ...all(["intent_count"], 0),
        ...all(["events", "wallets", "intents", "unavailable"], []),
      ]),
    );
  });
});

Deno.test("decode_transaction reads old settlements and liquidations from the Exchange's events", async () => {
  await withHarness(async ({ context }) => {
    const old = catalog.positions.closed_unnamed;
    const close = await callTool(decodeTransactionTool, { tx_hash: old.txHash }, context);
    assert.deepEqual(close.structured.events.map((event) => [event.name, event.wallet]), [
      ["PositionsClosed", old.owner],
    ]);
    assert.deepEqual(close.structured.wallets, [old.owner]);
    const margin = close.structured.events[0].margin_returned_usd!;
    assert.ok(margin > 0 && close.text.includes(`margin_returned_usd: ${margin}`), close.text);

    const liquidated = catalog.positions.liquidated;
    const { structured, text } = await callTool(
      decodeTransactionTool,
      { tx_hash: liquidated.txHash },
      context,
    );
    assert.equal(structured.papertrade, true);
    assert.equal(structured.is_batch, false);
    const [event] = structured.events;
    assert.equal(event.name, "Liquidated");
    assert.equal(event.position_id, liquidated.id);
    assert.equal(event.wallet, liquidated.owner);
    // Its market comes from the owner's trade history: prices in units, raw kept beside them.
    assert.ok(event.market === "BTC" || event.market === "ETH");
    const scale = event.market === "BTC" ? 10 : 100;
    assert.equal(event.mark_price, Number(event.mark_price_raw) / scale);
    assert.ok(text.includes(`mark_price: ${event.mark_price}`), text);
  });
});

Deno.test("decode_transaction rejects malformed hashes with a message naming tx_hash", () => {
  assert.equal(
    inputError(decodeTransactionTool, { tx_hash: txs.unknown.hash.slice(0, 40) }),
    "tx_hash: expected 0x followed by 64 hex characters",
  );
  assert.equal(
    inputError(decodeTransactionTool, { hash: txs.unknown.hash }),
    "tx_hash: required: 0x followed by 64 hex characters; unknown argument 'hash'; accepted arguments: tx_hash",
  );
});

Deno.test("decode_transaction lists the first intents of a huge batch and counts them all", () => {
  const signer = "0x000000000000000000000000000000000000dead" as const;
  const intents = Array.from({ length: 120 }, (_, index): SettledIntent => ({
    index,
    // Opens carry the most fields: the widest row a batch can list.
    action: "openPosition",
    wallet: signer,
    signer,
    recoveredSigner: signer,
    fields: {
      user: signer,
      instrumentId: 1n,
      isLong: true,
      size: 123_456_789n * 10n ** 15n,
      leverage: 1000n,
      useDebt: false,
      nonce: BigInt(index),
      deadline: 1_791_900_000n,
    },
    intentId: `0x${index.toString(16).padStart(64, "0")}`,
    computedIntentId: `0x${index.toString(16).padStart(64, "0")}`,
    signatureVerified: true,
    verificationProblem: null,
    reported: true,
    failureReason: null,
  }));
  const settlement: Settlement = {
    txHash: catalog.transactions.unknown.hash as `0x${string}`,
    status: "success",
    blockNumber: 1n,
    from: signer,
    to: signer,
    input: "0x",
    selector: null,
    value: 0n,
    gasUsed: null,
    papertrade: true,
    isBatch: true,
    intents,
    events: [],
  };
  const json = decodedJson(settlement.txHash, settlement);
  assert.equal(json.intents.length, MAX_LISTED_INTENTS);
  assert.equal(json.intent_count, 120);
  decodeTransactionTool.outputSchema.parse(json);
  const text = modelText(json);
  assert.ok(JSON.stringify(json).length + text.length < 45_000);
});
