/**
 * How one endpoint failed: it timed out, answered an HTTP error status, answered a JSON-RPC
 * error (the node refused the call), or anything else (no connection, no readable answer).
 */
export interface EndpointFailure {
  kind: "timeout" | "http" | "rpc" | "other";
  /** The HTTP status, for `http`. */
  status?: number;
  /** A few words for people ("HTTP 502", "timeout after 8000 ms"); never branched on. */
  text: string;
}

/** A bare string failure is one of kind `other`; `cause` is kept for logs, never shown. */
interface HyperEvmErrorOptions {
  failures?: readonly (EndpointFailure | string)[];
  detail?: string;
  cause?: unknown;
}

/**
 * A JSON-RPC read that failed: every endpoint failed, or the answer did not have the shape the
 * explorer reads. The message names the method and what went wrong, never a stack.
 */
export class HyperEvmError extends Error {
  /** JSON-RPC method that failed, e.g. `eth_getTransactionReceipt`. */
  readonly method: string;
  /** Per-endpoint failure descriptions, in the order tried; empty for a shape error. */
  readonly failures: readonly string[];
  /** The same failures with their kinds, to branch on. */
  readonly endpointFailures: readonly EndpointFailure[];
  /** For `schema`: the method's answer and what is wrong with it (the message's unprefixed). */
  readonly detail?: string;
  /**
   * What went wrong, branched on (never the message): `unavailable` when endpoints failed
   * (`failures` given), else `schema`.
   */
  readonly kind: "unavailable" | "schema";
  /**
   * `block_range` when the nodes refused an eth_getLogs window as wider than they allow. Nodes
   * word it differently ("query exceeds max block range 1000", "block range too high", "range
   * 5000 exceeds limit of 1000"); all say "range", which transport failures ("HTTP 502",
   * "timeout after 8000 ms") never do. Read here, once, as viem turns node messages into types.
   */
  readonly refusal: "block_range" | null;

  constructor(method: string, message: string, options: HyperEvmErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "HyperEvmError";
    this.method = method;
    this.endpointFailures = (options.failures ?? []).map((failure) =>
      typeof failure === "string" ? { kind: "other", text: failure } : failure
    );
    this.failures = this.endpointFailures.map((failure) => failure.text);
    this.detail = options.detail;
    this.kind = this.failures.length > 0 ? "unavailable" : "schema";
    const saysRange = this.failures.some((failure) => /\brange\b/i.test(failure));
    this.refusal = method === "eth_getLogs" && saysRange ? "block_range" : null;
  }
}
