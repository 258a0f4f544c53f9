/**
 * What a real settlement transaction says about the modelled BatchExecutor items of the chain
 * table (lib/hyperevm/sources.ts): its calldata either decodes as the modelled `executeBatch`
 * or not, and its receipt either carries one modelled `IntentExecuted` per intent or not.
 */
import {
  CHAIN_ITEMS,
  CONTRACTS,
  decodeBatchCalldata,
  type HyperEvmReceipt,
  type HyperEvmTransaction,
  readExecutions,
} from "../hyperevm/mod.ts";

/** One verdict on a modelled chain item, with what contradicted it. */
export interface ChainModelFinding {
  id: "batchCalldata" | "batchEvent";
  verdict: "confirmed" | "contradicted";
  /** Why it is contradicted (empty when confirmed). */
  detail: string;
}

/** Findings for one transaction; none when it was not sent to the BatchExecutor. */
export function judgeBatchModels(
  tx: HyperEvmTransaction,
  receipt: HyperEvmReceipt | null,
): ChainModelFinding[] {
  if (tx.to?.toLowerCase() !== CONTRACTS.batchExecutor) return [];
  const intents = decodeBatchCalldata(tx.input);
  const broken = intents?.find((intent) => "decodeError" in intent && intent.decodeError);
  const findings: ChainModelFinding[] = [
    intents === null
      ? contradicted("batchCalldata", "the calldata does not decode as executeBatch")
      : broken
      ? contradicted("batchCalldata", `intent ${broken.index} does not decode`)
      : { id: "batchCalldata", verdict: "confirmed", detail: "" },
  ];
  if (receipt === null || intents === null) return findings;
  const executions = readExecutions(receipt.logs);
  findings.push(
    executions.length === intents.length
      ? { id: "batchEvent", verdict: "confirmed", detail: "" }
      : contradicted(
        "batchEvent",
        `${executions.length} IntentExecuted logs for ${intents.length} intents`,
      ),
  );
  return findings;
}

/** The table's note on a chain item (why it is modelled). */
export function chainItemNote(id: string): string {
  return CHAIN_ITEMS.find((item) => item.id === id)?.note ?? id;
}

function contradicted(id: ChainModelFinding["id"], detail: string): ChainModelFinding {
  return { id, verdict: "contradicted", detail };
}
