/**
 * `defineTool`: a tool from its own logic. What every tool shares lives here once: the
 * read-only annotations, upstream failures turned into tool errors (a wallet the exchange has
 * never seen named by its argument), and the sentence naming what could not be read put first
 * in the text, so a model reading only the text learns the answer is partial.
 */
import type { z } from "zod";
import { isUnknownWallet, toToolError, unknownWalletError } from "./_errors.ts";
import { lines, unavailableText } from "./_text.ts";
import {
  READ_ONLY_ANNOTATIONS,
  type ToolDefinition,
  type ToolError,
  type ToolResult,
} from "./types.ts";

/** What a tool module writes: its words, its schemas and its own logic. */
export interface ToolSpec<I extends z.ZodType, O extends z.ZodType>
  extends Pick<ToolDefinition<I, O>, "name" | "title" | "description" | "run"> {
  input: I;
  output: O;
  /** The wallet argument: its 404 becomes "address: wallet 0x… has no Papertrade account". */
  walletArgument?: keyof z.output<I> & string;
  /** An upstream failure in the caller's terms (a refused cursor); undefined: the shared wording. */
  explainFailure?: (error: unknown, args: z.output<I>) => ToolError | undefined;
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
      return { structured: result.structured, text: missingFirst(result) };
    },
  };
}

/** The text with the sentence about unread parts and skipped rows first, unless it says it. */
function missingFirst(result: ToolResult<unknown>): string {
  const structured = result.structured as { unavailable?: unknown; rows_skipped?: unknown };
  const unavailable = Array.isArray(structured.unavailable) ? structured.unavailable : [];
  const rowsSkipped = typeof structured.rows_skipped === "number" ? structured.rows_skipped : 0;
  const missing = unavailableText(unavailable, rowsSkipped);
  return missing && !result.text.includes(missing) ? lines(missing, result.text) : result.text;
}
