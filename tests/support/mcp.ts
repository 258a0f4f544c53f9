/**
 * The MCP tests' helpers: small stand-in tools (so the protocol layer runs without the real
 * registry or any upstream), handler options over them, and request builders.
 */
import { z } from "zod";
import {
  READ_ONLY_ANNOTATIONS,
  type ToolContext,
  type ToolDefinition,
  ToolError,
} from "../../tools/types.ts";
import { handleMcpRequest } from "../../routes/mcp/handler.ts";
import { PapertradeApiError } from "../../lib/papertrade/mod.ts";
import type { McpHandlerOptions } from "../../routes/mcp/options.ts";

const echoInput = z.object({
  text: z.string().min(1).describe("Text to echo back."),
  times: z.number().int().min(1).max(5).default(1).describe("How many times to repeat it."),
});
const echoOutput = z.object({ text: z.string(), length: z.number().int() });

/** Repeats `text`; its structured result is `{ text, length }`. */
export const echoTool: ToolDefinition<typeof echoInput, typeof echoOutput> = {
  name: "echo",
  title: "Echo",
  description: "Repeats the given text. Test tool.",
  inputSchema: echoInput,
  outputSchema: echoOutput,
  annotations: READ_ONLY_ANNOTATIONS,
  run(args) {
    const text = Array.from({ length: args.times }, () => args.text).join(" ");
    return Promise.resolve({ structured: { text, length: text.length }, text: `Echo: ${text}` });
  },
};

const emptyInput = z.object({});
const anyOutput = z.object({ ok: z.boolean() });

function fixture(
  name: string,
  description: string,
  run: (context: ToolContext) => Promise<{ structured: unknown; text: string }>,
): ToolDefinition<typeof emptyInput, typeof anyOutput> {
  return {
    name,
    title: name,
    description,
    inputSchema: emptyInput,
    outputSchema: anyOutput,
    annotations: READ_ONLY_ANNOTATIONS,
    run: (_args, context) => run(context) as Promise<{ structured: { ok: boolean }; text: string }>,
  };
}

/** Always fails with an upstream ToolError. */
export const failingTool = fixture("always_fails", "Fails with a tool error. Test tool.", () => {
  throw new ToolError("The upstream API answered 503; try again later.", { upstream: true });
});

/** Fails with an upstream ToolError whose cause, the Papertrade API, asked to wait 7 s. */
export const rateLimitedTool = fixture("rate_limited", "Fails as rate limited. Test tool.", () => {
  const cause = new PapertradeApiError("429 Too Many Requests", {
    endpoint: "/state/trading",
    kind: "rate_limited",
    retryAfterS: 7,
  });
  throw new ToolError("The upstream API is rate limiting us.", { upstream: true, cause });
});

/** Never finishes until its signal aborts (for timeout tests). */
export const hangingTool = fixture(
  "hangs",
  "Waits until aborted. Test tool.",
  (context) =>
    new Promise((_resolve, reject) => {
      context.signal.addEventListener("abort", () => reject(context.signal.reason), { once: true });
    }),
);

/** Returns a structured result that breaks its own output schema (a server bug). */
export const badOutputTool = fixture(
  "bad_output",
  "Returns data off its schema. Test tool.",
  () => Promise.resolve({ structured: { ok: "yes" }, text: "bad" }),
);

/** Throws an unexpected error (a server bug). */
export const crashingTool = fixture("crashes", "Throws a plain Error. Test tool.", () => {
  throw new Error("boom");
});

/** All fixture tools. */
export const FIXTURE_TOOLS = [echoTool, failingTool, hangingTool, badOutputTool, crashingTool];

/** A ToolContext with no upstream clients: fixture tools never touch them. */
export function createFixtureContext(signal: AbortSignal): ToolContext {
  return {
    papertrade: {} as ToolContext["papertrade"],
    hyperevm: {} as ToolContext["hyperevm"],
    quotes: {} as ToolContext["quotes"],
    now: () => Date.now(),
    signal,
    siteUrl: "http://127.0.0.1",
  };
}

/** Server identity used by tests. */
export const FIXTURE_SERVER_INFO = { name: "papertrade-explorer-test", version: "0.0.0-test" };

/** Handler options over the fixture tools; server faults are collected, not printed. */
export function testOptions(overrides: Partial<McpHandlerOptions> = {}): McpHandlerOptions & {
  faults: unknown[];
} {
  const faults: unknown[] = [];
  return {
    tools: FIXTURE_TOOLS,
    createContext: createFixtureContext,
    serverInfo: FIXTURE_SERVER_INFO,
    toolTimeoutMs: 1_000,
    onError: (error) => faults.push(error),
    ...overrides,
    faults,
  };
}

/** A POST to /mcp with a JSON body (strings are sent as they are). */
export function postRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Posts `body` to the handler and returns the response with its parsed JSON (if any). */
export async function callMcp(
  body: unknown,
  headers: Record<string, string> = {},
  options: McpHandlerOptions = testOptions(),
  // deno-lint-ignore no-explicit-any -- tests inspect arbitrary JSON
): Promise<{ response: Response; json: any }> {
  const response = await handleMcpRequest(postRequest(body, headers), options);
  const text = await response.text();
  return { response, json: text === "" ? undefined : JSON.parse(text) };
}

/** A JSON-RPC request object. */
export function rpc(id: number | string, method: string, params?: Record<string, unknown>) {
  return params === undefined
    ? { jsonrpc: "2.0", id, method }
    : { jsonrpc: "2.0", id, method, params };
}

/** The 2026-07-28 per-request `_meta` envelope. */
export function modernMeta(version = "2026-07-28"): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": version,
    "io.modelcontextprotocol/clientInfo": { name: "test-client", version: "1.0.0" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
}

/** The standard 2026-07-28 headers for `method` (and `name` for tools/call). */
export function modernHeaders(
  method: string,
  name?: string,
  version = "2026-07-28",
): Record<string, string> {
  const headers: Record<string, string> = { "mcp-protocol-version": version, "mcp-method": method };
  if (name !== undefined) headers["mcp-name"] = name;
  return headers;
}
