/** The shape of one tool, as every face of the product reads it (with `tools/registry.ts`). */
import type { z } from "zod";
import type { AppDeps } from "../lib/deps.ts";

/** Annotations every tool carries: all eleven are read-only lookups against live data. */
export const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;

/** What a tool may use while it runs: the upstream clients and the clock of `AppDeps`, and more. */
export interface ToolContext extends Pick<AppDeps, "papertrade" | "hyperevm" | "quotes" | "now"> {
  /** Aborted when the tool timeout (25 s) passes. */
  signal: AbortSignal;
  /** Canonical site URL, for links in results. */
  siteUrl: string;
}

/** What a tool returns: the structured result (matches outputSchema) and text for a model. */
export interface ToolResult<O> {
  structured: O;
  text: string;
  /**
   * What only an MCP Apps view reads (namespaced keys): sent as the MCP result's `_meta`, never
   * in `structuredContent` or the text, and left out of the REST mirror's answer.
   */
  meta?: Record<string, unknown>;
}

/** One tool, defined once. */
export interface ToolDefinition<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  name: string;
  title: string;
  /** Under 1 KB: what it returns and what to call next. */
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: typeof READ_ONLY_ANNOTATIONS;
  run(args: z.output<I>, context: ToolContext): Promise<ToolResult<z.input<O>>>;
}

/**
 * A failure the caller should see as a tool error (MCP `isError: true`, REST 422): bad
 * arguments that passed the schema, something not found upstream, an upstream fault.
 */
export class ToolError extends Error {
  /** Set when the cause was an upstream fault rather than the caller's input. */
  readonly upstream: boolean;
  constructor(message: string, options?: { upstream?: boolean; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = "ToolError";
    this.upstream = options?.upstream ?? false;
  }
}

/** Finds a tool by exact name: the one lookup, over `TOOLS` or any list a face serves. */
export function findTool<T extends { name: string }>(
  tools: readonly T[],
  name: unknown,
): T | undefined {
  return typeof name === "string" ? tools.find((tool) => tool.name === name) : undefined;
}
