/**
 * Read-only HyperEVM access: viem's public actions and types over the hedged transport of
 * `rpc.ts`, every answer checked against its method's row in `sources.ts` before viem formats it
 * (viem's formatters were measured to pass malformed answers through). viem is imported on the
 * first read, so importing the client at start costs nothing of it.
 */
import type { Address, Block, Hex, Log, PublicClient, Transaction, TransactionReceipt } from "viem";
import type { z } from "zod";
import { HyperEvmError } from "./hyperevm_error.ts";
import { createRpc, type RpcOptions } from "./rpc.ts";
import { RPC_METHODS, type RpcMethod, type RpcMethodName } from "./sources.ts";
import { createReadCache, type ReadLifetime } from "../cache/read_cache.ts";
import { CONTRACTS } from "./addresses.ts";

/**
 * How long `blockNumber()` reuses a head read: 5 s, about 6 HyperEVM blocks. Readers that need
 * the real head allow for it (findIntentSettlement's slack) or ask with `cacheTime: 0`.
 */
export const HEAD_CACHE_TTL_MS = 5_000;

/**
 * The widest `eth_getLogs` range a scan asks for, both ends included: the public RPC refuses
 * 1000 blocks or more (papertrade-facts.md §13.1).
 */
export const MAX_LOG_RANGE = 999n;
/**
 * The narrowest range a log query shrinks to when a node refuses a wider one: the 50 blocks
 * Hyperliquid documents as the limit (papertrade-facts.md §13.1). A refusal at this width fails.
 */
export const MIN_LOG_RANGE = 50n;

const WAD = 10n ** 18n;

/**
 * The win fee changes only through the owner's 7-day timelock: an hour-old rate still holds, and a
 * failed read serves the last one for a day.
 */
export const WIN_FEE_LIFETIME: ReadLifetime = {
  freshMs: 5 * 60_000,
  revalidateMs: 60 * 60_000,
  lastGoodMs: 24 * 3_600_000,
  reason: "fee parameters change only through the owner's 7-day timelock",
};

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

/** Filter of {@link HyperEvmClient.logs}; block bounds are inclusive, "latest" is the head. */
export interface LogFilter {
  address: Address | readonly Address[];
  /** Topic filter by position; null matches anything, an array matches any of its values. */
  topics?: readonly (Hex | readonly Hex[] | null)[];
  fromBlock: bigint;
  toBlock: bigint | "latest";
}

/** Read-only HyperEVM access returning domain values; every failure is a {@link HyperEvmError}. */
export interface HyperEvmClient {
  /** The head, shared for {@link HEAD_CACHE_TTL_MS}; `cacheTime: 0` asks the chain now. */
  blockNumber(options?: { cacheTime?: number }): Promise<bigint>;
  /** A block header with transaction hashes, or null when the chain has no such block yet. */
  block(number: bigint): Promise<HyperEvmBlock | null>;
  /** A transaction, or null when no endpoint knows it. */
  transaction(hash: Hex): Promise<HyperEvmTransaction | null>;
  /** A receipt, or null when the transaction is unknown or not mined. */
  receipt(hash: Hex): Promise<HyperEvmReceipt | null>;
  /**
   * Logs matching the filter. A range the node refuses as too wide is split into halves, down
   * to {@link MIN_LOG_RANGE} blocks, and the narrower width kept for later queries.
   */
  logs(filter: LogFilter): Promise<HyperEvmLog[]>;
  /**
   * The Exchange's `winFeeRate()`: the fee on adjusted gains, a wad fraction (2% is 2e16), kept
   * for {@link WIN_FEE_LIFETIME}; a rate above 100% is a changed answer (kind `schema`).
   */
  winFeeRate(): Promise<bigint>;
}

interface HyperEvmClientOptions extends RpcOptions {
  /** How long a head read is shared (default {@link HEAD_CACHE_TTL_MS}); tests hold it longer. */
  headCacheMs?: number;
  /** Clock in ms of the win fee's cache (default Date.now). */
  now?: () => number;
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
  async function callViem<T>(
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

  const blockNumber = async (options: { cacheTime?: number } = {}) =>
    (await callViem("eth_blockNumber", (c) => c.public.getBlockNumber(options)))!;

  // viem's `getLogs` action builds topics from an event's ABI and cannot take a list of topics
  // as the intent scan and the settlement trail build them: this is its typed request.
  async function queryLogs(filter: LogFilter): Promise<HyperEvmLog[]> {
    const logs = await callViem("eth_getLogs", async ({ viem, public: c }) => {
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
  }

  /**
   * The widest range the node has not refused; null until a range within {@link MAX_LOG_RANGE}
   * is refused (that node's limit is stricter than the public RPC's).
   */
  let logWindow: bigint | null = null;

  /** `filter` in consecutive chunks of at most `width` blocks, queried together, in order. */
  async function inChunks(filter: LogFilter & { toBlock: bigint }, width: bigint) {
    const chunks: Promise<HyperEvmLog[]>[] = [];
    for (let from = filter.fromBlock; from <= filter.toBlock; from += width) {
      const to = from + width - 1n < filter.toBlock ? from + width - 1n : filter.toBlock;
      chunks.push(logs({ ...filter, fromBlock: from, toBlock: to }));
    }
    return (await Promise.all(chunks)).flat();
  }

  async function logs(filter: LogFilter): Promise<HyperEvmLog[]> {
    const { fromBlock, toBlock: to } = filter;
    if (logWindow !== null && to !== "latest" && to - fromBlock + 1n > logWindow) {
      return inChunks({ ...filter, toBlock: to }, logWindow);
    }
    try {
      return await queryLogs(filter);
    } catch (error) {
      if (!(error instanceof HyperEvmError) || error.refusal !== "block_range") throw error;
      // "latest" is the head the node saw: read it now to know the range it refused.
      const toBlock = filter.toBlock === "latest"
        ? await blockNumber({ cacheTime: 0 })
        : filter.toBlock;
      if (toBlock < filter.fromBlock) return [];
      const width = toBlock - filter.fromBlock + 1n;
      if (width <= MIN_LOG_RANGE) throw error;
      // Wider than the public limit (a head that moved on): split, learn nothing. Within it,
      // this node's limit is stricter: half the refused range (at least MIN_LOG_RANGE) becomes
      // the client's width, unless a narrower one already is.
      if (width <= MAX_LOG_RANGE) {
        const half = (width + 1n) / 2n > MIN_LOG_RANGE ? (width + 1n) / 2n : MIN_LOG_RANGE;
        logWindow = logWindow !== null && logWindow < half ? logWindow : half;
      }
      return await inChunks({ ...filter, toBlock }, logWindow ?? MAX_LOG_RANGE);
    }
  }

  // The win fee has a cache of its own, as the quotes do (lib/marks.ts).
  const fees = createReadCache({ maxEntries: 4, now: options.now });

  return {
    blockNumber,
    block: (blockNumber) =>
      callViem("eth_getBlockByNumber", (c) => c.public.getBlock({ blockNumber })) as Promise<
        HyperEvmBlock | null
      >,
    transaction: (hash) =>
      callViem("eth_getTransactionByHash", (c) => c.public.getTransaction({ hash })),
    receipt: (hash) =>
      callViem("eth_getTransactionReceipt", (c) => c.public.getTransactionReceipt({ hash })),
    logs,
    winFeeRate: () =>
      fees.getOrLoad("winFeeRate", WIN_FEE_LIFETIME, async () => {
        const rate = (await callViem("eth_call", (c) =>
          c.public.readContract({
            address: CONTRACTS.exchange,
            // Selector 0x48ee5e08 (papertrade-facts.md §2.4, §13.3).
            abi: c.viem.parseAbi(["function winFeeRate() view returns (uint256)"]),
            functionName: "winFeeRate",
          })))!;
        if (rate > WAD) {
          const detail = `eth_call winFeeRate() answered ${rate}, more than 100%`;
          throw new HyperEvmError("eth_call", `upstream changed: ${detail}`, { detail });
        }
        return rate;
      }),
  };
}
