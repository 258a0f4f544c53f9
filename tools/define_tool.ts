/**
 * `defineTool`: what every tool shares, once: read-only annotations, upstream failures as tool
 * errors (an unknown wallet named by its argument), the text generated from the structured
 * result (`model_text.ts`), led by what could not be read, so a text-only reader knows.
 */
import type { z } from "zod";
import { HyperEvmError } from "../lib/hyperevm/mod.ts";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import {
  describeUpstreamFailure,
  isUnknownWallet,
  UPSTREAM_FAILURE_KINDS,
} from "../lib/upstream_error.ts";
import { modelText } from "./model_text.ts";
import {
  READ_ONLY_ANNOTATIONS,
  type ToolContext,
  type ToolDefinition,
  ToolError,
  type ToolResult,
} from "./types.ts";

/** What a tool module writes: its words, its schemas and its own logic. */
interface ToolSpec<I extends z.ZodType, O extends z.ZodType>
  extends Pick<ToolDefinition<I, O>, "name" | "title" | "description"> {
  input: I;
  output: O;
  /** The structured result, at most a one-line headline, and `_meta` for a view only. */
  run(args: z.output<I>, context: ToolContext): Promise<
    Omit<ToolResult<z.input<O>>, "text"> & { headline?: string }
  >;
  /** The wallet argument: its 404 becomes "address: wallet 0x… has no Papertrade account". */
  walletArgument?: keyof z.output<I> & string;
  /** An upstream failure in the caller's terms (a refused cursor); undefined: the shared wording. */
  explainFailure?: (error: unknown, args: z.output<I>) => ToolError | undefined;
  /** Rows of a list the generated text writes out, when fewer than `TEXT_ROWS` keep it short. */
  textRows?: number;
}

/** The tool `spec` describes, with the shared error and partial-answer plumbing around `run`. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(
  spec: ToolSpec<I, O>,
): ToolDefinition<I, O> {
  const { walletArgument, explainFailure } = spec;
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: spec.input,
    outputSchema: spec.output,
    annotations: READ_ONLY_ANNOTATIONS,
    async run(args, context) {
      let result;
      try {
        result = await spec.run(args, context);
      } catch (error) {
        const wallet = walletArgument === undefined ? undefined : args[walletArgument];
        if (typeof wallet === "string" && isUnknownWallet(error)) {
          throw unknownWalletError(walletArgument!, wallet);
        }
        throw explainFailure?.(error, args) ?? toToolError(error);
      }
      const text = [
        missingText(result.structured as Partial<Record<string, unknown>>),
        result.headline,
        modelText(result.structured, spec.textRows),
      ].filter(Boolean).join("\n");
      const answer = { structured: result.structured, text };
      return result.meta ? { ...answer, meta: result.meta } : answer;
    },
  };
}

/** The sentence about unread parts and skipped rows, which the text puts first; "" if none. */
function missingText({ unavailable, rows_skipped }: Partial<Record<string, unknown>>): string {
  const skipped = typeof rows_skipped === "number" && rows_skipped > 0
    ? `${rows_skipped} malformed upstream row${rows_skipped === 1 ? " was" : "s were"} left out.`
    : "";
  if (!Array.isArray(unavailable) || unavailable.length === 0) return skipped;
  const missing = (unavailable as { part: string; reason: string; field?: string }[]).map((item) =>
    `${item.part}${item.field ? ` field ${item.field}` : ""} (${item.reason})`
  );
  return `Not available this time: ${missing.join("; ")}. The rest is current. ${skipped}`.trim();
}

/**
 * An upstream failure as a ToolError: source, what went wrong, whether retrying helps
 * (lib/upstream_error.ts). Anything else (an abort, a bug) is returned unchanged for callTool.
 */
function toToolError(error: unknown): unknown {
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
