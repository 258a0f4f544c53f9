/**
 * zod schemas for the JSON-RPC answers the client reads, converting wire encodings (hex
 * quantities, mixed-case addresses) into the domain shapes of `types.ts`.
 */
import { ADDRESS_PATTERN, HASH_PATTERN, HEX_QUANTITY_PATTERN } from "../address.ts";
import { z } from "zod";
import type { Address, Hex } from "viem";
import type { HyperEvmBlock, HyperEvmLog, HyperEvmReceipt, HyperEvmTransaction } from "./types.ts";

const quantity = z.string().regex(HEX_QUANTITY_PATTERN, "expected a hex quantity").transform((
  value,
) => BigInt(value));
const smallQuantity = quantity.refine((value) => value <= BigInt(Number.MAX_SAFE_INTEGER), {
  message: "expected a hex quantity below 2^53",
}).transform((value) => Number(value));
const address = z.string().regex(ADDRESS_PATTERN, "expected a 20-byte address").transform(
  (value) => value.toLowerCase() as Address,
);
const hash = z.string().regex(HASH_PATTERN, "expected 32-byte hex").transform(
  (value) => value.toLowerCase() as Hex,
);
const data = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, "expected even-length hex").transform(
  (value) => value.toLowerCase() as Hex,
);

/** A log as `eth_getLogs` and receipts carry it (mined, so block fields are present). */
export const logSchema: z.ZodType<HyperEvmLog> = z.object({
  address,
  topics: z.array(hash),
  data,
  blockNumber: quantity,
  blockHash: hash,
  transactionHash: hash,
  transactionIndex: smallQuantity,
  logIndex: smallQuantity,
  removed: z.boolean().optional().transform((value) => value ?? false),
});

/** `eth_getBlockByNumber` with hashes only. */
export const blockSchema: z.ZodType<HyperEvmBlock> = z.object({
  number: quantity,
  hash,
  parentHash: hash,
  timestamp: quantity,
  miner: address,
  gasUsed: quantity,
  gasLimit: quantity,
  baseFeePerGas: quantity.nullish().transform((value) => value ?? null),
  transactions: z.array(hash),
});

/** `eth_getTransactionByHash`. */
export const transactionSchema: z.ZodType<HyperEvmTransaction> = z.object({
  hash,
  blockNumber: quantity.nullable(),
  blockHash: hash.nullable(),
  transactionIndex: smallQuantity.nullable(),
  from: address,
  to: address.nullable(),
  input: data,
  value: quantity,
  nonce: quantity,
  gas: quantity,
  gasPrice: quantity.nullish().transform((value) => value ?? null),
});

/** `eth_getTransactionReceipt`. */
export const receiptSchema: z.ZodType<HyperEvmReceipt> = z.object({
  transactionHash: hash,
  blockNumber: quantity,
  blockHash: hash,
  transactionIndex: smallQuantity,
  status: z.enum(["0x1", "0x0"]).transform((value) => value === "0x1" ? "success" : "reverted"),
  from: address,
  to: address.nullable(),
  gasUsed: quantity,
  effectiveGasPrice: quantity.nullish().transform((value) => value ?? null),
  contractAddress: address.nullish().transform((value) => value ?? null),
  logs: z.array(logSchema),
});

/** `eth_blockNumber`. */
export const blockNumberSchema: z.ZodType<bigint> = quantity;

/** `eth_getLogs`. */
export const logsSchema: z.ZodType<HyperEvmLog[]> = z.array(logSchema);
