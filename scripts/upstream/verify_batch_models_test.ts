import assert from "node:assert/strict";
import { formatTransaction, formatTransactionReceipt, type Hex } from "viem";
import { catalog } from "../../fixtures/mod.ts";
import type { HyperEvmReceipt, HyperEvmTransaction } from "../../lib/hyperevm/client.ts";
import { judgeBatchModels } from "./verify.ts";

const chain = JSON.parse(
  Deno.readTextFileSync(new URL("../../fixtures/data/chain.json", import.meta.url)),
) as { transactions: Array<{ hash: string }>; receipts: Array<{ transactionHash: string }> };

/** A recorded transaction and its receipt, as the chain client gives them (viem's formatters). */
function recorded(hash: string) {
  const tx = chain.transactions.find((t) => t.hash === hash)!;
  const receipt = chain.receipts.find((r) => r.transactionHash === hash)!;
  return {
    tx: formatTransaction(tx as never) as unknown as HyperEvmTransaction,
    receipt: formatTransactionReceipt(receipt as never) as unknown as HyperEvmReceipt,
  };
}

Deno.test("a batch that decodes with one IntentExecuted per intent confirms both models", () => {
  const { tx, receipt } = recorded(catalog.transactions.multi_wallet_batch.hash);
  assert.deepEqual(judgeBatchModels(tx, receipt), { batchCalldata: "", batchEvent: "" });
});

Deno.test("calldata or logs that do not fit the model contradict it; other transactions say nothing", () => {
  const { tx, receipt } = recorded(catalog.transactions.multi_wallet_batch.hash);
  // By item: "" confirms it, a sentence contradicts it; an item not judged is absent.
  const garbled = judgeBatchModels({ ...tx, input: "0xdeadbeef" as Hex }, receipt);
  assert.deepEqual(Object.keys(garbled), ["batchCalldata"]);
  assert.notEqual(garbled.batchCalldata, "");
  const silent = judgeBatchModels(tx, { ...receipt, logs: [] });
  assert.equal(silent.batchCalldata, "");
  assert.notEqual(silent.batchEvent, "");
  const other = recorded(catalog.transactions.not_papertrade.hash);
  assert.deepEqual(judgeBatchModels(other.tx, other.receipt), {});
});
