/**
 * A HyperEVM transaction for the transaction page: the decoded settlement (as
 * `decodeTransaction` gives it) plus what the page shows beside it, the raw calldata, the
 * value sent and the gas used. Reads the transaction and receipt in parallel, then the block.
 */
import type { Hex } from "viem";
import { decodeSettlement, type HyperEvmClient, type Settlement } from "./hyperevm/mod.ts";

/** A transaction the chain knows, decoded. */
export interface TransactionDetails {
  settlement: Settlement;
  /** Calldata as sent. */
  input: Hex;
  /** Wei of HYPE sent with it. */
  value: bigint;
  /** Null while pending. */
  gasUsed: bigint | null;
}

/** The transaction's details, or null when no endpoint knows the hash. */
export async function fetchTransactionDetails(
  hyperevm: HyperEvmClient,
  hash: Hex,
): Promise<TransactionDetails | null> {
  const [tx, receipt] = await Promise.all([hyperevm.transaction(hash), hyperevm.receipt(hash)]);
  if (tx === null) return null;
  const block = receipt === null ? null : await hyperevm.block(receipt.blockNumber);
  const settlement = await decodeSettlement(tx, receipt, { timestamp: block?.timestamp });
  return { settlement, input: tx.input, value: tx.value, gasUsed: receipt?.gasUsed ?? null };
}
