import { createPublicClient, fallback, http, numberToHex } from "viem";
import type { Address, Hex } from "viem";
import type { z } from "zod";
import { hyperEvm } from "./chain.ts";
import { HyperEvmError } from "./hyperevm_error.ts";
import { describeRpcFailure } from "./_describe_failure.ts";
import { createHeadCache, type HeadCache } from "./head_cache.ts";
import {
  blockNumberSchema,
  blockSchema,
  logsSchema,
  receiptSchema,
  transactionSchema,
} from "./_rpc_schemas.ts";
import type { HyperEvmBlock, HyperEvmLog, HyperEvmReceipt, HyperEvmTransaction } from "./types.ts";

/** Per-endpoint timeout when none is given; two endpoints tried once each stay near 16 s. */
export const DEFAULT_RPC_TIMEOUT_MS = 8000;

/** Options of {@link createHyperEvmClient}. */
export interface HyperEvmClientOptions {
  /** Primary JSON-RPC URL, always tried first. */
  rpcUrl: string;
  /** Tried once when the primary fails or times out. */
  fallbackRpcUrl?: string;
  /** Per-request timeout on each endpoint, in ms (default 8000). */
  timeoutMs?: number;
}

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
  /** Latest block number, read from the chain on every call. */
  blockNumber(): Promise<bigint>;
  /**
   * The latest block number shared across requests for a few seconds (see head_cache.ts), so
   * it may trail the chain. Optional so test doubles can leave it out; readers then fall back
   * to {@link HyperEvmClient.blockNumber}.
   */
  readonly headCache?: HeadCache;
  /** A block header with transaction hashes, or null when the chain has no such block yet. */
  block(number: bigint): Promise<HyperEvmBlock | null>;
  /** A transaction, or null when no endpoint knows it. */
  transaction(hash: Hex): Promise<HyperEvmTransaction | null>;
  /** A receipt, or null when the transaction is unknown or not mined. */
  receipt(hash: Hex): Promise<HyperEvmReceipt | null>;
  /** Logs matching the filter. */
  logs(filter: LogFilter): Promise<HyperEvmLog[]>;
}

/** Return type of {@link createHyperEvmClient}. */
export type CreateHyperEvmClientReturnType = HyperEvmClient;

type RawRequest = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

/**
 * A HyperEVM client over viem's fallback transport: the primary endpoint first, the fallback
 * once on any failure or timeout, and no other retries, so a failing call costs at most
 * `2 × timeoutMs` (16 s by default).
 */
export function createHyperEvmClient(options: HyperEvmClientOptions): HyperEvmClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number, got ${timeoutMs}`);
  }
  const urls = options.fallbackRpcUrl ? [options.rpcUrl, options.fallbackRpcUrl] : [options.rpcUrl];

  async function call<T>(
    method: string,
    params: unknown[],
    schema: z.ZodType<T>,
  ): Promise<T | null> {
    // A viem client per call so the failures collected by onResponse belong to this call
    // only; building one is cheap and it holds no timers or connections.
    const client = createPublicClient({
      chain: hyperEvm,
      cacheTime: 0,
      transport: fallback(urls.map((url) => http(url, { timeout: timeoutMs })), {
        retryCount: 0,
      }),
    });
    const failures: string[] = [];
    client.transport.onResponse((response) => {
      if (response.status === "error") {
        failures.push(describeRpcFailure(response.error, timeoutMs));
      }
    });
    let answer: unknown;
    try {
      answer = await (client.request as unknown as RawRequest)({ method, params });
    } catch (error) {
      if (failures.length === 0) failures.push(describeRpcFailure(error, timeoutMs));
      throw new HyperEvmError(
        method,
        `${method} failed on ${endpointsLabel(urls.length, failures.length)}: ${
          failures.join(" / ")
        }`,
        { failures, cause: error },
      );
    }
    if (answer === null) return null;
    const parsed = schema.safeParse(answer);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HyperEvmError(
        method,
        `upstream changed: ${method} answer ${formatPath(issue.path)}: ${issue.message}`,
        { cause: parsed.error },
      );
    }
    return parsed.data;
  }

  async function required<T>(method: string, params: unknown[], schema: z.ZodType<T>) {
    const value = await call(method, params, schema);
    if (value === null) {
      throw new HyperEvmError(method, `upstream changed: ${method} answered null`);
    }
    return value;
  }

  const blockNumber = () => required("eth_blockNumber", [], blockNumberSchema);
  return {
    blockNumber,
    // One cache per client: the app builds one client at boot, so every request shares it.
    headCache: createHeadCache(blockNumber),
    block: (number) => call("eth_getBlockByNumber", [numberToHex(number), false], blockSchema),
    transaction: (hash) => call("eth_getTransactionByHash", [hash], transactionSchema),
    receipt: (hash) => call("eth_getTransactionReceipt", [hash], receiptSchema),
    logs: (filter) =>
      required("eth_getLogs", [{
        address: filter.address,
        topics: filter.topics ?? [],
        fromBlock: numberToHex(filter.fromBlock),
        toBlock: filter.toBlock === "latest" ? "latest" : numberToHex(filter.toBlock),
      }], logsSchema),
  };
}

function endpointsLabel(configured: number, failed: number): string {
  if (configured === 1) return "the RPC endpoint";
  return failed >= configured ? "both RPC endpoints" : "the primary RPC endpoint";
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = "result";
  for (const key of path) text += typeof key === "number" ? `[${key}]` : `.${String(key)}`;
  return text;
}
