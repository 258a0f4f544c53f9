/**
 * A HyperEVM transaction for the transaction page: the decoded settlement (as
 * `decodeTransaction` gives it) plus what the page shows beside it, the raw calldata, the
 * value sent and the gas used. Reads the transaction and receipt in parallel, then the block.
 */
import type { Hex } from "viem";
import { decodeSettlement, type HyperEvmClient, type Settlement } from "./hyperevm/mod.ts";
import { Parts, type UnavailablePart } from "./parts.ts";

/** A transaction the chain knows, decoded. */
export interface TransactionDetails {
  settlement: Settlement;
  /** Calldata as sent. */
  input: Hex;
  /** Wei of HYPE sent with it. */
  value: bigint;
  /** Null while pending or when the receipt could not be read. */
  gasUsed: bigint | null;
  /** The receipt or block reads that failed, each naming its part and method. */
  unavailable: UnavailablePart[];
}

/**
 * The transaction's details, or null when no endpoint knows the hash. The transaction read is
 * required; a failed receipt or block read leaves its part out and is named in `unavailable`.
 */
export async function fetchTransactionDetails(
  hyperevm: HyperEvmClient,
  hash: Hex,
): Promise<TransactionDetails | null> {
  const parts = new Parts();
  const [tx, receipt] = await Promise.all([
    hyperevm.transaction(hash),
    parts.read(hyperevm.receipt(hash), "receipt (status, gas, intent results)"),
  ]);
  if (tx === null) return null;
  const receiptMissing = parts.unavailable.length > 0;
  const block = receipt === null
    ? null
    : await parts.read(hyperevm.block(receipt.blockNumber), "block time");
  const settlement = await decodeSettlement(tx, receipt, {
    timestamp: block?.timestamp,
    receiptMissing,
  });
  return {
    settlement,
    input: tx.input,
    value: tx.value,
    gasUsed: receipt?.gasUsed ?? null,
    unavailable: parts.unavailable,
  };
}
