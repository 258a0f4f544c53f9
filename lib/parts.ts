/**
 * Degrading by part: a page or tool of several upstream reads keeps what arrived and names what did
 * not. A read that fails upstream (network, status, malformed answer, changed shape) becomes an
 * {@link UnavailablePart}; anything else (the caller's abort, a bug) still throws.
 */
import { HyperEvmError } from "./hyperevm/hyperevm_error.ts";
import { RPC_METHODS, type RpcMethodName } from "./hyperevm/sources.ts";
import { HyperliquidApiError } from "./hyperliquid/l2_book.ts";
import { findEndpoint, modelledGapsOf, PapertradeApiError } from "./papertrade/mod.ts";
import { describeUpstreamFailure } from "./upstream_error.ts";

/**
 * A part of an answer that could not be read, and why; with `field`, only that modelled key was
 * missing ("modelled key not found") and the rest of the part arrived.
 */
export interface UnavailablePart {
  /** What is missing, in the words pages and tools use ("latest trades"). */
  part: string;
  /** The upstream endpoint or JSON-RPC method that failed. */
  endpoint: string;
  field?: string;
  /** Plain reason, naming the endpoint ("/query/protocol/summary answered HTTP 500"). */
  reason: string;
}

/**
 * One source's error, or an AggregateError when every source of a figure failed (the live mark's
 * precompile and l2Book).
 */
export type UpstreamFailure =
  | PapertradeApiError
  | HyperEvmError
  | HyperliquidApiError
  | AggregateError;

/** Whether an error is an upstream failure that a part may absorb (`upstream_error.ts` says). */
export function isUpstreamFailure(error: unknown): error is UpstreamFailure {
  return describeUpstreamFailure(error) !== null;
}

/** The unavailable part an upstream failure stands for; `part` defaults to the endpoint's. */
export function unavailablePart(error: UpstreamFailure, part?: string): UnavailablePart {
  if (error instanceof AggregateError) {
    const each = error.errors.map((one) => unavailablePart(one, part));
    const unique = (key: "endpoint" | "reason") => [...new Set(each.map((one) => one[key]))];
    return {
      part: part ?? each[0].part,
      endpoint: unique("endpoint").join(", "),
      reason: unique("reason").join("; "),
    };
  }
  if (error instanceof HyperliquidApiError) {
    return { part: part ?? "live marks", endpoint: error.endpoint, reason: error.message };
  }
  if (error instanceof HyperEvmError) {
    return {
      part: part ?? RPC_METHODS[error.method as RpcMethodName]?.part ?? "chain data",
      endpoint: error.method,
      reason: error.kind === "schema"
        ? `HyperEVM ${error.method} answer changed shape`
        : `HyperEVM ${error.method} did not answer (${error.failures.join(" / ")})`,
    };
  }
  return {
    part: part ?? findEndpoint(error.endpoint)?.part ?? error.endpoint,
    endpoint: error.endpoint,
    reason: `${error.endpoint} ${PAPERTRADE_REASONS[error.kind](error)}`,
  };
}

const PAPERTRADE_REASONS: Record<
  PapertradeApiError["kind"],
  (error: PapertradeApiError) => string
> = {
  schema: (error) => `answer changed shape: ${error.detail ?? error.message}`,
  malformed_json: () => "sent malformed JSON",
  http: (error) => `answered HTTP ${error.status}`,
  rate_limited: () => "is rate limited",
  timeout: () => "timed out",
  network: () => "is unreachable",
  too_large: (error) => error.message.slice(error.endpoint.length + 1),
  redirected: () => "redirected off its origin (not followed)",
};

/** Collects the unavailable parts of one answer. */
export class Parts {
  readonly unavailable: UnavailablePart[] = [];

  /** Runs one read; on an upstream failure records `part` (default the endpoint's): null. */
  async read<T>(read: Promise<T> | (() => Promise<T>), part?: string): Promise<T | null> {
    const [result] = await Promise.allSettled([
      typeof read === "function" ? Promise.try(read) : read,
    ]);
    return this.settled(result, part);
  }

  /** The value of a settled read, or null after recording its upstream failure. */
  settled<T>(result: PromiseSettledResult<T>, part?: string): T | null {
    if (result.status === "fulfilled") return this.note(result.value, part);
    if (!isUpstreamFailure(result.reason)) throw result.reason;
    this.add(unavailablePart(result.reason, part));
    return null;
  }

  /** Records the modelled keys `value` was read without (`modelledGapsOf`); returns it. */
  note<T>(value: T, part?: string): T {
    for (const gap of modelledGapsOf(value)) this.add({ ...gap, part: part ?? gap.part });
    return value;
  }

  /** Records a failure found elsewhere; the same part, endpoint and field are named once. */
  add(item: UnavailablePart): void {
    const same = (u: UnavailablePart) =>
      u.part === item.part && u.endpoint === item.endpoint && u.field === item.field;
    if (this.unavailable.some(same)) return;
    this.unavailable.push(item);
  }
}
