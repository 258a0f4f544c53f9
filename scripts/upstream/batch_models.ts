/**
 * What a real settlement transaction says about the modelled BatchExecutor items of the chain
 * table (`lib/hyperevm/sources.ts`): its calldata either decodes as the modelled `executeBatch`
 * or not, and its receipt either carries one modelled `IntentExecuted` per intent or not.
 */
import {
  formatTransaction,
  formatTransactionReceipt,
  type RpcTransaction,
  type RpcTransactionReceipt,
} from "viem";
import {
  CONTRACTS,
  decodeBatchCalldata,
  type HyperEvmReceipt,
  readExecutions,
} from "../../lib/hyperevm/mod.ts";
import { RPC_METHODS } from "../../lib/hyperevm/sources.ts";

/** One verdict on a modelled chain item, with what contradicted it. */
interface BatchModelFinding {
  id: "batchCalldata" | "batchEvent";
  verdict: "confirmed" | "contradicted";
  /** Why it is contradicted (empty when confirmed). */
  detail: string;
}

/**
 * Findings for one transaction, from its raw JSON-RPC answers (the receipt null when there is
 * none); none when it was not sent to the BatchExecutor.
 */
export function judgeBatchModels(txAnswer: unknown, receiptAnswer: unknown): BatchModelFinding[] {
  const tx = formatTransaction(
    RPC_METHODS.eth_getTransactionByHash.schema.parse(txAnswer) as RpcTransaction,
  );
  if (tx.to?.toLowerCase() !== CONTRACTS.batchExecutor) return [];
  const intents = decodeBatchCalldata(tx.input);
  const broken = intents?.find((intent) => intent.decodeError);
  const calldata: BatchModelFinding = intents === null
    ? contradicted("batchCalldata", "the calldata does not decode as executeBatch")
    : broken
    ? contradicted("batchCalldata", `intent ${broken.index} does not decode`)
    : { id: "batchCalldata", verdict: "confirmed", detail: "" };
  if (receiptAnswer === null || intents === null) return [calldata];
  const receipt = formatTransactionReceipt(
    RPC_METHODS.eth_getTransactionReceipt.schema.parse(receiptAnswer) as RpcTransactionReceipt,
  ) as HyperEvmReceipt;
  const executions = readExecutions(receipt.logs);
  return [
    calldata,
    executions.length === intents.length
      ? { id: "batchEvent", verdict: "confirmed", detail: "" }
      : contradicted(
        "batchEvent",
        `${executions.length} IntentExecuted logs for ${intents.length} intents`,
      ),
  ];
}

function contradicted(id: BatchModelFinding["id"], detail: string): BatchModelFinding {
  return { id, verdict: "contradicted", detail };
}
