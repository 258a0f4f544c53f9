/** Builds the context one tool call runs with, from the process-wide dependencies. */
import type { AppDeps } from "../lib/deps.ts";
import type { ToolContext } from "./types.ts";

/** The context of one call; `signal` aborts on the tool timeout or when the caller leaves. */
export function createToolContext(deps: AppDeps, signal: AbortSignal): ToolContext {
  const { papertrade, hyperevm, quotes, now } = deps;
  const siteUrl = deps.config.siteUrl.replace(/\/+$/, "");
  return { papertrade, hyperevm, quotes, now, signal, siteUrl };
}
