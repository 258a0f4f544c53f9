/**
 * What a real settlement transaction says about the modelled BatchExecutor items of the chain
 * table (`lib/hyperevm/sources.ts`): its calldata either decodes as the modelled `executeBatch`
 * or not, and its receipt either carries one modelled `IntentExecuted` per intent or not.
 */
import { formatLog, type RpcLog } from "viem";
import { CONTRACTS, decodeBatchCalldata, readExecutions } from "../../lib/hyperevm/mod.ts";
import type { HyperEvmLog } from "../../lib/hyperevm/client.ts";
import { RPC_METHODS } from "../../lib/hyperevm/sources.ts";

/** One verdict on a modelled chain item, with what contradicted it (empty when confirmed). */
interface BatchModelFinding {
  id: "batchCalldata" | "batchEvent";
  verdict: "confirmed" | "contradicted";
  detail: string;
}

/**
 * Findings for one transaction, from its raw JSON-RPC answers (the receipt null when there is
 * none); none when it was not sent to the BatchExecutor.
 */
export function judgeBatchModels(txAnswer: unknown, receiptAnswer: unknown): BatchModelFinding[] {
  const tx = RPC_METHODS.eth_getTransactionByHash.schema.parse(txAnswer);
  if (tx.to !== CONTRACTS.batchExecutor) return [];
  const intents = decodeBatchCalldata(tx.input);
  const broken = intents?.find((intent) => intent.decodeError);
  const calldata = judged(
    "batchCalldata",
    intents === null
      ? "the calldata does not decode as executeBatch"
      : broken
      ? `intent ${broken.index} does not decode`
      : "",
  );
  if (receiptAnswer === null || intents === null) return [calldata];
  const { logs } = RPC_METHODS.eth_getTransactionReceipt.schema.parse(receiptAnswer);
  const executions = readExecutions(logs.map((log) => formatLog(log as RpcLog) as HyperEvmLog));
  const counted = executions.length === intents.length;
  return [
    calldata,
    judged(
      "batchEvent",
      counted ? "" : `${executions.length} IntentExecuted logs for ${intents.length} intents`,
    ),
  ];
}

function judged(id: BatchModelFinding["id"], contradiction: string): BatchModelFinding {
  return { id, verdict: contradiction ? "contradicted" : "confirmed", detail: contradiction };
}
