/**
 * The JSON-RPC methods, per era. Both eras: tools/list, tools/call, server/discover, and the
 * empty resources/list, resources/templates/list and prompts/list, with resources/read serving
 * the MCP Apps views (any other URI "not found") and prompts/get of any name "unknown". Clients ask for these lists
 * whatever the capabilities say (the Python SDK's default mode raises on a -32601, and the
 * conformance suite's list and caching checks call them), and an empty list is the true answer.
 * The handshake era (2024-11-05 … 2025-11-25) adds initialize and ping; under 2026-07-28 those
 * are removed and, like any unknown method, 404 + -32601. Stateless results carry
 * `resultType: "complete"` and `_meta` serverInfo; list and discover results add cache hints.
 */
import { callTool, type ToolOutcome, unknownToolMessage } from "./call_tool.ts";
import { findTool } from "../../tools/types.ts";
import { SERVER_INFO_META_KEY } from "./era.ts";
import {
  ErrorCode,
  errorResponse,
  isJsonObject,
  type JsonObject,
  type JsonRpcCall,
  type JsonRpcId,
  type JsonRpcResponse,
} from "./jsonrpc.ts";
import { type ResolvedOptions, SERVER_INSTRUCTIONS } from "./options.ts";
import { toolJsonSchemas } from "../../lib/tool_schema.ts";
import { readView, toolUiMeta } from "../../lib/app_views.ts";
import type { ToolDefinition } from "../../tools/types.ts";
import {
  negotiateInitializeVersion,
  reportsInvalidArgumentsAsResult,
  SERVER_CAPABILITIES,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../lib/discovery/protocol_versions.ts";

/**
 * What server/discover declares: also the resources and prompts whose (empty) lists we answer.
 * 2026-07-28 makes that a MUST for a server that answers their methods (SEP-2575); the
 * handshake era keeps the seed's tools-only initialize.
 */
const DISCOVER_CAPABILITIES = {
  ...SERVER_CAPABILITIES,
  resources: { listChanged: false },
  prompts: { listChanged: false },
} as const;

/** How long a stateless client may cache tools/list and server/discover (they change on deploy only). */
const LIST_TTL_MS = 5 * 60_000;

/** Everything a method needs to answer one call. */
interface MethodContext {
  options: ResolvedOptions;
  era: "legacy" | "modern";
  /** The revision the call is served under. */
  version: string;
}

type Handler = (
  call: JsonRpcCall,
  id: JsonRpcId,
  context: MethodContext,
) => Promise<JsonRpcResponse> | JsonRpcResponse;

const ok = (id: JsonRpcId, result: JsonObject): JsonRpcResponse => ({ jsonrpc: "2.0", id, result });
const fail = (id: JsonRpcId, code: number, message: string, data?: unknown) =>
  errorResponse(id, { code, message, data });
const invalidParams = (id: JsonRpcId, problem: string) =>
  fail(id, ErrorCode.InvalidParams, `Invalid params: ${problem}`);

function initialize(call: JsonRpcCall, id: JsonRpcId, { options }: MethodContext) {
  const requested = call.params?.protocolVersion;
  if (typeof requested !== "string") {
    return invalidParams(id, "initialize needs params.protocolVersion (a string)");
  }
  return ok(id, {
    protocolVersion: negotiateInitializeVersion(requested),
    capabilities: SERVER_CAPABILITIES,
    serverInfo: options.serverInfo,
    instructions: SERVER_INSTRUCTIONS,
  });
}

/** A list method answered on one page: `key` holds what `items` returns for the options. */
function onePageList(key: string, items: (options: ResolvedOptions) => unknown[]): Handler {
  return (call, id, { options, era }) => {
    // Every list fits on one page, so we never hand out a cursor: any cursor is one we did not
    // issue (the spec's "invalid cursor" is -32602).
    const cursor = call.params?.cursor;
    if (cursor !== undefined && cursor !== null) {
      return invalidParams(
        id,
        `unknown cursor. ${call.method} returns everything on one page and issues no cursor; ` +
          "call it without params.cursor.",
      );
    }
    const list = { [key]: items(options) };
    return ok(id, era === "modern" ? { ...list, ttlMs: LIST_TTL_MS, cacheScope: "public" } : list);
  };
}

/**
 * resources/read: the MCP Apps views (lib/app_views.ts), which four tools name in their `_meta`;
 * every other URI is one that does not exist.
 */
function readResource(call: JsonRpcCall, id: JsonRpcId, { era, options }: MethodContext) {
  const uri = call.params?.uri;
  if (typeof uri !== "string") {
    return invalidParams(id, "resources/read needs params.uri");
  }
  const view = readView(uri, options.serverInfo.websiteUrl ?? "");
  if (view) return ok(id, view);
  // SEP-2164 (2026-07-28) makes "not found" -32602; the handshake-era revisions say -32002.
  const code = era === "modern" ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound;
  const message = `Resource not found: ${uri}. This server has no resources besides the ` +
    "views its tools name in _meta.ui.resourceUri.";
  return fail(id, code, message, { uri });
}

/** The methods both eras answer. */
const COMMON_METHODS: Record<string, Handler> = {
  "server/discover": (_call, id) =>
    ok(id, {
      supportedVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      capabilities: DISCOVER_CAPABILITIES,
      instructions: SERVER_INSTRUCTIONS,
      ttlMs: LIST_TTL_MS,
      cacheScope: "public",
    }),
  "tools/list": onePageList("tools", (options) => options.tools.map(describeTool)),
  "tools/call": toolsCall,
  "resources/list": onePageList("resources", () => []),
  "resources/templates/list": onePageList("resourceTemplates", () => []),
  "resources/read": readResource,
  "prompts/list": onePageList("prompts", () => []),
  "prompts/get": (call, id) =>
    invalidParams(
      id,
      `unknown prompt ${
        JSON.stringify(call.params?.name)
      }. This server has no prompts, only tools.`,
    ),
};

async function toolsCall(
  call: JsonRpcCall,
  id: JsonRpcId,
  context: MethodContext,
): Promise<JsonRpcResponse> {
  const { options } = context;
  const name = call.params?.name;
  const tool = findTool(options.tools, name);
  // Unknown tool is a protocol error (-32602) in every revision's tools page.
  if (!tool) return fail(id, ErrorCode.InvalidParams, unknownToolMessage(name, options.tools));
  const args = call.params?.arguments ?? {};
  if (!isJsonObject(args)) {
    return invalidParams(id, "tools/call arguments must be a JSON object");
  }
  const outcome = await callTool(tool, args, options.call);
  if (outcome.kind === "invalid_arguments" && !reportsInvalidArgumentsAsResult(context.version)) {
    return fail(id, ErrorCode.InvalidParams, outcome.message);
  }
  return ok(id, toolResult(outcome));
}

/** The CallToolResult of an outcome: content + structuredContent, or an isError text. */
function toolResult(outcome: ToolOutcome): JsonObject {
  if (outcome.kind === "ok") {
    return {
      content: [{ type: "text", text: outcome.text }],
      structuredContent: outcome.structured,
    };
  }
  return { content: [{ type: "text", text: outcome.message }], isError: true };
}

const LEGACY_METHODS: Record<string, Handler> = {
  ...COMMON_METHODS,
  initialize,
  ping: (_call, id) => ok(id, {}),
};

/** Answers one request under the era in `context`, with the HTTP status it travels with alone. */
export async function dispatch(
  call: JsonRpcCall,
  id: JsonRpcId,
  context: MethodContext,
): Promise<{ status: number; response: JsonRpcResponse }> {
  const table = context.era === "modern" ? COMMON_METHODS : LEGACY_METHODS;
  const handler = Object.hasOwn(table, call.method) ? table[call.method] : undefined;
  if (!handler) {
    const response = fail(id, ErrorCode.MethodNotFound, `Method not found: ${call.method}`);
    // 2026-07-28 wants 404 for an unimplemented method; the handshake era answers in-band.
    return { status: context.era === "modern" ? 404 : 200, response };
  }
  let response: JsonRpcResponse;
  try {
    response = await handler(call, id, context);
  } catch (error) {
    context.options.onError(error, `method ${call.method} failed`);
    response = fail(id, ErrorCode.InternalError, `Internal error while handling ${call.method}`);
  }
  if (context.era === "modern" && "result" in response) {
    const _meta = { [SERVER_INFO_META_KEY]: context.options.serverInfo };
    response = { ...response, result: { ...response.result, resultType: "complete", _meta } };
  }
  return { status: 200, response };
}

/** The `tools/list` entry of a tool. Throws if the input schema is not an object schema. */
// deno-lint-ignore no-explicit-any -- any tool
export function describeTool(tool: ToolDefinition<any, any>) {
  // The schemas are converted once per tool (toolJsonSchemas), shared with every other face.
  const { input: inputSchema, output: outputSchema } = toolJsonSchemas(tool);
  if (inputSchema.type !== "object") {
    throw new Error(`tool ${tool.name}: inputSchema must be a JSON Schema of type "object"`);
  }
  const { name, title, description } = tool;
  const annotations = { title, ...tool.annotations };
  // A tool with an MCP Apps view names it; hosts that do not render views ignore `_meta`.
  const _meta = toolUiMeta(name);
  return {
    name,
    title,
    description,
    inputSchema,
    outputSchema,
    annotations,
    ...(_meta && { _meta }),
  };
}
