/**
 * Running one tool call: argument validation, the timeout, error mapping and output checking.
 * MCP `tools/call` and the REST mirror both go through `callTool`, so they cannot drift.
 */
import type { z } from "zod";
import { type ToolContext, type ToolDefinition, ToolError } from "../../tools/types.ts";
import { withFreshnessScope } from "../../lib/cache/freshness.ts";
import { labelStaleResult } from "../../lib/cache/stale_label.ts";

/** What came of a call; a failure's kind is its `FAILURE_KINDS` entry (the REST status). */
export type ToolOutcome =
  | {
    kind: "ok";
    structured: Record<string, unknown>;
    text: string;
    /** The MCP result's `_meta`, for a view (REST leaves it out). */
    meta?: Record<string, unknown>;
  }
  /** Arguments failed the input schema (MCP -32602 or isError, REST 422). */
  | { kind: "invalid_arguments"; message: string }
  /** The tool reported a ToolError (bad input it detected, not found, upstream fault). */
  | { kind: "tool_error"; message: string; upstream: boolean; cause?: unknown }
  | { kind: "tool_timeout"; message: string }
  /** A server bug: the tool threw something unexpected or returned data off its schema. */
  | { kind: "internal"; message: string };

export interface CallToolOptions {
  createContext: (signal: AbortSignal) => ToolContext;
  timeoutMs: number;
  onError: (error: unknown, where: string) => void;
}

/** "Unknown tool" text that lists the valid names, so a caller can correct itself. */
export function unknownToolMessage(name: unknown, tools: readonly { name: string }[]): string {
  const shown = typeof name === "string" ? `'${name}'` : "(no name given)";
  return `Unknown tool ${shown}. Valid tools: ${tools.map((tool) => tool.name).join(", ")}.`;
}

/** One line per zod issue, naming the argument and what is wrong with it. */
function describeArgumentIssues(toolName: string, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.map((issue) => {
    if (issue.path.length === 0) return issue.message;
    const path = issue.path.map(String).join(".");
    // The value is in the issue: the parse reports its input.
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    return missing
      ? `argument '${path}' is required (expected ${issue.expected})`
      : `argument '${path}': ${issue.message}`;
  });
  return `Invalid arguments for tool ${toolName}: ${lines.join("; ")}`;
}

const TIMED_OUT = Symbol("timed out");

/** Validates `args`, runs `tool` under the timeout and checks its result against outputSchema. */
export async function callTool(
  // deno-lint-ignore no-explicit-any -- any tool
  tool: ToolDefinition<any, any>,
  args: Record<string, unknown>,
  options: CallToolOptions,
): Promise<ToolOutcome> {
  const parsed = tool.inputSchema.safeParse(args, { reportInput: true });
  if (!parsed.success) {
    return {
      kind: "invalid_arguments",
      message: describeArgumentIssues(tool.name, parsed.error.issues),
    };
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException("tool timeout", "TimeoutError"));
      resolve(TIMED_OUT);
    }, options.timeoutMs);
  });
  try {
    // The scope collects reads answered from a last good copy, for the `as_of`/`stale` label.
    const { scope, result: running } = withFreshnessScope(() =>
      Promise.resolve().then(() => tool.run(parsed.data, options.createContext(controller.signal)))
    );
    // A tool still running after the timeout rejects later when it sees the abort; that
    // late rejection must not surface as an unhandled one.
    running.catch(() => {});
    const result = await Promise.race([running, timeout]);
    if (result === TIMED_OUT) {
      const seconds = Number((options.timeoutMs / 1000).toFixed(3));
      return {
        kind: "tool_timeout",
        message:
          `Tool ${tool.name} timed out after ${seconds} s. An upstream source may be slow; try again shortly.`,
      };
    }
    const checked = tool.outputSchema.safeParse(result.structured);
    const structured = checked.success ? checked.data : undefined;
    if (typeof structured !== "object" || structured === null || Array.isArray(structured)) {
      options.onError(
        checked.success ? new Error("structured result is not an object") : checked.error,
        `tool ${tool.name} returned a result that does not match its outputSchema`,
      );
      return {
        kind: "internal",
        message:
          `Tool ${tool.name} produced a result that does not match its output schema. This is a server bug; please report it.`,
      };
    }
    const labelled = labelStaleResult({ structured, text: result.text }, scope.reads);
    return { kind: "ok", ...labelled, ...(result.meta && { meta: result.meta }) };
  } catch (error) {
    if (error instanceof ToolError) {
      return {
        kind: "tool_error",
        message: error.message,
        upstream: error.upstream,
        cause: error.cause,
      };
    }
    options.onError(error, `tool ${tool.name} threw`);
    return {
      kind: "internal",
      message:
        `Tool ${tool.name} failed with an internal error. This is a server fault, not your input; try again later.`,
    };
  } finally {
    clearTimeout(timer);
  }
}
