/**
 * Test harness for the tools: the replay upstream on 127.0.0.1:0, real API and RPC clients
 * pointed at it, and a tool context over them. Every expectation comes from catalog.json.
 */
import type { z } from "zod";
import {
  catalog,
  type Faults,
  type ReplayUpstream,
  startReplayUpstream,
} from "../../fixtures/mod.ts";
import { DEFAULT_CONFIG } from "../../lib/config.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { createHyperEvmClient } from "../../lib/hyperevm/mod.ts";
import { createPapertradeClient, type RetryPolicy } from "../../lib/papertrade/mod.ts";
import { createLiveQuotes } from "../../lib/marks.ts";
import { createToolContext } from "../../tools/context.ts";
import type { ToolContext, ToolDefinition } from "../../tools/types.ts";

export { catalog };

/** Site URL the test context links to. */
export const TEST_SITE_URL = "https://explorer.test";

/** A running replay upstream and a tool context over it. */
export interface Harness {
  upstream: ReplayUpstream;
  context: ToolContext;
}

/** Options of {@link withHarness}. */
export interface HarnessOptions {
  /** Per-request timeout of both clients (default 5000 ms). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  faults?: Faults;
  /** Send a wallet-stream patch this often (default: none). */
  patchEveryMs?: number;
  /** The clock of the tools and the Papertrade client (default pinned to the catalog's time). */
  now?: () => number;
}

/** Runs `body` against a fresh replay upstream pinned to the catalog's base time. */
export async function withHarness(
  body: (harness: Harness) => Promise<void>,
  options: HarnessOptions = {},
): Promise<void> {
  const now = options.now ?? (() => catalog.baseTimeMs);
  const upstream = await startReplayUpstream({
    port: 0,
    now,
    faults: options.faults,
    patchEveryMs: options.patchEveryMs,
  });
  const controller = new AbortController();
  try {
    const timeoutMs = options.timeoutMs ?? 5_000;
    const deps: AppDeps = {
      config: {
        ...DEFAULT_CONFIG,
        papertradeApiUrl: upstream.apiUrl,
        rpcUrl: upstream.rpcUrl,
        fallbackRpcUrl: upstream.fallbackRpcUrl,
        hyperliquidInfoUrl: upstream.hyperliquidInfoUrl,
        siteUrl: TEST_SITE_URL,
      },
      papertrade: createPapertradeClient({
        baseUrl: upstream.apiUrl,
        timeoutMs,
        now,
        // Short waits so 503 and 429 retries do not slow the suite.
        retry: { baseDelayMs: 1, maxRetryWaitMs: 20, ...options.retry },
      }),
      hyperevm: createHyperEvmClient({
        rpcUrl: upstream.rpcUrl,
        fallbackRpcUrl: upstream.fallbackRpcUrl,
        timeoutMs,
      }),
      quotes: createLiveQuotes({ ...upstream, timeoutMs, now }),
      now,
    };
    await body({ upstream, context: createToolContext(deps, controller.signal) });
  } finally {
    controller.abort();
    await upstream.close();
  }
}

/**
 * Calls a tool as the MCP layer would: arguments through the input schema, the result through
 * the output schema (a mismatch throws).
 */
export async function callTool<I extends z.ZodType, O extends z.ZodType>(
  tool: ToolDefinition<I, O>,
  args: Record<string, unknown>,
  context: ToolContext,
): Promise<{ structured: z.output<O>; text: string; json: string }> {
  const result = await tool.run(tool.inputSchema.parse(args), context);
  const structured = tool.outputSchema.parse(result.structured);
  return { structured, text: result.text, json: JSON.stringify(structured) };
}

/** The input schema's message for bad arguments (`path: message`); throws if they parse. */
export function inputError(tool: ToolDefinition, args: unknown): string {
  const parsed = tool.inputSchema.safeParse(args);
  if (parsed.success) throw new Error(`arguments unexpectedly valid: ${JSON.stringify(args)}`);
  return parsed.error.issues
    .map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join(".")}: ${issue.message}`
    )
    .join("; ");
}
