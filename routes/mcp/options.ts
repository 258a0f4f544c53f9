/** Options of the MCP handler and the REST mirror, and their defaults. */
import type { ToolContext, ToolDefinition } from "../../tools/types.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { describeErrorOnOneLine } from "../../lib/http/log_line.ts";
import { SERVER_INSTRUCTIONS } from "./instructions.ts";

/** Server identity (MCP `Implementation`). */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  description?: string;
  websiteUrl?: string;
}

/** What the tool endpoints need; tools and context come from the caller (no registry import). */
export interface ToolEndpointOptions {
  // deno-lint-ignore no-explicit-any -- each tool has its own schema types
  tools: readonly ToolDefinition<any, any>[];
  /** Builds the context of one tool call; `signal` aborts on timeout or client disconnect. */
  createContext: (signal: AbortSignal) => ToolContext;
  /** Per-call limiter; no limit when absent. */
  limiter?: RateLimiter;
  /** The caller's key for the limiter (see `clientKeyFromRequest`). */
  clientKey?: string;
  /** Per-call timeout in ms. Default 25 000. */
  toolTimeoutMs?: number;
  /**
   * Aborts running tool calls when the client goes away. Not read from `request.signal` by
   * default: merely touching that signal makes Deno.serve print a legacy-abort warning. Pass
   * `request.signal` when serving with `--unstable-no-legacy-abort`; the timeout bounds calls
   * either way.
   */
  clientSignal?: AbortSignal;
  /** Told about server-side faults (a tool crash, a result off its schema). Default console.error. */
  onError?: (error: unknown, where: string) => void;
}

/** Options of `handleMcpRequest`. */
export interface McpHandlerOptions extends ToolEndpointOptions {
  serverInfo: ServerInfo;
  /** Initialize/discover `instructions`. Default: the untrusted-data warning. */
  instructions?: string;
  /** Messages per JSON-RPC batch. Default 20. */
  maxBatch?: number;
  /** Links listed by `GET /mcp` (name → URL). */
  docLinks?: Record<string, string>;
  /** The endpoint `GET /mcp` advertises. Default `/mcp`: never built from the Host header. */
  endpointUrl?: string;
}

/** Options with every default filled in. */
export type ResolvedOptions =
  & Required<Omit<McpHandlerOptions, "limiter" | "clientKey" | "clientSignal" | "endpointUrl">>
  & Pick<McpHandlerOptions, "limiter" | "clientKey" | "clientSignal">
  & { endpointUrl: string };

/** Default per-call timeout (see "Security and limits"). */
export const DEFAULT_TOOL_TIMEOUT_MS = 25_000;
/** Default largest batch. */
export const DEFAULT_MAX_BATCH = 20;

function logError(error: unknown, where: string): void {
  console.error(`[mcp] ${where}: ${describeErrorOnOneLine(error)}`);
}

/** Tool endpoint options with every default filled in. */
export type ResolvedToolOptions =
  & Required<Omit<ToolEndpointOptions, "limiter" | "clientKey" | "clientSignal">>
  & Pick<ToolEndpointOptions, "limiter" | "clientKey" | "clientSignal">;

/** Fills in the defaults shared by /mcp and the REST mirror. */
export function resolveToolOptions(options: ToolEndpointOptions): ResolvedToolOptions {
  return {
    ...options,
    toolTimeoutMs: options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
    onError: options.onError ?? logError,
  };
}

/** Fills in defaults. */
export function resolveOptions(options: McpHandlerOptions): ResolvedOptions {
  return {
    ...options,
    ...resolveToolOptions(options),
    instructions: options.instructions ?? SERVER_INSTRUCTIONS,
    maxBatch: options.maxBatch ?? DEFAULT_MAX_BATCH,
    docLinks: options.docLinks ?? {},
    endpointUrl: options.endpointUrl ?? "/mcp",
  };
}
