import { deepEqual, equal } from "node:assert/strict";
import { type Address, type Hex, stringToHex } from "viem";
import { CONTRACTS, INTENT_KINDS, type IntentKind } from "./contracts.ts";
import type { HyperEvmClient } from "./client.ts";
import { decodeSettlement, decodeTransaction } from "./decode_settlement.ts";
import { intentDigest } from "./intent_digest.ts";
import { intentId } from "./intent_id.ts";
import type { HyperEvmBlock, HyperEvmReceipt, HyperEvmTransaction } from "./types.ts";
import {
  encodeBatch,
  encodePayload,
  executedLog,
  type RawBatchEntry,
  sampleMessage,
  sessionA,
  sessionB,
  signIntent,
  walletA,
  walletB,
} from "./_testing.ts";
import type { PrivateKeyAccount } from "viem/accounts";

const TX_HASH: Hex = `0x${"7a".repeat(32)}`;
const RELAYER: Address = "0x3721476de31190dc1af8908026abe20efe25cf99";

async function entry(kind: IntentKind, wallet: Address, signer: PrivateKeyAccount) {
  const fields = sampleMessage(kind, wallet);
  const raw: RawBatchEntry = {
    kind: INTENT_KINDS.indexOf(kind),
    signer: signer.address,
    payload: encodePayload(kind, fields),
    signature: await signIntent(kind, fields, signer),
  };
  return { raw, id: intentId(intentDigest(kind, fields), signer.address) };
}

function transaction(
  input: Hex,
  to: Address | null = CONTRACTS.batchExecutor,
): HyperEvmTransaction {
  return {
    hash: TX_HASH,
    blockNumber: 48_400_000n,
    blockHash: `0x${"0b".repeat(32)}`,
    transactionIndex: 0,
    from: RELAYER,
    to,
    input,
    value: 0n,
    nonce: 12n,
    gas: 3_000_000n,
    gasPrice: 100_000_000n,
  };
}

function receipt(logs: HyperEvmReceipt["logs"], status: "success" | "reverted" = "success") {
  return {
    transactionHash: TX_HASH,
    blockNumber: 48_400_000n,
    blockHash: `0x${"0b".repeat(32)}`,
    transactionIndex: 0,
    status,
    from: RELAYER,
    to: CONTRACTS.batchExecutor,
    gasUsed: 900_000n,
    effectiveGasPrice: 100_000_000n,
    contractAddress: null,
    logs,
  } satisfies HyperEvmReceipt;
}

Deno.test("a batch from two wallets reports each intent, with a failed call as not executed", async () => {
  const open = await entry("openPosition", walletA.address, sessionA);
  const close = await entry("closePositions", walletB.address, sessionB);
  const stake = await entry("stakePaper", walletB.address, walletB);
  const tx = transaction(encodeBatch([open.raw, close.raw, stake.raw]));
  const logs = [
    executedLog({ intentId: open.id, user: walletA.address, index: 0n, kind: 0, success: true }),
    executedLog({
      intentId: close.id,
      user: walletB.address,
      index: 1n,
      kind: 1,
      success: false,
      reason: stringToHex("position 53573 already closed"),
      logIndex: 1,
    }),
    executedLog({
      intentId: stake.id,
      user: walletB.address,
      index: 2n,
      kind: 5,
      success: true,
      logIndex: 2,
    }),
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
  deepEqual(settlement.intents.map((i) => i.executed), [true, false, true]);
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
    executedLog({ intentId: open.id, user: walletA.address, index: 0n, kind: 0, success: true }),
    executedLog({
      intentId: stake.id,
      user: walletB.address,
      index: 1n,
      kind: 5,
      success: true,
      logIndex: 1,
    }),
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
  equal(intent.executed, false);
  equal(intent.failureReason, "the executor emitted no IntentExecuted event for this intent");
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

Deno.test("intents of a reverted batch are not executed and say why", async () => {
  const claim = await entry("claimRewards", walletA.address, walletA);
  const settlement = await decodeSettlement(
    transaction(encodeBatch([claim.raw])),
    receipt([], "reverted"),
  );
  equal(settlement.status, "reverted");
  equal(settlement.intents[0].signatureVerified, true);
  equal(settlement.intents[0].executed, false);
  equal(settlement.intents[0].failureReason, "the batch transaction reverted");
});

Deno.test("decodeTransaction reports an unknown hash as not found", async () => {
  const client = fakeClient(null, null);
  deepEqual(await decodeTransaction(client, TX_HASH), { found: false });
});

Deno.test("decodeTransaction reads the block time of a mined batch", async () => {
  const claim = await entry("claimRewards", walletA.address, walletA);
  const log = executedLog({
    intentId: claim.id,
    user: walletA.address,
    index: 0n,
    kind: 7,
    success: true,
  });
  const client = fakeClient(transaction(encodeBatch([claim.raw])), receipt([log]));
  const result = await decodeTransaction(client, TX_HASH);
  equal(result.found, true);
  if (!result.found) return;
  equal(result.timestamp, 1791327001n);
  equal(result.intents[0].executed, true);
  equal(result.intents[0].signatureVerified, true);
});

Deno.test("with the block known, transaction, receipt and block are requested together", async () => {
  const claim = await entry("claimRewards", walletA.address, walletA);
  const { client, calls, answer } = deferredClient();
  const decoding = decodeTransaction(client, TX_HASH, { blockNumber: 48_400_000n });
  // all three are out before any answer: one round trip
  deepEqual(calls, ["transaction", "block 48400000", "receipt"]);
  answer.transaction(transaction(encodeBatch([claim.raw])));
  answer.receipt(receipt([]));
  answer.block(48_400_000n);
  const result = await decoding;
  equal(result.found && result.timestamp, 1791327001n);
  equal(calls.length, 3);
});

Deno.test("without a known block, the block is read once the transaction names it, before the receipt", async () => {
  const claim = await entry("claimRewards", walletA.address, walletA);
  const { client, calls, answer } = deferredClient();
  const decoding = decodeTransaction(client, TX_HASH);
  deepEqual(calls, ["transaction", "receipt"]);
  answer.transaction(transaction(encodeBatch([claim.raw])));
  await new Promise((resolve) => setTimeout(resolve, 0));
  // the receipt is still unanswered: tx then block is two round trips, alongside the receipt
  deepEqual(calls, ["transaction", "receipt", "block 48400000"]);
  answer.block(48_400_000n);
  answer.receipt(receipt([]));
  const result = await decoding;
  equal(result.found && result.timestamp, 1791327001n);
});

Deno.test("the receipt's block wins over a guessed block that differs", async () => {
  const claim = await entry("claimRewards", walletA.address, walletA);
  const { client, calls, answer } = deferredClient();
  const decoding = decodeTransaction(client, TX_HASH, { blockNumber: 48_399_999n });
  answer.transaction(transaction(encodeBatch([claim.raw])));
  answer.receipt(receipt([]));
  answer.block(48_399_999n, 1791326999n);
  await new Promise((resolve) => setTimeout(resolve, 0));
  deepEqual(calls, ["transaction", "block 48399999", "receipt", "block 48400000"]);
  answer.block(48_400_000n, 1791327000n);
  const result = await decoding;
  equal(result.found && result.timestamp, 1791327000n);
  equal(result.found && result.blockNumber, 48_400_000n);
});

Deno.test("a pending transaction gets no block read and no time", async () => {
  const claim = await entry("claimRewards", walletA.address, walletA);
  const { client, calls, answer } = deferredClient();
  const decoding = decodeTransaction(client, TX_HASH);
  answer.transaction({ ...transaction(encodeBatch([claim.raw])), blockNumber: null });
  answer.receipt(null);
  const result = await decoding;
  equal(result.found && result.status, "pending");
  equal(result.found && result.timestamp, undefined);
  deepEqual(calls, ["transaction", "receipt"]);
});

/** A client whose answers the test gives, recording each request as it is made. */
function deferredClient() {
  const calls: string[] = [];
  const tx = Promise.withResolvers<HyperEvmTransaction | null>();
  const rec = Promise.withResolvers<HyperEvmReceipt | null>();
  const blocks = new Map<bigint, PromiseWithResolvers<HyperEvmBlock | null>>();
  const blockOf = (number: bigint) => {
    if (!blocks.has(number)) blocks.set(number, Promise.withResolvers());
    return blocks.get(number)!;
  };
  const client: HyperEvmClient = {
    ...fakeClient(null, null),
    transaction: () => {
      calls.push("transaction");
      return tx.promise;
    },
    receipt: () => {
      calls.push("receipt");
      return rec.promise;
    },
    block: (number) => {
      calls.push(`block ${number}`);
      return blockOf(number).promise;
    },
  };
  const answer = {
    transaction: (value: HyperEvmTransaction | null) => tx.resolve(value),
    receipt: (value: HyperEvmReceipt | null) => rec.resolve(value),
    block: (number: bigint, timestamp = 1791327001n) =>
      blockOf(number).resolve({ ...BLOCK, number, timestamp }),
  };
  return { client, calls, answer };
}

const BLOCK: HyperEvmBlock = {
  number: 48_400_000n,
  hash: `0x${"0b".repeat(32)}`,
  parentHash: `0x${"0a".repeat(32)}`,
  timestamp: 1791327001n,
  miner: RELAYER,
  gasUsed: 0n,
  gasLimit: 30_000_000n,
  baseFeePerGas: null,
  transactions: [TX_HASH],
};

function fakeClient(tx: HyperEvmTransaction | null, rec: HyperEvmReceipt | null): HyperEvmClient {
  return {
    blockNumber: () => Promise.resolve(48_400_010n),
    block: (number) =>
      Promise.resolve({
        number,
        hash: `0x${"0b".repeat(32)}`,
        parentHash: `0x${"0a".repeat(32)}`,
        timestamp: 1791327001n,
        miner: RELAYER,
        gasUsed: 0n,
        gasLimit: 30_000_000n,
        baseFeePerGas: null,
        transactions: [TX_HASH],
      }),
    transaction: () => Promise.resolve(tx),
    receipt: () => Promise.resolve(rec),
    logs: () => Promise.resolve([]),
  };
}
