/** What went wrong: no endpoint answered, or an answer did not have the expected shape. */
export type HyperEvmErrorKind = "unavailable" | "schema";

/**
 * What the nodes said when they refused a call, where the explorer acts on it: `block_range` is
 * an eth_getLogs window wider than the node allows.
 */
export type HyperEvmRefusal = "block_range";

/** Options of {@link HyperEvmError}. */
export interface HyperEvmErrorOptions {
  /** Default: `unavailable` when endpoints failed (`failures` given), else `schema`. */
  kind?: HyperEvmErrorKind;
  /** What each endpoint did, in the order they were tried ("HTTP 502", "timeout after 8000 ms"). */
  failures?: readonly string[];
  /** The underlying error, kept for logs; never part of the message. */
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
  /** What went wrong; branch on this, never on the message. */
  readonly kind: HyperEvmErrorKind;
  /** Why the nodes refused the call, when that is known; null otherwise. */
  readonly refusal: HyperEvmRefusal | null;

  constructor(method: string, message: string, options: HyperEvmErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "HyperEvmError";
    this.method = method;
    this.failures = options.failures ?? [];
    this.kind = options.kind ?? (this.failures.length > 0 ? "unavailable" : "schema");
    this.refusal = refusalOf(method, this.failures);
  }
}

/**
 * Nodes word a refused eth_getLogs range differently ("query exceeds max block range 1000",
 * "block range too high", "range 5000 exceeds limit of 1000"); all say "range", which transport
 * failures ("HTTP 502", "timeout after 8000 ms") never do. Their text is read here, once, so
 * callers branch on {@link HyperEvmError.refusal} (as viem turns node messages into error types).
 */
function refusalOf(method: string, failures: readonly string[]): HyperEvmRefusal | null {
  const saysRange = failures.some((failure) => /\brange\b/i.test(failure));
  return method === "eth_getLogs" && saysRange ? "block_range" : null;
}
