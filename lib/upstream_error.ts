/**
 * Upstream failures, classified once. {@link UPSTREAM_FAILURE_KINDS} maps a kind to the HTTP
 * status, REST error name and advice that pages, live routes, the REST mirror and tools' text all
 * read (docs "Reference" lists the statuses).
 */
// The modules themselves, not the folders' mod.ts: the error path loads neither client (nor viem).
import { PapertradeApiError } from "./papertrade/http.ts";
import { PAPERTRADE_ENDPOINTS } from "./papertrade/endpoints.ts";
import { HyperEvmError } from "./hyperevm/hyperevm_error.ts";
import { HyperliquidApiError } from "./hyperliquid/l2_book.ts";

/** What one kind of upstream failure means to a client: its status and REST `error` name. */
interface UpstreamFailureRow {
  status: 502 | 503 | 504;
  error: "upstream_error" | "upstream_unavailable" | "upstream_timeout";
  /** What to do, appended to a tool's error text; null when trying again will not help. */
  advice: (retryAfterSeconds: number | undefined) => string | null;
}

const TRY_AGAIN_SHORTLY = "the source may be briefly unavailable, try again shortly";

const KINDS = {
  // It said how long to wait (or that we must): say so.
  rate_limited: {
    status: 503,
    error: "upstream_unavailable",
    advice: (after) => `wait ${after === undefined ? "a little" : `${after} s`} and try again`,
  },
  unavailable: { status: 503, error: "upstream_unavailable", advice: () => TRY_AGAIN_SHORTLY },
  timeout: { status: 504, error: "upstream_timeout", advice: () => TRY_AGAIN_SHORTLY },
  // No answer, or a server error: a bad gateway, but one that usually passes.
  unreachable: { status: 502, error: "upstream_error", advice: () => TRY_AGAIN_SHORTLY },
  // An answer we cannot use (changed shape, a refusal): trying again gives the same.
  bad_answer: { status: 502, error: "upstream_error", advice: () => null },
} satisfies Record<string, UpstreamFailureRow>;

/** How an upstream source failed, as far as a caller can act on it. */
type UpstreamFailureKind = keyof typeof KINDS;
export const UPSTREAM_FAILURE_KINDS: Readonly<Record<UpstreamFailureKind, UpstreamFailureRow>> =
  KINDS;

/** Which source failed, how, the HTTP status to answer with, and a plain message. */
export interface UpstreamFailure {
  source: "Papertrade API" | "HyperEVM RPC" | "Hyperliquid API";
  kind: UpstreamFailureKind;
  status: 502 | 503 | 504;
  message: string;
  /** Seconds the upstream asked us to wait, when it said. */
  retryAfterSeconds?: number;
}

/**
 * Describes an upstream error; null for one not from upstream. An AggregateError (every source of a
 * figure failed) is described by the source tried last, with every source's message.
 */
export function describeUpstreamFailure(error: unknown): UpstreamFailure | null {
  if (error instanceof AggregateError) {
    const each = error.errors.map(describeUpstreamFailure);
    if (each.length === 0 || each.some((one) => one === null)) return null;
    return { ...each.at(-1)!, message: each.map((one) => one!.message).join("; ") };
  }
  const found = error instanceof PapertradeApiError
    ? { source: "Papertrade API" as const, kind: papertradeFailureKind(error) }
    : error instanceof HyperEvmError
    ? { source: "HyperEVM RPC" as const, kind: hyperEvmFailureKind(error) }
    : error instanceof HyperliquidApiError
    ? { source: "Hyperliquid API" as const, kind: papertradeFailureKind(error) }
    : null;
  if (!found) return null;
  const retry = error instanceof PapertradeApiError ? error.retryAfterS : undefined;
  return {
    ...found,
    status: UPSTREAM_FAILURE_KINDS[found.kind].status,
    message: (error as Error).message,
    ...(retry === undefined ? {} : { retryAfterSeconds: retry }),
  };
}

/**
 * True for the account read's 404: the exchange never saw the wallet. A 404 from another (modelled)
 * path, such as the trade history, says the path is wrong, not the wallet.
 */
export function isUnknownWallet(error: unknown): boolean {
  return error instanceof PapertradeApiError && error.status === 404 &&
    error.endpoint === PAPERTRADE_ENDPOINTS.walletStream.path;
}

// The Hyperliquid info API fails in the same kinds as the Papertrade API.
function papertradeFailureKind(
  error: Pick<PapertradeApiError, "kind" | "status">,
): UpstreamFailureKind {
  if (error.kind === "http") {
    return error.status === 503
      ? "unavailable"
      : (error.status ?? 0) >= 500
      ? "unreachable"
      : "bad_answer";
  }
  if (error.kind === "network") return "unreachable";
  return error.kind === "timeout" || error.kind === "rate_limited" ? error.kind : "bad_answer";
}

// Every endpoint timing out is a timeout; any endpoint saying 429/503 is unavailability.
function hyperEvmFailureKind(error: HyperEvmError): UpstreamFailureKind {
  if (error.kind === "schema") return "bad_answer";
  const failures = error.endpointFailures;
  if (failures.length > 0 && failures.every((failure) => failure.kind === "timeout")) {
    return "timeout";
  }
  const busy = failures.some((failure) =>
    failure.kind === "http" && (failure.status === 429 || failure.status === 503)
  );
  return busy ? "unavailable" : "unreachable";
}
