/**
 * The JSON-RPC methods, per era. Handshake era (2024-11-05 … 2025-11-25): initialize, ping,
 * tools/list, tools/call, resources/list and prompts/list (both empty), plus server/discover
 * as a harmless extra. Stateless era (2026-07-28): server/discover, tools/list and tools/call
 * only; everything else, including the removed initialize and ping and the resources and
 * prompts lists we do not declare a capability for, is 404 + -32601. Stateless results carry
 * `resultType: "complete"` and `_meta` serverInfo; list and discover results add cache hints.
 */
import { callTool, findTool, type ToolOutcome, unknownToolMessage } from "./call_tool.ts";
import { SERVER_INFO_META_KEY } from "./era.ts";
import {
  ErrorCode,
  errorResponse,
  isJsonObject,
  type JsonObject,
  type JsonRpcCall,
  type JsonRpcId,
  type JsonRpcResponse,
  resultResponse,
} from "./jsonrpc.ts";
import type { ResolvedOptions } from "./options.ts";
import { describeTool } from "./tool_descriptors.ts";
import {
  negotiateInitializeVersion,
  reportsInvalidArgumentsAsResult,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "./versions.ts";

/** The capabilities we declare: tools only, and the list never changes while running. */
export const SERVER_CAPABILITIES = { tools: { listChanged: false } } as const;

/** How long a stateless client may cache tools/list and server/discover (they change on deploy only). */
const LIST_TTL_MS = 5 * 60_000;

/** Everything a method needs to answer one call. */
export interface MethodContext {
  options: ResolvedOptions;
  era: "legacy" | "modern";
  /** The revision the call is served under. */
  version: string;
}

/** A JSON-RPC response plus the HTTP status it should travel with when sent alone. */
export interface MethodReply {
  status: number;
  response: JsonRpcResponse;
}

type Handler = (
  call: JsonRpcCall,
  id: JsonRpcId,
  context: MethodContext,
) => Promise<MethodReply> | MethodReply;

const ok = (id: JsonRpcId, result: JsonObject): MethodReply => ({
  status: 200,
  response: resultResponse(id, result),
});
const fail = (id: JsonRpcId, code: number, message: string): MethodReply => ({
  status: 200,
  response: errorResponse(id, { code, message }),
});

function initialize(call: JsonRpcCall, id: JsonRpcId, { options }: MethodContext): MethodReply {
  const requested = call.params?.protocolVersion;
  if (typeof requested !== "string") {
    return fail(
      id,
      ErrorCode.InvalidParams,
      "Invalid params: initialize needs params.protocolVersion (a string)",
    );
  }
  return ok(id, {
    protocolVersion: negotiateInitializeVersion(requested),
    capabilities: SERVER_CAPABILITIES,
    serverInfo: options.serverInfo,
    instructions: options.instructions,
  });
}

function discover(_call: JsonRpcCall, id: JsonRpcId, { options }: MethodContext): MethodReply {
  return ok(id, {
    supportedVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    capabilities: SERVER_CAPABILITIES,
    instructions: options.instructions,
    ttlMs: LIST_TTL_MS,
    cacheScope: "public",
  });
}

function listTools(
  call: JsonRpcCall,
  id: JsonRpcId,
  { options, era }: MethodContext,
): MethodReply {
  // Every tool fits on one page, so we never hand out a cursor: any cursor is one we did not
  // issue (the spec's "invalid cursor" is -32602).
  const cursor = call.params?.cursor;
  if (cursor !== undefined && cursor !== null) {
    return fail(
      id,
      ErrorCode.InvalidParams,
      "Invalid params: unknown cursor. tools/list returns every tool on one page and issues no " +
        "cursor; call it without params.cursor.",
    );
  }
  const tools = options.tools.map(describeTool);
  return ok(id, era === "modern" ? { tools, ttlMs: LIST_TTL_MS, cacheScope: "public" } : { tools });
}

async function toolsCall(
  call: JsonRpcCall,
  id: JsonRpcId,
  context: MethodContext,
): Promise<MethodReply> {
  const { options } = context;
  const name = call.params?.name;
  const tool = findTool(options.tools, name);
  // Unknown tool is a protocol error (-32602) in every revision's tools page.
  if (!tool) return fail(id, ErrorCode.InvalidParams, unknownToolMessage(name, options.tools));
  const args = call.params?.arguments ?? {};
  if (!isJsonObject(args)) {
    return fail(
      id,
      ErrorCode.InvalidParams,
      "Invalid params: tools/call arguments must be a JSON object",
    );
  }
  const outcome = await callTool(tool, args, {
    createContext: options.createContext,
    timeoutMs: options.toolTimeoutMs,
    signal: options.clientSignal,
    onError: options.onError,
  });
  if (outcome.kind === "invalid_arguments" && !reportsInvalidArgumentsAsResult(context.version)) {
    return fail(id, ErrorCode.InvalidParams, outcome.message);
  }
  return ok(id, toolResult(outcome));
}

/** The CallToolResult of an outcome: content + structuredContent, or an isError text. */
export function toolResult(outcome: ToolOutcome): JsonObject {
  if (outcome.kind === "ok") {
    return {
      content: [{ type: "text", text: outcome.text }],
      structuredContent: outcome.structured,
    };
  }
  return { content: [{ type: "text", text: outcome.message }], isError: true };
}

const LEGACY_METHODS: Record<string, Handler> = {
  initialize,
  ping: (_call, id) => ok(id, {}),
  "tools/list": listTools,
  "tools/call": toolsCall,
  "resources/list": (_call, id) => ok(id, { resources: [] }),
  "prompts/list": (_call, id) => ok(id, { prompts: [] }),
  "server/discover": discover,
};

const MODERN_METHODS: Record<string, Handler> = {
  "server/discover": discover,
  "tools/list": listTools,
  "tools/call": toolsCall,
};

/** Answers one request under the era in `context`. */
export async function dispatch(
  call: JsonRpcCall,
  id: JsonRpcId,
  context: MethodContext,
): Promise<MethodReply> {
  const table = context.era === "modern" ? MODERN_METHODS : LEGACY_METHODS;
  const handler = Object.hasOwn(table, call.method) ? table[call.method] : undefined;
  if (!handler) {
    const reply = fail(id, ErrorCode.MethodNotFound, `Method not found: ${call.method}`);
    // 2026-07-28 wants 404 for an unimplemented method; the handshake era answers in-band.
    return context.era === "modern" ? { ...reply, status: 404 } : reply;
  }
  let reply: MethodReply;
  try {
    reply = await handler(call, id, context);
  } catch (error) {
    context.options.onError(error, `method ${call.method} failed`);
    reply = fail(id, ErrorCode.InternalError, `Internal error while handling ${call.method}`);
  }
  return context.era === "modern" ? decorateModern(reply, context) : reply;
}

function decorateModern(reply: MethodReply, context: MethodContext): MethodReply {
  const { response } = reply;
  if (!("result" in response)) return reply;
  const result = {
    ...response.result,
    resultType: "complete",
    _meta: { [SERVER_INFO_META_KEY]: context.options.serverInfo },
  };
  return { status: reply.status, response: { ...response, result } };
}
