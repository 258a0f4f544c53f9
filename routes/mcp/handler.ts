/** `handleMcpRequest`: the /mcp endpoint as a framework-free `Request → Response` function. */
import { MALFORMED_BODY_MESSAGE, MAX_BODY_BYTES, readBody } from "../../lib/http/body.ts";
import { singleEventResponse } from "../../lib/http/sse.ts";
import { describeRateLimit, refusalStatus } from "../../lib/http/rate_limit.ts";
import {
  isModernVersion,
  SERVER_CAPABILITIES,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../lib/discovery/protocol_versions.ts";
import { decideEra, type Rejection } from "./era.ts";
import {
  acceptedMediaTypes,
  acceptsOnlyEventStream,
  isJsonContentType,
  JSON_ONLY_MESSAGE,
  jsonHttpResponse,
} from "./http_encoding.ts";
import {
  type ClassifiedMessage,
  classifyMessage,
  ErrorCode,
  errorResponse,
  type JsonRpcId,
  type JsonRpcResponse,
} from "./jsonrpc.ts";
import { dispatch } from "./methods.ts";
import { type McpHandlerOptions, type ResolvedOptions, resolveOptions } from "./options.ts";
import { checkStandardHeaders } from "./standard_headers.ts";

/** What the transport layer learned from the HTTP request. */
interface Wire {
  /** The MCP-Protocol-Version header, trimmed; undefined when absent or empty. */
  headerVersion: string | undefined;
  /** Answer with one SSE event instead of JSON. */
  sse: boolean;
}

/** Messages per JSON-RPC batch. */
const MAX_BATCH = 20;

/** One JSON-RPC error as the whole HTTP answer. */
function errorHttpResponse(id: JsonRpcId | null, error: Rejection, headers?: HeadersInit) {
  return jsonHttpResponse(error.status, errorResponse(id, error), headers);
}

function invalidRequest(id: JsonRpcId | null, reason: string): Response {
  const message = `Invalid Request: ${reason}`;
  return errorHttpResponse(id, { status: 400, code: ErrorCode.InvalidRequest, message });
}

/**
 * Handles one HTTP request to the MCP endpoint: POST carries JSON-RPC (one message or a batch),
 * GET describes the server, DELETE and the rest get 405. CORS (and the OPTIONS preflight) is
 * the route's, through Hono's `cors` (`lib/http/cors.ts`). Never throws.
 */
export async function handleMcpRequest(
  request: Request,
  options: McpHandlerOptions,
): Promise<Response> {
  const resolved = resolveOptions(options);
  switch (request.method) {
    case "HEAD":
    case "GET":
      if (acceptedMediaTypes(request.headers.get("accept")).includes("text/event-stream")) {
        const error = "This server is stateless and opens no server-initiated SSE stream; " +
          "POST JSON-RPC messages instead.";
        return jsonHttpResponse(405, { error }, { allow: "POST, OPTIONS", vary: "Accept" });
      }
      // The answer depends on Accept (JSON here, 405 for an event stream): caches must key on it.
      // HEAD gets the same answer: the server drops the body (and keeps its Content-Length).
      return jsonHttpResponse(200, describeServer(resolved), { vary: "Accept" });
    case "POST":
      try {
        return await handlePost(request, resolved);
      } catch (error) {
        resolved.onError(error, "POST /mcp failed");
        const internal = { status: 500, code: ErrorCode.InternalError, message: "Internal error" };
        return errorHttpResponse(null, internal);
      }
    default: {
      const error = request.method === "DELETE"
        ? "This server is stateless: there is no session to end."
        : `Method ${request.method} is not supported here.`;
      return jsonHttpResponse(405, { error }, { allow: "GET, HEAD, POST, OPTIONS" });
    }
  }
}

async function handlePost(request: Request, options: ResolvedOptions): Promise<Response> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    await request.body?.cancel().catch(() => {});
    const error = { status: 415, code: ErrorCode.InvalidRequest, message: JSON_ONLY_MESSAGE };
    return errorHttpResponse(null, error, { accept: "application/json" });
  }
  // Its size is capped before it gets here (the face's `limitBody`).
  const body = await readBody(request);
  if (body === undefined) return malformedMcpBody();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    const message = "Parse error: the request body is not valid JSON";
    return errorHttpResponse(null, { status: 400, code: ErrorCode.ParseError, message });
  }
  const wire: Wire = {
    headerVersion: request.headers.get("mcp-protocol-version")?.trim() || undefined,
    sse: acceptsOnlyEventStream(request.headers.get("accept")),
  };
  return Array.isArray(parsed)
    ? await handleBatch(parsed, options, wire)
    : await handleSingle(classifyMessage(parsed), request, options, wire);
}

async function handleSingle(
  message: ClassifiedMessage,
  request: Request,
  options: ResolvedOptions,
  wire: Wire,
): Promise<Response> {
  if (message.kind === "invalid") return invalidRequest(message.id, message.reason);
  if (message.kind === "response") {
    // Handshake-era clients may POST responses to server requests (202); we never send any.
    if (!wire.headerVersion || !isModernVersion(wire.headerVersion)) {
      return new Response(null, { status: 202 });
    }
    return invalidRequest(null, "clients must not send responses");
  }
  const { call } = message;
  const id = call.id ?? null;
  const era = decideEra(call, wire.headerVersion);
  if (era.kind === "reject") return errorHttpResponse(id, era.rejection);
  if (era.kind === "modern" && message.kind === "request") {
    const problem = checkStandardHeaders(call, request.headers);
    if (problem) return errorHttpResponse(id, problem);
  }
  if (message.kind === "notification") return new Response(null, { status: 202 });
  const limited = await rateLimitResponse(options, call.method === "tools/call" ? 1 : 0, id);
  if (limited) return limited;
  const context = { options, era: era.kind, version: era.version };
  const reply = await dispatch(call, message.call.id, context);
  return encode(reply.status, reply.response, wire);
}

async function handleBatch(
  items: unknown[],
  options: ResolvedOptions,
  wire: Wire,
): Promise<Response> {
  if (items.length === 0) {
    return invalidRequest(null, "an empty batch is not a valid JSON-RPC message");
  }
  if (items.length > MAX_BATCH) {
    return invalidRequest(
      null,
      `a batch may hold at most ${MAX_BATCH} messages; this one has ${items.length}`,
    );
  }
  const elements = items.map((item) => {
    const message = classifyMessage(item);
    const era = message.kind === "request" || message.kind === "notification"
      ? decideEra(message.call, wire.headerVersion)
      : undefined;
    return { message, era };
  });
  const modern = (wire.headerVersion && isModernVersion(wire.headerVersion)) ||
    elements.some(({ era }) => era?.kind === "modern");
  if (modern) {
    return invalidRequest(
      null,
      "JSON-RPC batches are not part of protocol revision 2026-07-28; send one message per POST",
    );
  }
  const toolCalls =
    elements.filter(({ message, era }) =>
      message.kind === "request" && message.call.method === "tools/call" && era?.kind === "legacy"
    ).length;
  const limited = await rateLimitResponse(options, toolCalls, null);
  if (limited) return limited;
  const replies = await Promise.all(elements.map(async ({ message, era }) => {
    if (message.kind === "invalid") {
      const error = {
        code: ErrorCode.InvalidRequest,
        message: `Invalid Request: ${message.reason}`,
      };
      return errorResponse(message.id, error);
    }
    if (message.kind !== "request" || !era) return undefined;
    if (era.kind === "reject") return errorResponse(message.call.id, era.rejection);
    const context = { options, era: era.kind, version: era.version };
    return (await dispatch(message.call, message.call.id, context)).response;
  }));
  const responses = replies.filter((reply): reply is JsonRpcResponse => reply !== undefined);
  if (responses.length === 0) return new Response(null, { status: 202 });
  return encode(200, responses, wire);
}

/** What `GET /mcp` tells people and crawlers: identity, endpoint, revisions, tools, doc links. */
function describeServer(options: ResolvedOptions): Record<string, unknown> {
  const { name, title, version, description, websiteUrl } = options.serverInfo;
  return {
    name,
    title,
    version,
    description,
    websiteUrl,
    endpoint: options.endpointUrl,
    transport: "streamable-http",
    stateless: true,
    usage: "POST JSON-RPC 2.0 messages here (Content-Type: application/json). " +
      "No session, no login, no API key. There is no server-initiated SSE stream.",
    protocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    capabilities: SERVER_CAPABILITIES,
    tools: options.tools.map((tool) => tool.name),
    docs: options.docLinks,
  };
}

function encode(status: number, body: unknown, wire: Wire): Response {
  return status === 200 && wire.sse
    ? singleEventResponse("message", body, { status })
    : jsonHttpResponse(status, body);
}

async function rateLimitResponse(
  options: ResolvedOptions,
  cost: number,
  id: JsonRpcId | null,
): Promise<Response | undefined> {
  if (!options.limiter || cost === 0) return undefined;
  const decision = await options.limiter.consume(options.clientKey ?? "unknown", cost);
  if (decision.allowed) return undefined;
  const data = {
    limit: decision.limit,
    windowSeconds: Math.round(decision.windowMs / 1000),
    retryAfterSeconds: decision.retryAfterSeconds,
    requestedCalls: cost,
  };
  const status = refusalStatus(decision);
  const message = describeRateLimit(decision);
  return errorHttpResponse(id, { status, code: ErrorCode.RateLimited, message, data }, {
    "retry-after": String(decision.retryAfterSeconds),
  });
}

/** The 400 of a body that broke while it was read. */
export function malformedMcpBody(): Response {
  const message = MALFORMED_BODY_MESSAGE;
  return errorHttpResponse(null, { status: 400, code: ErrorCode.ParseError, message });
}

/** The 413 of a body over the cap. */
export function tooLargeMcpBody(): Response {
  const message = `Request body is larger than ${MAX_BODY_BYTES / 1024} KiB`;
  return errorHttpResponse(null, { status: 413, code: ErrorCode.InvalidRequest, message });
}
