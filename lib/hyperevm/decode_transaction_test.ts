/** How decodeTransaction reads a transaction, its receipt and its block, and in what order. */
import { deepEqual, equal } from "node:assert/strict";
import { decodeTransaction } from "./decode_settlement.ts";
import {
  batchEntry as entry,
  batchReceipt as receipt,
  batchTransaction as transaction,
  deferredChainClient as deferredClient,
  encodeBatch,
  executedLog,
  fakeChainClient as fakeClient,
  TX_HASH,
  walletA,
} from "../../tests/support/hyperevm.ts";

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
  equal(result.intents[0].reported, true);
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
