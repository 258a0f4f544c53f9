/** JSON-RPC 2.0 framing: message classification, error codes and response builders. */

/** JSON-RPC and MCP error codes used by this server. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Handshake-era "resource not found" (2026-07-28 uses InvalidParams, SEP-2164). */
  ResourceNotFound: -32002,
  /** Implementation-defined server error; used for the rate limit. */
  RateLimited: -32000,
  /** 2026-07-28: HTTP headers disagree with the body, or a required one is missing. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the requested protocol version is not served here. */
  UnsupportedProtocolVersion: -32022,
} as const;

/** A request id. MCP forbids null ids on requests. */
export type JsonRpcId = string | number;

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

/** A request (has an id, expects a response) or a notification (no id, no response). */
export interface JsonRpcCall {
  id?: JsonRpcId;
  method: string;
  params: JsonObject | undefined;
}

/** The error member of an error response. */
export interface JsonRpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

/** A response this server sends. */
export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: JsonRpcId | null; result: JsonObject }
  | { jsonrpc: "2.0"; id: JsonRpcId | null; error: JsonRpcErrorBody };

/** What one element of a POST body is. */
export type ClassifiedMessage =
  | { kind: "request"; call: JsonRpcCall & { id: JsonRpcId } }
  | { kind: "notification"; call: JsonRpcCall }
  | { kind: "response" }
  | { kind: "invalid"; id: JsonRpcId | null; reason: string };

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

/** Sorts one parsed JSON value into request, notification, response or invalid. */
export function classifyMessage(value: unknown): ClassifiedMessage {
  if (!isJsonObject(value)) {
    return { kind: "invalid", id: null, reason: "a JSON-RPC message must be a JSON object" };
  }
  const id = isId(value.id) ? value.id : null;
  if (value.jsonrpc !== "2.0") {
    return { kind: "invalid", id, reason: 'a JSON-RPC message needs "jsonrpc": "2.0"' };
  }
  if (!("method" in value)) {
    const isResponse = id !== null && (("result" in value) !== ("error" in value));
    if (isResponse) return { kind: "response" };
    return { kind: "invalid", id, reason: 'a JSON-RPC request needs a "method" string' };
  }
  if (typeof value.method !== "string") {
    return { kind: "invalid", id, reason: '"method" must be a string' };
  }
  if ("id" in value && id === null) {
    return { kind: "invalid", id: null, reason: '"id" must be a string or a number' };
  }
  if ("params" in value && value.params !== undefined && !isJsonObject(value.params)) {
    return { kind: "invalid", id, reason: '"params" must be a JSON object' };
  }
  const params = value.params as JsonObject | undefined;
  if (id === null) return { kind: "notification", call: { method: value.method, params } };
  return { kind: "request", call: { id, method: value.method, params } };
}

/** An error response (`data` is left out when undefined). */
export function errorResponse(id: JsonRpcId | null, error: JsonRpcErrorBody): JsonRpcResponse {
  const { code, message, data } = error;
  return {
    jsonrpc: "2.0",
    id,
    error: data === undefined ? { code, message } : { code, message, data },
  };
}
