/**
 * The one table of what the explorer reads from HyperEVM: each JSON-RPC method with its answer's
 * schema (checked before viem formats it) and the part it feeds, and each modelled
 * contract-level item with why. `verify-upstream`, `record`, part names and the docs'
 * data-sources page derive from it.
 */
import { ADDRESS_PATTERN, HASH_PATTERN, HEX_QUANTITY_PATTERN } from "../address.ts";
import { z } from "zod";

/** The replay's data file of the chain (blocks, transactions, receipts), which `record` writes. */
export const CHAIN_FIXTURE = "chain.json";

export interface RpcMethod {
  /** A non-null answer as the node sends it (hex lower-cased), before viem formats it. */
  schema: z.ZodType;
  /** Whether the node may answer null (no such block, transaction or receipt yet). */
  nullable?: boolean;
  /** What a page or tool loses when the call fails. */
  part: string;
  usedFor: string;
}

const lowerHex = (pattern: RegExp, message: string) =>
  z.string().regex(pattern, message).transform((value) => value.toLowerCase() as `0x${string}`);
const quantity = z.string().regex(HEX_QUANTITY_PATTERN, "expected a hex quantity");
const smallQuantity = quantity.refine((value) => BigInt(value) <= BigInt(Number.MAX_SAFE_INTEGER), {
  message: "expected a hex quantity below 2^53",
});
const address = lowerHex(ADDRESS_PATTERN, "expected a 20-byte address");
const hash = lowerHex(HASH_PATTERN, "expected 32-byte hex");
const data = lowerHex(/^0x([0-9a-fA-F]{2})*$/, "expected even-length hex");

/** A log as `eth_getLogs` and receipts carry it (mined, so block fields are present). */
const log = z.object({
  address,
  topics: z.array(hash),
  data,
  blockNumber: quantity,
  blockHash: hash,
  // Newer nodes add the block's time to each log; without it a reader that needs the time reads
  // the block.
  blockTimestamp: quantity.optional(),
  transactionHash: hash,
  transactionIndex: smallQuantity,
  logIndex: smallQuantity,
  removed: z.boolean().optional(),
});

/** Every JSON-RPC method the explorer calls (all standard Ethereum methods: facts). */
export const RPC_METHODS = {
  eth_chainId: {
    schema: quantity,
    part: "chain id",
    usedFor: "verify-upstream: the endpoint serves chain 999",
  },
  eth_blockNumber: {
    schema: quantity,
    part: "chain head",
    usedFor: "The scan window of intent look-ups",
  },
  eth_getBlockByNumber: {
    // With transaction hashes only.
    schema: z.object({
      number: quantity,
      hash,
      parentHash: hash,
      timestamp: quantity,
      miner: address,
      gasUsed: quantity,
      gasLimit: quantity,
      baseFeePerGas: quantity.nullish(),
      transactions: z.array(hash),
    }),
    nullable: true,
    part: "block time",
    usedFor: "Timestamps of transactions and settlements; block estimates of the settlement " +
      "trail; the time of a liquidation when its log carries none, and of the first block the " +
      "liquidations list reads",
  },
  eth_getTransactionByHash: {
    schema: z.object({
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
      gasPrice: quantity.nullish(),
    }),
    nullable: true,
    part: "transaction",
    usedFor: "Transaction pages, decode_transaction",
  },
  eth_getTransactionReceipt: {
    schema: z.object({
      transactionHash: hash,
      blockNumber: quantity,
      blockHash: hash,
      transactionIndex: smallQuantity,
      status: z.enum(["0x1", "0x0"]),
      from: address,
      to: address.nullable(),
      gasUsed: quantity,
      effectiveGasPrice: quantity.nullish(),
      contractAddress: address.nullish(),
      logs: z.array(log),
    }),
    nullable: true,
    part: "receipt (status, gas, events)",
    usedFor: "Status, gas, the Exchange's events and the per-intent results of a batch",
  },
  eth_getLogs: {
    schema: z.array(log),
    part: "settlement",
    usedFor: "lookup_intent (about 6000 blocks, windows of at most 999); the settlement trail of " +
      "older trades (one window of 801 blocks per trade); the liquidations list (the Exchange's " +
      "Liquidated events of the last 7 days, windows of 999 read once each and kept). A range " +
      "the node refuses is halved, down to 50 blocks, and the narrower width kept",
  },
  eth_call: {
    schema: data,
    part: "live marks",
    usedFor: "The live mark: the BBO read precompile (see below), both markets in one batch; " +
      "the Exchange's winFeeRate() (the close payout's win fee, part \"win fee\")",
  },
} as const satisfies Record<string, RpcMethod>;

/** A JSON-RPC method name of {@link RPC_METHODS}. */
export type RpcMethodName = keyof typeof RPC_METHODS;

/** One contract-level item the explorer models. */
interface ChainItem {
  /** Stable name, for checks that confirm or contradict a modelled item. */
  id: string;
  item: string;
  usedFor: string;
  /** A plausible guess, not a published fact; `note` says why. */
  status: "modelled";
  note: string;
}

/**
 * Contract-level items the explorer models (its facts: docs/data-sources.md, "Facts the code
 * relies on"); `verify-upstream` judges them, the replay can answer as if each were wrong.
 */
export const CHAIN_ITEMS: readonly ChainItem[] = [
  {
    id: "batchCalldata",
    item: "BatchExecutor calldata (`executeBatch` over kind, signer, payload, signature)",
    usedFor: "Decoding settlement batches",
    status: "modelled",
    note: "the BatchExecutor ABI is unpublished",
  },
  {
    id: "batchEvent",
    item:
      "BatchExecutor per-intent event `IntentExecuted(intentId, user, index, kind, success, reason)`",
    usedFor: "Which intent ran, and whether it succeeded",
    status: "modelled",
    note: "the event is unpublished",
  },
  {
    id: "typeStrings",
    item: "EIP-712 type strings of each intent",
    usedFor: "Signature checks",
    status: "modelled",
    note: "built from the SDK's struct field lists and widths",
  },
  {
    id: "cancelDomain",
    item: "Cancel domain name and version",
    usedFor: "Verifying cancel intents",
    status: "modelled",
    note: "a separate domain over the Exchange whose name and version are unknown",
  },
];
