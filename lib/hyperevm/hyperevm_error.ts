/** How one endpoint failed (`rpc`: the node refused the call; `other`: no readable answer). */
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
 * A JSON-RPC read that failed on every endpoint, or whose answer changed shape; the message
 * names the method and what went wrong, never a stack.
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
  /** What to branch on (never the message): `unavailable` when endpoints failed, else `schema`. */
  readonly kind: "unavailable" | "schema";
  /**
   * `block_range` when the nodes refused an eth_getLogs window as too wide. Nodes word it
   * differently ("query exceeds max block range 1000", "block range too high", "range 5000
   * exceeds limit of 1000"), but all say "range", which transport failures never do.
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
