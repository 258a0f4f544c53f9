/** Shared helpers for the MCP tests: options with fixture tools and request builders. */
import { createFixtureContext, FIXTURE_SERVER_INFO, FIXTURE_TOOLS } from "./_fixture_tools.ts";
import { handleMcpRequest } from "./handler.ts";
import type { McpHandlerOptions } from "./options.ts";

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
