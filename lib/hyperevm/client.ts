import { createPublicClient, http, numberToHex } from "viem";
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
import { upstreamFetch } from "../http/upstream_pool.ts";
import { UPSTREAM_BUDGET_MS } from "../http/deadline.ts";
import type { HyperEvmBlock, HyperEvmLog, HyperEvmReceipt, HyperEvmTransaction } from "./types.ts";

/** Per-endpoint timeout when none is given. */
export const DEFAULT_RPC_TIMEOUT_MS = 8000;
/** How long the primary has alone before the fallback is asked too. */
export const DEFAULT_HEDGE_DELAY_MS = 1000;

/** Options of {@link createHyperEvmClient}. */
export interface HyperEvmClientOptions {
  /** Primary JSON-RPC URL, always tried first. */
  rpcUrl: string;
  /** Raced against the primary once it is slow (see `hedgeDelayMs`) or has failed. */
  fallbackRpcUrl?: string;
  /** Per-request timeout on each endpoint, in ms (default 8000). */
  timeoutMs?: number;
  /**
   * When the primary has not answered after this many ms, the fallback is asked as well and
   * the first good answer wins (default 1000, never more than the timeout).
   */
  hedgeDelayMs?: number;
  /** The fetch used for every RPC request; default the shared bounded upstream pool. */
  fetch?: typeof fetch;
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
 * A HyperEVM client with a hedged fallback: the primary endpoint is asked first; the fallback
 * is asked too as soon as the primary fails or has been silent for `hedgeDelayMs`, and the
 * first good answer wins. The full timeout is never waited out before the fallback is tried,
 * so a hanging primary costs about `hedgeDelayMs` extra, and a failing call at most
 * `hedgeDelayMs + timeoutMs`. No other retries.
 */
export function createHyperEvmClient(options: HyperEvmClientOptions): HyperEvmClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number, got ${timeoutMs}`);
  }
  const urls = options.fallbackRpcUrl ? [options.rpcUrl, options.fallbackRpcUrl] : [options.rpcUrl];
  const hedgeDelayMs = Math.min(options.hedgeDelayMs ?? DEFAULT_HEDGE_DELAY_MS, timeoutMs);
  // The fallback starts at most `hedgeDelayMs` late: its timeout keeps the call in the budget.
  const endpointTimeoutMs = Math.min(timeoutMs, UPSTREAM_BUDGET_MS - hedgeDelayMs);
  const fetchFn = options.fetch ?? upstreamFetch;

  async function ask(
    url: string,
    method: string,
    params: unknown[],
    lost: AbortSignal,
  ): Promise<unknown> {
    // A viem client per request, so a failure belongs to this call only; building one is
    // cheap and it holds no timers or connections of its own. `lost` aborts the request when
    // the other endpoint has already answered, freeing its connection at once.
    const abortable: typeof fetch = (input, init) =>
      fetchFn(input, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, lost]) : lost,
      });
    const client = createPublicClient({
      chain: hyperEvm,
      cacheTime: 0,
      transport: http(url, { timeout: endpointTimeoutMs, retryCount: 0, fetchFn: abortable }),
    });
    return await (client.request as unknown as RawRequest)({ method, params });
  }

  async function call<T>(
    method: string,
    params: unknown[],
    schema: z.ZodType<T>,
  ): Promise<T | null> {
    let answer: unknown;
    try {
      answer = await hedged(
        urls.map((url) => (lost: AbortSignal) => ask(url, method, params, lost)),
        hedgeDelayMs,
      );
    } catch (error) {
      throw endpointsFailed(method, error, {
        endpoints: urls.length,
        timeoutMs: endpointTimeoutMs,
      });
    }
    if (answer === null) return null;
    const parsed = schema.safeParse(answer);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const detail = `${method} answer ${formatPath(issue.path)}: ${issue.message}`;
      throw new HyperEvmError(method, `upstream changed: ${detail}`, {
        detail,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  async function required<T>(method: string, params: unknown[], schema: z.ZodType<T>) {
    const value = await call(method, params, schema);
    if (value === null) {
      const detail = `${method} answered null`;
      throw new HyperEvmError(method, `upstream changed: ${detail}`, { detail });
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

/**
 * Runs `attempts[0]` and starts each next one when the previous has failed or `delayMs` has
 * passed, whichever is first; resolves with the first success (and aborts the signal every
 * attempt was given, so the others stop), or rejects with an AggregateError of every failure
 * in order.
 */
export function hedged<T>(
  attempts: readonly ((lost: AbortSignal) => Promise<T>)[],
  delayMs: number,
): Promise<T> {
  const lost = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const failures: unknown[] = new Array(attempts.length);
    let failed = 0;
    let started = 0;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startNext = () => {
      clearTimeout(timer);
      if (settled || started >= attempts.length) return;
      const index = started++;
      attempts[index](lost.signal).then((value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        lost.abort();
        resolve(value);
      }, (error) => {
        failures[index] = error;
        failed++;
        if (failed === attempts.length) {
          settled = true;
          reject(new AggregateError(failures, "every endpoint failed"));
        } else if (index === started - 1) startNext();
      });
      if (started < attempts.length) timer = setTimeout(startNext, delayMs);
    };
    startNext();
  });
}

/** The error of a call every endpoint failed (`error` is one failure or {@link hedged}'s). */
export function endpointsFailed(
  method: string,
  error: unknown,
  options: { endpoints: number; timeoutMs: number },
): HyperEvmError {
  const errors = error instanceof AggregateError ? error.errors : [error];
  const failures = errors.map((each) => describeRpcFailure(each, options.timeoutMs));
  return new HyperEvmError(
    method,
    `${method} failed on ${endpointsLabel(options.endpoints, failures.length)}: ${
      failures.map((failure) => failure.text).join(" / ")
    }`,
    { failures, cause: error },
  );
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
