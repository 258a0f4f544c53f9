import { deepEqual, equal } from "node:assert/strict";
import { type Address, type Hex, stringToHex } from "viem";
import { CONTRACTS } from "./contracts.ts";
import { decodeSettlement } from "./decode_settlement.ts";
import {
  batchEntry as entry,
  batchReceipt as receipt,
  batchTransaction as transaction,
  encodeBatch,
  encodePayload,
  executedLog,
  RELAYER,
  sampleMessage,
  sessionA,
  sessionB,
  walletA,
  walletB,
} from "../../tests/support/hyperevm.ts";

/** The executor's success event for the intent at batch `index` (and log index). */
const succeeded = (intentId: Hex, user: Address, index: number, kind: number) =>
  executedLog({ intentId, user, index: BigInt(index), kind, success: true, logIndex: index });

Deno.test("a batch from two wallets reports each intent, with a failed call as reported failed", async () => {
  const open = await entry("openPosition", walletA.address, sessionA);
  const close = await entry("closePositions", walletB.address, sessionB);
  const stake = await entry("stakePaper", walletB.address, walletB);
  const tx = transaction(encodeBatch([open.raw, close.raw, stake.raw]));
  const logs = [
    succeeded(open.id, walletA.address, 0, 0),
    executedLog({
      intentId: close.id,
      user: walletB.address,
      index: 1n,
      kind: 1,
      success: false,
      reason: stringToHex("position 53573 already closed"),
      logIndex: 1,
    }),
    succeeded(stake.id, walletB.address, 2, 5),
  ];
  const settlement = await decodeSettlement(tx, receipt(logs), { timestamp: 1791327000n });
  equal(settlement.isBatch, true);
  equal(settlement.status, "success");
  equal(settlement.timestamp, 1791327000n);
  deepEqual(settlement.intents.map((i) => i.action), [
    "openPosition",
    "closePositions",
    "stakePaper",
  ]);
  deepEqual(settlement.intents.map((i) => i.wallet), [
    walletA.address.toLowerCase(),
    walletB.address.toLowerCase(),
    walletB.address.toLowerCase(),
  ]);
  deepEqual(settlement.intents.map((i) => i.signatureVerified), [true, true, true]);
  deepEqual(settlement.intents.map((i) => i.reported), [true, false, true]);
  deepEqual(settlement.intents.map((i) => i.intentId), [open.id, close.id, stake.id]);
  equal(settlement.intents[1].failureReason, "position 53573 already closed");
  equal(settlement.intents[0].failureReason, null);
  equal(settlement.intents[0].recoveredSigner, sessionA.address.toLowerCase());
});

Deno.test("onlyIndex decodes just that intent, and an index not in the batch decodes them all", async () => {
  const open = await entry("openPosition", walletA.address, sessionA);
  const stake = await entry("stakePaper", walletB.address, walletB);
  const tx = transaction(encodeBatch([open.raw, stake.raw]));
  const logs = [
    succeeded(open.id, walletA.address, 0, 0),
    succeeded(stake.id, walletB.address, 1, 5),
  ];
  const one = await decodeSettlement(tx, receipt(logs), { onlyIndex: 1 });
  deepEqual(one.intents.map((i) => [i.index, i.intentId, i.signatureVerified]), [
    [1, stake.id, true],
  ]);
  const all = await decodeSettlement(tx, receipt(logs), { onlyIndex: 7 });
  deepEqual(all.intents.map((i) => i.index), [0, 1]);
});

Deno.test("an intent whose payload was changed after signing is reported unverified", async () => {
  const original = await entry("withdrawToCore", walletA.address, walletA);
  const tampered = {
    ...original.raw,
    payload: encodePayload("withdrawToCore", {
      ...sampleMessage("withdrawToCore", walletA.address),
      amount: 15_000_000_000n,
    }),
  };
  const settlement = await decodeSettlement(transaction(encodeBatch([tampered])), receipt([]));
  const [intent] = settlement.intents;
  equal(intent.signatureVerified, false);
  equal(intent.fields!.amount, 15_000_000_000n);
  equal(intent.reported, null);
  equal(intent.failureReason, null);
  // with no event the id shown is the computed one
  equal(intent.intentId, intent.computedIntentId);
});

Deno.test("a transaction to another contract is not a batch even with batch calldata", async () => {
  const claim = await entry("claimRewards", walletA.address, walletA);
  const elsewhere = await decodeSettlement(
    transaction(encodeBatch([claim.raw]), CONTRACTS.exchange),
    receipt([]),
  );
  equal(elsewhere.isBatch, false);
  deepEqual(elsewhere.intents, []);
  const transfer = await decodeSettlement(transaction("0x", RELAYER), receipt([]));
  equal(transfer.isBatch, false);
  equal(transfer.to, RELAYER);
});

Deno.test("intents of a reverted batch decode; the receipt holds no event for them", async () => {
  const claim = await entry("claimRewards", walletA.address, walletA);
  const settlement = await decodeSettlement(
    transaction(encodeBatch([claim.raw])),
    receipt([], "reverted"),
  );
  equal(settlement.status, "reverted");
  equal(settlement.intents[0].signatureVerified, true);
  equal(settlement.intents[0].reported, null);
});
