/**
 * Domain shapes of what the chain reports. Quantities are bigint, hex is lower-case, and
 * nothing here carries JSON-RPC encodings: the client converts at the boundary.
 */
import type { Address, Hex } from "viem";

/** One log entry of a mined transaction. */
export interface HyperEvmLog {
  /** Contract that emitted the log. */
  address: Address;
  /** Indexed topics; topics[0] is the event selector for non-anonymous events. */
  topics: Hex[];
  /** ABI-encoded non-indexed arguments. */
  data: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: number;
  /** Position of the log within its block. */
  logIndex: number;
  /** True when a reorganisation dropped the log. */
  removed: boolean;
}

/** A block header with its transaction hashes. */
export interface HyperEvmBlock {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
  /** Unix seconds. */
  timestamp: bigint;
  miner: Address;
  gasUsed: bigint;
  gasLimit: bigint;
  /** Null before EIP-1559 style fees. */
  baseFeePerGas: bigint | null;
  transactions: Hex[];
}

/** A transaction as sent; block fields are null while it is pending. */
export interface HyperEvmTransaction {
  hash: Hex;
  blockNumber: bigint | null;
  blockHash: Hex | null;
  transactionIndex: number | null;
  from: Address;
  /** Null for contract creation. */
  to: Address | null;
  /** Calldata. */
  input: Hex;
  /** Wei of HYPE sent. */
  value: bigint;
  nonce: bigint;
  gas: bigint;
  gasPrice: bigint | null;
}

/** The outcome of a mined transaction. */
export interface HyperEvmReceipt {
  transactionHash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  transactionIndex: number;
  status: "success" | "reverted";
  from: Address;
  to: Address | null;
  gasUsed: bigint;
  effectiveGasPrice: bigint | null;
  contractAddress: Address | null;
  logs: HyperEvmLog[];
}
