import assert from "node:assert/strict";
import { catalog } from "../../fixtures/mod.ts";
import { judgeBatchModels } from "./verify.ts";

const chain = JSON.parse(
  Deno.readTextFileSync(new URL("../../fixtures/data/chain.json", import.meta.url)),
) as {
  transactions: Array<{ hash: string; input: string }>;
  receipts: Array<{ transactionHash: string; logs: unknown[] }>;
};

function recorded(hash: string) {
  return {
    tx: chain.transactions.find((t) => t.hash === hash)!,
    receipt: chain.receipts.find((r) => r.transactionHash === hash)!,
  };
}

Deno.test("a batch that decodes with one IntentExecuted per intent confirms both models", () => {
  const { tx, receipt } = recorded(catalog.transactions.multi_wallet_batch.hash);
  assert.deepEqual(judgeBatchModels(tx, receipt).map((f) => [f.id, f.verdict]), [
    ["batchCalldata", "confirmed"],
    ["batchEvent", "confirmed"],
  ]);
});

Deno.test("calldata or logs that do not fit the model contradict it; other transactions say nothing", () => {
  const { tx, receipt } = recorded(catalog.transactions.multi_wallet_batch.hash);
  const garbled = judgeBatchModels({ ...tx, input: "0xdeadbeef" }, receipt);
  assert.deepEqual(garbled.map((f) => [f.id, f.verdict, f.detail]), [
    ["batchCalldata", "contradicted", "the calldata does not decode as executeBatch"],
  ]);
  const silent = judgeBatchModels(tx, { ...receipt, logs: [] });
  assert.equal(silent[1].verdict, "contradicted");
  assert.match(silent[1].detail, /^0 IntentExecuted logs for \d+ intents$/);
  const other = recorded(catalog.transactions.not_papertrade.hash);
  assert.deepEqual(judgeBatchModels(other.tx, other.receipt), []);
});
