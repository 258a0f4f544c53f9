/** Raw JSON-RPC over HTTP to the test app's `/mcp`, for the protocol-table tests. */
import type { TestApp } from "../harness.ts";

/** Accept header of a client that takes either answer type (the SDK's). */
export const ACCEPT_BOTH = "application/json, text/event-stream";

/** A JSON-RPC request object. */
export function rpc(id: number | string, method: string, params?: Record<string, unknown>) {
  return params === undefined
    ? { jsonrpc: "2.0", id, method }
    : { jsonrpc: "2.0", id, method, params };
}

/** initialize params for `protocolVersion`. */
export function initializeParams(protocolVersion: string): Record<string, unknown> {
  return { protocolVersion, capabilities: {}, clientInfo: { name: "tests", version: "1" } };
}

/** What a POST returned: the response (body read) and its JSON, if it had any. */
export interface Posted {
  response: Response;
  text: string;
  // deno-lint-ignore no-explicit-any -- tests read arbitrary JSON
  json: any;
}

/** POSTs `body` (strings go as they are) to `/mcp` and reads the whole answer. */
export async function postMcp(
  app: TestApp,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Posted> {
  const response = await app.fetch("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: ACCEPT_BOTH, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = (response.headers.get("content-type") ?? "").startsWith("application/json");
  return { response, text, json: isJson && text !== "" ? JSON.parse(text) : undefined };
}

/** The data of each `message` event in an SSE body. */
export function sseMessages(text: string): unknown[] {
  return text.split("\n\n").filter((block) => block.trim() !== "").map((block) => {
    const lines = block.split("\n");
    const event = lines.find((line) => line.startsWith("event:"))?.slice(6).trim() ?? "message";
    if (event !== "message") throw new Error(`unexpected SSE event ${event}`);
    const data = lines.filter((line) => line.startsWith("data:")).map((line) =>
      line.slice(5).trim()
    );
    return JSON.parse(data.join("\n"));
  });
}
