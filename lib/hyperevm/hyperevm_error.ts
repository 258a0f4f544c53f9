/** What went wrong: no endpoint answered, or an answer did not have the expected shape. */
export type HyperEvmErrorKind = "unavailable" | "schema";

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

  constructor(method: string, message: string, options: HyperEvmErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "HyperEvmError";
    this.method = method;
    this.failures = options.failures ?? [];
    this.kind = options.kind ?? (this.failures.length > 0 ? "unavailable" : "schema");
  }
}
