/** Turns an upstream failure into what a page or tool can say about it. */
import { PapertradeApiError } from "./papertrade/mod.ts";
import { HyperEvmError } from "./hyperevm/mod.ts";

/** Which source failed, the HTTP status a page should answer with, and a plain message. */
export interface UpstreamFailure {
  source: "Papertrade API" | "HyperEVM RPC";
  status: 502 | 503 | 504;
  message: string;
}

/** Describes an upstream error, or returns null when the error did not come from upstream. */
export function describeUpstreamFailure(error: unknown): UpstreamFailure | null {
  if (error instanceof PapertradeApiError) {
    const status = error.kind === "timeout"
      ? 504
      : error.kind === "rate_limited" || error.status === 503
      ? 503
      : 502;
    return { source: "Papertrade API", status, message: error.message };
  }
  if (error instanceof HyperEvmError) {
    return { source: "HyperEVM RPC", status: 502, message: error.message };
  }
  return null;
}
