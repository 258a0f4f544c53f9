/** Turns an upstream failure into what a page or tool can say about it. */
import { PapertradeApiError } from "./papertrade/mod.ts";
import { HyperEvmError } from "./hyperevm/mod.ts";

/** Which source failed, the HTTP status a page should answer with, and a plain message. */
export interface UpstreamFailure {
  source: "Papertrade API" | "HyperEVM RPC";
  /** 503 rate limited or unavailable, 504 timed out, 502 anything else it did wrong. */
  status: 502 | 503 | 504;
  message: string;
  /** Seconds the upstream asked us to wait, when it said. */
  retryAfterSeconds?: number;
}

/** Describes an upstream error, or returns null when the error did not come from upstream. */
export function describeUpstreamFailure(error: unknown): UpstreamFailure | null {
  if (error instanceof PapertradeApiError) {
    const status = error.kind === "timeout"
      ? 504
      : error.kind === "rate_limited" || error.status === 503
      ? 503
      : 502;
    const failure: UpstreamFailure = { source: "Papertrade API", status, message: error.message };
    if (error.retryAfterS !== undefined) failure.retryAfterSeconds = error.retryAfterS;
    return failure;
  }
  if (error instanceof HyperEvmError) {
    // Every endpoint timing out is a timeout; any endpoint saying 429/503 is unavailability.
    const failures = error.failures;
    const status = failures.length > 0 && failures.every((text) => text.startsWith("timeout"))
      ? 504
      : failures.some((text) => /^HTTP (429|503)\b/.test(text))
      ? 503
      : 502;
    return { source: "HyperEVM RPC", status, message: error.message };
  }
  return null;
}
