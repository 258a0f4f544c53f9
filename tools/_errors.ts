/**
 * Upstream failures as tool errors: one place turns a PapertradeApiError or HyperEvmError into
 * a ToolError whose message names the source, the endpoint or method, and what went wrong.
 */
import { HyperEvmError } from "../lib/hyperevm/mod.ts";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import { ToolError } from "./types.ts";

/** The wallet stream answers 404 for a wallet the exchange has never seen. */
export function isUnknownWallet(error: unknown): boolean {
  return error instanceof PapertradeApiError && error.status === 404;
}

/**
 * The ToolError for an upstream failure; anything else (an abort, a bug) comes back unchanged
 * so the caller's timeout handling and internal-error reporting still see it.
 */
export function toToolError(error: unknown): unknown {
  if (error instanceof ToolError) return error;
  if (error instanceof PapertradeApiError) {
    return new ToolError(`Papertrade API ${papertradeDetail(error)}`, {
      upstream: true,
      cause: error,
    });
  }
  if (error instanceof HyperEvmError) {
    const detail = error.kind === "schema"
      ? `answer changed shape: ${error.message.replace(/^upstream changed: /, "")}`
      : error.message;
    return new ToolError(`HyperEVM RPC ${detail}${retryHint(true)}`, {
      upstream: true,
      cause: error,
    });
  }
  return error;
}

/** The not-found error of get_wallet and friends, naming the argument. */
export function unknownWalletError(argument: string, address: string): ToolError {
  return new ToolError(
    `${argument}: wallet ${address} has no Papertrade account (the exchange has never seen it). ` +
      "Check the address, or use search to find a wallet by leaderboard name.",
  );
}

function papertradeDetail(error: PapertradeApiError): string {
  const message = error.kind === "schema" && error.detail !== undefined
    ? `answer changed shape: ${error.detail}`
    : error.message;
  switch (error.kind) {
    case "rate_limited":
      return `${message}; wait ${
        error.retryAfterS === undefined ? "a little" : `${error.retryAfterS} s`
      } and try again`;
    case "timeout":
    case "network":
      return `${message}${retryHint(true)}`;
    case "http":
      return `${message}${retryHint((error.status ?? 0) >= 500)}`;
    default:
      return message;
  }
}

function retryHint(transient: boolean): string {
  return transient ? "; the source may be briefly unavailable, try again shortly" : "";
}
