/**
 * The one error path: routes and tools throw a {@link Failure} naming its kind (like viem's
 * `name`, `shortMessage`, `cause`) or let an upstream error (`lib/upstream_error.ts`) through;
 * each face turns it into a Failure ({@link failureOf}) and answers from {@link FAILURE_KINDS}.
 * Code branches on `kind`, never on message text.
 */
import type { ComponentChildren } from "preact";
import {
  describeUpstreamFailure,
  isUnknownWallet,
  UPSTREAM_FAILURE_KINDS,
} from "../upstream_error.ts";

/**
 * The one table from failure kind to HTTP status and JSON `error` name (the docs' Reference
 * page lists them). The upstream kinds and their advice come from `UPSTREAM_FAILURE_KINDS`.
 */
export const FAILURE_KINDS = {
  bad_request: { status: 400, error: "bad_request" },
  not_found: { status: 404, error: "not_found" },
  method_not_allowed: { status: 405, error: "method_not_allowed" },
  body_too_large: { status: 413, error: "body_too_large" },
  unsupported_media_type: { status: 415, error: "unsupported_media_type" },
  invalid_arguments: { status: 422, error: "invalid_arguments" },
  tool_error: { status: 422, error: "tool_error" },
  too_many_calls: { status: 429, error: "rate_limited" },
  internal: { status: 500, error: "internal_error" },
  busy: { status: 503, error: "busy" },
  // The tool's own deadline passed while it waited on an upstream source.
  tool_timeout: { status: 504, error: "timeout" },
  ...UPSTREAM_FAILURE_KINDS,
} as const;

/** What went wrong, as far as a client can act on it. */
export type FailureKind = keyof typeof FAILURE_KINDS;

/** How a {@link Failure} is told, beyond its kind and one-line summary. */
export interface FailureOptions {
  /** The plain sentence of JSON and text answers; default the summary. */
  message?: string;
  /** A page's explanation (echoed input in a `<bdi>`); default the message. */
  detail?: ComponentChildren;
  /** What to try next, each a short sentence. */
  hints?: readonly string[];
  /** Headers the answer carries (`retry-after`, `allow`). */
  headers?: Record<string, string>;
  /** The JSON `error` name when it is finer than the kind's (`invalid_json`). */
  error?: string;
  /** The upstream source that failed, when one did. */
  source?: string;
  cause?: unknown;
}

/** A failure a client can act on, with everything each face needs to tell it. */
export class Failure extends Error {
  override name = "Failure";
  readonly kind: FailureKind;
  /** One line, a page's title. */
  readonly shortMessage: string;
  readonly detail: ComponentChildren;
  readonly hints: readonly string[];
  readonly headers: Record<string, string>;
  readonly error: string;
  readonly source?: string;

  constructor(kind: FailureKind, shortMessage: string, options: FailureOptions = {}) {
    super(options.message ?? shortMessage, { cause: options.cause });
    this.kind = kind;
    this.shortMessage = shortMessage;
    this.detail = options.detail ?? this.message;
    this.hints = options.hints ?? [];
    this.headers = options.headers ?? {};
    this.error = options.error ?? FAILURE_KINDS[kind].error;
    this.source = options.source;
  }

  get status(): number {
    return FAILURE_KINDS[this.kind].status;
  }
}

/** The 404 of a wallet the exchange has never seen. */
export function unknownWallet(address: string): Failure {
  return new Failure("not_found", "No Papertrade account for this wallet", {
    message: `Wallet ${address} has no Papertrade account: the exchange has never seen it deposit.`,
    hints: [
      "Check that the address is complete and on HyperEVM.",
      "Search for a leaderboard name instead, or browse the leaderboard.",
    ],
  });
}

/**
 * The Failure an error stands for: a Failure as it is, the account read's 404 as the unknown
 * `wallet`, an upstream error by its kind; undefined for anything else (a bug: a 500).
 */
export function failureOf(error: unknown, wallet?: string): Failure | undefined {
  if (error instanceof Failure) return error;
  if (wallet !== undefined && isUnknownWallet(error)) return unknownWallet(wallet);
  const upstream = describeUpstreamFailure(error);
  if (!upstream) return undefined;
  const after = upstream.retryAfterSeconds;
  return new Failure(upstream.kind, `${upstream.source} is not answering`, {
    message: `${upstream.source}: ${upstream.message}`,
    detail: `This could not be loaded because the ${upstream.source} failed: ${upstream.message}`,
    hints: [
      "Try again in a few seconds; upstream faults are usually brief.",
      "Nothing is wrong with the link itself.",
    ],
    headers: after === undefined ? {} : { "retry-after": String(Math.max(1, Math.ceil(after))) },
    source: upstream.source,
    cause: error,
  });
}
