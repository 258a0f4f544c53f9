/**
 * The SDK's side of `/mcp`, loaded on the first POST: a low-level `Server` per request, served by
 * `createMcpHandler` (2026-07-28) or a stateless transport (handshake era). The SDK owns the
 * protocol (handshake, ping, envelope and headers, cache hints, error codes); each call runs
 * through `callTool`, like the REST mirror's.
 */
import {
  classifyInboundRequest,
  createMcpHandler,
  isLegacyRequest,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { callTool, type ToolOutcome, unknownToolMessage } from "./call_tool.ts";
import { findTool, type ToolDefinition } from "../../tools/types.ts";
import { type ResolvedOptions, SERVER_INSTRUCTIONS } from "./options.ts";
import { toolEntry } from "../../lib/discovery/server_card.ts";
import { readView } from "../../lib/app_views.ts";
import {
  HEADERLESS_PROTOCOL_VERSION,
  reportsInvalidArgumentsAsResult,
  SERVER_CAPABILITIES,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../lib/discovery/protocol_versions.ts";

/**
 * Both eras answer the (empty) resource and prompt lists: clients ask for them whatever the
 * capabilities say (the Python SDK raises on a -32601). Initialize declares tools only (the
 * seed); server/discover also declares the lists, as 2026-07-28 requires (SEP-2575).
 */
class ToolsServer extends Server {
  protected override assertRequestHandlerCapability(): void {}

  /**
   * SDK 2.4 answers a spec method whose params fail its schema (initialize without
   * protocolVersion, resources/read without uri) with -32603 (typescript-sdk issue 2284);
   * JSON-RPC and the seed say -32602. Our handlers throw only ProtocolErrors (that every tool
   * describes itself is a test's job), so a plain error here is the SDK's params check.
   */
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    return super._wrapHandler(method, async (request, ctx) => {
      try {
        return await handler(request, ctx);
      } catch (error) {
        if (error instanceof ProtocolError) throw error;
        const message = `Invalid params: ${(error as Error).message}`;
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, message);
      }
    });
  }
}

type Handler = Parameters<Server["_wrapHandler"]>[1];

/** How long a client may cache a list (they change on deploy only): 2026-07-28 cache hints. */
const LIST_CACHE = { ttlMs: 5 * 60_000, cacheScope: "public" } as const;

/**
 * Hands one POST to the SDK, asking it for JSON (this step picks JSON or SSE per request):
 * 2026-07-28 traffic to `createMcpHandler`, the handshake era to a stateless transport.
 */
export async function serve(request: Request, body: unknown, options: ResolvedOptions) {
  const headers = new Headers(request.headers);
  headers.set("accept", "application/json, text/event-stream");
  const forwarded = new Request(request.url, { method: "POST", headers });
  const faults: Error[] = [];
  let response: Response;
  if (body !== undefined && await isLegacyRequest(forwarded, body)) {
    const server = createServer(options, "legacy");
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    server.onerror = (error) => faults.push(error);
    await server.connect(transport);
    try {
      response = await transport.handleRequest(forwarded, { parsedBody: body });
    } finally {
      await server.close();
    }
  } else {
    const handler = createMcpHandler(({ era }) => createServer(options, era), {
      legacy: "reject",
      onerror: (error) => faults.push(error),
    });
    response = await handler.fetch(forwarded, body === undefined ? {} : { parsedBody: body });
  }
  // The SDK reports refused requests too; only a 5xx is a fault of ours.
  if (response.status >= 500) faults.forEach((fault) => options.onError(fault, "POST /mcp"));
  return response;
}

/** The tools/call requests of a body the SDK will serve (it refuses the rest before dispatch). */
export function toolCalls(request: Request, body: unknown): number {
  const version = request.headers.get("mcp-protocol-version") ?? undefined;
  if (version && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return 0;
  const outcome = classifyInboundRequest({
    httpMethod: "POST",
    protocolVersionHeader: version,
    mcpMethodHeader: request.headers.get("mcp-method") ?? undefined,
    body,
  });
  if (outcome.kind === "reject") return 0;
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.filter((message) =>
    typeof message === "object" && message !== null && "id" in message &&
    (message as { method?: unknown }).method === "tools/call"
  ).length;
}

export { isJsonContentType } from "@modelcontextprotocol/server";

/** A fresh server for one request of `era`. */
export function createServer(options: ResolvedOptions, era: "legacy" | "modern"): Server {
  const lists = { listChanged: false } as const;
  const server = new ToolsServer(options.serverInfo, {
    capabilities: era === "modern"
      ? { ...SERVER_CAPABILITIES, prompts: lists }
      : SERVER_CAPABILITIES,
    instructions: SERVER_INSTRUCTIONS,
    supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    cacheHints: Object.fromEntries(
      [
        "tools/list",
        "resources/list",
        "resources/templates/list",
        "prompts/list",
        "server/discover",
      ]
        .map((method) => [method, LIST_CACHE]),
    ),
  });
  server.setRequestHandler("tools/list", () => ({ tools: options.tools.map(describeTool) }));
  server.setRequestHandler("resources/list", () => ({ resources: [] }));
  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: [] }));
  server.setRequestHandler("prompts/list", () => ({ prompts: [] }));
  // The MCP Apps views (lib/app_views.ts), which four tools name in their `_meta`; any other URI
  // does not exist.
  server.setRequestHandler("resources/read", ({ params: { uri } }) => {
    const view = readView(uri, options.serverInfo.websiteUrl ?? "");
    if (view) return view;
    const message = `Resource not found: ${uri}. This server has no resources besides the ` +
      "views its tools name in _meta.ui.resourceUri.";
    throw new ProtocolError(ProtocolErrorCode.ResourceNotFound, message, { uri });
  });
  server.setRequestHandler("tools/call", async ({ params }, ctx) => {
    const tool = findTool(options.tools, params.name);
    if (!tool) {
      const message = unknownToolMessage(params.name, options.tools);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, message);
    }
    const outcome = await callTool(tool, params.arguments ?? {}, options.call);
    // Before 2025-11-25 (SEP-1303) arguments off the schema are a protocol error.
    const version = ctx.http?.req?.headers.get("mcp-protocol-version")?.trim();
    if (
      outcome.kind === "invalid_arguments" &&
      !reportsInvalidArgumentsAsResult(version || HEADERLESS_PROTOCOL_VERSION)
    ) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, outcome.message);
    }
    return toolResult(outcome);
  });
  return server;
}

/**
 * The CallToolResult of an outcome: content + structuredContent (and `_meta` when the tool has
 * something for a view), or an isError text.
 */
function toolResult(outcome: ToolOutcome) {
  if (outcome.kind === "ok") {
    const { text, structured: structuredContent, meta } = outcome;
    const result = { content: [{ type: "text" as const, text }], structuredContent };
    return meta ? { ...result, _meta: meta } : result;
  }
  return { content: [{ type: "text" as const, text: outcome.message }], isError: true };
}

/** The `tools/list` entry of a tool. Throws if the input schema is not an object schema. */
// deno-lint-ignore no-explicit-any -- any tool
export function describeTool(tool: ToolDefinition<any, any>) {
  // A tool with an MCP Apps view names it in `_meta`; hosts that do not render views ignore it.
  const entry = toolEntry(tool);
  const { inputSchema } = entry;
  if (inputSchema.type !== "object") {
    throw new Error(`tool ${tool.name}: inputSchema must be a JSON Schema of type "object"`);
  }
  return {
    ...entry,
    inputSchema: inputSchema as typeof inputSchema & { type: "object" },
    annotations: { title: tool.title, ...tool.annotations },
  };
}
