/**
 * Read-only HyperEVM access: viem's public actions (`getBlockNumber` with its `cacheTime`,
 * `getBlock`, `getTransaction`, `getTransactionReceipt`) and types over the hedged transport of
 * `rpc.ts`, every answer checked against its method's row in `sources.ts` before viem formats
 * it. viem is loaded on the first read (a cached dynamic import), so importing the client, as
 * the app does at start, costs nothing of it.
 */
import type { Address, Block, Hex, Log, PublicClient, Transaction, TransactionReceipt } from "viem";
import type { z } from "zod";
import { HyperEvmError } from "./hyperevm_error.ts";
import { createRpc, type RpcOptions } from "./rpc.ts";
import { RPC_METHODS, type RpcMethod, type RpcMethodName } from "./sources.ts";

/**
 * How long a head read is reused by `blockNumber()`: 5 s, about 6 HyperEVM blocks at 1.15 or
 * more a second. Readers that need the real head allow for it (findIntentSettlement runs its
 * newest window to "latest" with slack) or ask with `cacheTime: 0`.
 */
export const HEAD_CACHE_TTL_MS = 5_000;

// The domain types are viem's, as far as the rows of sources.ts check the answers.
type Checked<M extends RpcMethodName> = z.output<(typeof RPC_METHODS)[M]["schema"]>;
/** One log entry of a mined transaction; topics[0] is the selector of a non-anonymous event. */
export type HyperEvmLog =
  & Omit<Pick<Log<bigint, number, false>, keyof Checked<"eth_getLogs">[number]>, "topics">
  & { topics: Hex[] };
/** A block header with its transaction hashes. */
export type HyperEvmBlock = Pick<
  Block<bigint, false, "latest">,
  keyof Checked<"eth_getBlockByNumber">
>;
/** A transaction as sent; block fields are null while it is pending. */
export type HyperEvmTransaction = Pick<
  Transaction<bigint, number, boolean>,
  keyof Checked<"eth_getTransactionByHash">
>;
/** The outcome of a mined transaction. */
export type HyperEvmReceipt =
  & Omit<Pick<TransactionReceipt, keyof Checked<"eth_getTransactionReceipt">>, "logs">
  & { logs: HyperEvmLog[] };

/** Filter of {@link HyperEvmClient.logs}; block bounds are inclusive. */
export interface LogFilter {
  address: Address | readonly Address[];
  /** Topic filter by position; null matches anything, an array matches any of its values. */
  topics?: readonly (Hex | readonly Hex[] | null)[];
  fromBlock: bigint;
  /** A block number, or "latest": the head as the answering node sees it when it answers. */
  toBlock: bigint | "latest";
}

/** Read-only HyperEVM access returning domain values; every failure is a {@link HyperEvmError}. */
export interface HyperEvmClient {
  /**
   * The latest block number, shared across requests for {@link HEAD_CACHE_TTL_MS} (so it may
   * trail the chain); `cacheTime: 0` asks the chain now.
   */
  blockNumber(options?: { cacheTime?: number }): Promise<bigint>;
  /** A block header with transaction hashes, or null when the chain has no such block yet. */
  block(number: bigint): Promise<HyperEvmBlock | null>;
  /** A transaction, or null when no endpoint knows it. */
  transaction(hash: Hex): Promise<HyperEvmTransaction | null>;
  /** A receipt, or null when the transaction is unknown or not mined. */
  receipt(hash: Hex): Promise<HyperEvmReceipt | null>;
  /**
   * Logs matching the filter. A list of topics, as the intent scan and the settlement trail
   * build them, is what viem's `getLogs` action cannot take (it builds topics from an event's
   * ABI), so this is viem's typed request and `formatLog`.
   */
  logs(filter: LogFilter): Promise<HyperEvmLog[]>;
}

interface HyperEvmClientOptions extends RpcOptions {
  /** How long a head read is shared (default {@link HEAD_CACHE_TTL_MS}); tests hold it longer. */
  headCacheMs?: number;
}

/** viem, imported once, on the first chain read. */
let viemModule: Promise<typeof import("viem")> | undefined;

/** A HyperEVM client over the configured endpoints (see `rpc.ts` for the fallback and hedging). */
export function createHyperEvmClient(options: HyperEvmClientOptions): HyperEvmClient {
  const rpc = createRpc(options);
  let client: Promise<{ viem: typeof import("viem"); public: PublicClient }> | undefined;
  // A failed load (a file that could not be read) is forgotten, so the next read tries again.
  const connect = () => {
    viemModule ??= import("viem");
    viemModule.catch(() => viemModule = undefined);
    client ??= viemModule.then((viem) => ({
      viem,
      public: viem.createPublicClient({
        cacheTime: options.headCacheMs ?? HEAD_CACHE_TTL_MS,
        transport: viem.custom({ request: checked }, { retryCount: 0 }),
      }),
    }));
    client.catch(() => client = undefined);
    return client;
  };

  // Every answer is checked against its row before viem formats it.
  async function checked({ method, params }: { method: string; params?: unknown }) {
    const [answer] = await rpc([{ method, params: (params ?? []) as unknown[] }]);
    const row: RpcMethod = RPC_METHODS[method as RpcMethodName];
    if (answer === null && row.nullable) return null;
    const parsed = row.schema.safeParse(answer);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const at = issue.path.map((key) => typeof key === "number" ? `[${key}]` : `.${String(key)}`);
    const detail = answer === null
      ? `${method} answered null`
      : `${method} answer result${at.join("")}: ${issue.message}`;
    throw new HyperEvmError(method, `upstream changed: ${detail}`, { detail, cause: parsed.error });
  }

  /** Runs one action; viem's "not found" is null, and our own error comes out of viem's wrapping. */
  async function read<T>(
    method: RpcMethodName,
    action: (c: Awaited<ReturnType<typeof connect>>) => Promise<T>,
  ): Promise<T | null> {
    const c = await connect();
    try {
      return await action(c);
    } catch (error) {
      const notFound = [
        c.viem.BlockNotFoundError,
        c.viem.TransactionNotFoundError,
        c.viem.TransactionReceiptNotFoundError,
      ];
      if (notFound.some((kind) => error instanceof kind)) return null;
      const own = error instanceof c.viem.BaseError
        ? error.walk((cause) => cause instanceof HyperEvmError)
        : error;
      if (own instanceof HyperEvmError) throw own;
      // A formatter refusing an answer that passed its row.
      const detail = `${method} answered an unreadable result`;
      throw new HyperEvmError(method, `upstream changed: ${detail}`, { detail, cause: error });
    }
  }

  return {
    blockNumber: async (options = {}) =>
      (await read("eth_blockNumber", (c) => c.public.getBlockNumber(options)))!,
    block: (blockNumber) =>
      read("eth_getBlockByNumber", (c) => c.public.getBlock({ blockNumber })) as Promise<
        HyperEvmBlock | null
      >,
    transaction: (hash) =>
      read("eth_getTransactionByHash", (c) => c.public.getTransaction({ hash })),
    receipt: (hash) =>
      read("eth_getTransactionReceipt", (c) => c.public.getTransactionReceipt({ hash })),
    logs: async (filter) => {
      const logs = await read("eth_getLogs", async ({ viem, public: c }) => {
        const found = await c.request({
          method: "eth_getLogs",
          params: [{
            address: filter.address as Address[],
            topics: (filter.topics ?? []) as Hex[],
            fromBlock: viem.numberToHex(filter.fromBlock),
            toBlock: filter.toBlock === "latest" ? "latest" : viem.numberToHex(filter.toBlock),
          }],
        });
        return found.map((log) => viem.formatLog(log) as HyperEvmLog);
      });
      return logs!;
    },
  };
}
