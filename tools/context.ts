/** Builds the context one tool call runs with, from the process-wide dependencies. */
import type { AppDeps } from "../lib/deps.ts";
import type { ToolContext } from "./types.ts";

/** The context of one call; `signal` aborts on the tool timeout or when the caller leaves. */
export function createToolContext(deps: AppDeps, signal: AbortSignal): ToolContext {
  return {
    papertrade: deps.papertrade,
    hyperevm: deps.hyperevm,
    quotes: deps.quotes,
    now: deps.now,
    signal,
    siteUrl: deps.config.siteUrl.replace(/\/+$/, ""),
  };
}
