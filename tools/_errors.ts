/**
 * Upstream failures as tool errors: one place turns a PapertradeApiError or HyperEvmError into
 * a ToolError whose message names the source, the endpoint or method, what went wrong and,
 * from the failure-kind table in lib/upstream_error.ts, whether trying again helps.
 */
import { HyperEvmError } from "../lib/hyperevm/mod.ts";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import { describeUpstreamFailure, UPSTREAM_FAILURE_KINDS } from "../lib/upstream_error.ts";
import { ToolError } from "./types.ts";

export { isUnknownWallet } from "../lib/upstream_error.ts";

/**
 * The ToolError for an upstream failure; anything else (an abort, a bug) comes back unchanged
 * so the caller's timeout handling and internal-error reporting still see it.
 */
export function toToolError(error: unknown): unknown {
  if (error instanceof ToolError) return error;
  const failure = describeUpstreamFailure(error);
  if (!failure) return error;
  const advice = UPSTREAM_FAILURE_KINDS[failure.kind].advice(failure.retryAfterSeconds);
  return new ToolError(`${failure.source} ${whatWentWrong(error)}${advice ? `; ${advice}` : ""}`, {
    upstream: true,
    cause: error,
  });
}

/** The not-found error of get_wallet and friends, naming the argument. */
export function unknownWalletError(argument: string, address: string): ToolError {
  return new ToolError(
    `${argument}: wallet ${address} has no Papertrade account (the exchange has never seen it). ` +
      "Check the address, or use search to find a wallet by leaderboard name.",
  );
}

function whatWentWrong(error: unknown): string {
  const changed = error instanceof PapertradeApiError || error instanceof HyperEvmError
    ? error.kind === "schema" ? error.detail : undefined
    : undefined;
  return changed === undefined ? (error as Error).message : `answer changed shape: ${changed}`;
}
