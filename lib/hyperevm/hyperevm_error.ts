/** What went wrong: no endpoint answered, or an answer did not have the expected shape. */
type HyperEvmErrorKind = "unavailable" | "schema";

/**
 * What the nodes said when they refused a call, where the explorer acts on it: `block_range` is
 * an eth_getLogs window wider than the node allows.
 */
type HyperEvmRefusal = "block_range";

/**
 * How one endpoint failed: it timed out, answered an HTTP error status, answered a JSON-RPC
 * error (the node refused the call), or anything else (no connection, no readable answer).
 */
type EndpointFailureKind = "timeout" | "http" | "rpc" | "other";

/** What one endpoint did when it failed, as a kind to branch on and words to show. */
export interface EndpointFailure {
  kind: EndpointFailureKind;
  /** The HTTP status, for `http`. */
  status?: number;
  /** A few words for people ("HTTP 502", "timeout after 8000 ms"); never branched on. */
  text: string;
}

/** Options of {@link HyperEvmError}. */
interface HyperEvmErrorOptions {
  /** Default: `unavailable` when endpoints failed (`failures` given), else `schema`. */
  kind?: HyperEvmErrorKind;
  /**
   * What each endpoint did, in the order they were tried; a bare string is a failure of kind
   * `other` with that text.
   */
  failures?: readonly (EndpointFailure | string)[];
  /** For `schema`: the method's answer and what is wrong with it, without any prefix. */
  detail?: string;
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
  /** The same failures with their kinds, to branch on. */
  readonly endpointFailures: readonly EndpointFailure[];
  /** For `schema`: what is wrong with the answer (the message without "upstream changed: "). */
  readonly detail?: string;
  /** What went wrong; branch on this, never on the message. */
  readonly kind: HyperEvmErrorKind;
  /** Why the nodes refused the call, when that is known; null otherwise. */
  readonly refusal: HyperEvmRefusal | null;

  constructor(method: string, message: string, options: HyperEvmErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "HyperEvmError";
    this.method = method;
    this.endpointFailures = (options.failures ?? []).map((failure) =>
      typeof failure === "string" ? { kind: "other", text: failure } : failure
    );
    this.failures = this.endpointFailures.map((failure) => failure.text);
    if (options.detail !== undefined) this.detail = options.detail;
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
