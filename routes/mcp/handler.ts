/**
 * `/mcp` as a `Request → Response` function. The SDK serves the protocol (`server.ts`); this step
 * adds what the seed asks and the SDK does not: GET describes the server, DELETE is 405, a batch
 * holds at most 20 messages, a POST's tool calls are charged to the limiter first (429, -32000),
 * and a client that accepts only `text/event-stream` gets one SSE `message` event. CORS and
 * OPTIONS: the route's (`lib/http/cors.ts`).
 */
import { MALFORMED_BODY_MESSAGE, MAX_BODY_BYTES, readBody } from "../../lib/http/body.ts";
import { singleEventResponse } from "../../lib/http/sse.ts";
import { parseAccept } from "hono/utils/accept";
import { describeRateLimit, refusalStatus } from "../../lib/http/rate_limit.ts";
import {
  SERVER_CAPABILITIES,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../lib/discovery/protocol_versions.ts";
import { type McpHandlerOptions, type ResolvedOptions, resolveOptions } from "./options.ts";
import { lazyImport } from "../../lib/http/app_env.ts";

/** The SDK's side, loaded on the first POST: GET /mcp and the REST mirror never need it. */
const sdkSide = lazyImport<typeof import("./server.ts")>(new URL("./server.ts", import.meta.url));

/** Messages per JSON-RPC batch (the SDK's own cap is 100). */
const MAX_BATCH = 20;

type Id = string | number | null;

/** One JSON-RPC error as the whole HTTP answer. */
function rpcError(status: number, id: Id, code: number, message: string, extra: {
  data?: unknown;
  headers?: HeadersInit;
} = {}): Response {
  const error = extra.data === undefined ? { code, message } : { code, message, data: extra.data };
  return Response.json({ jsonrpc: "2.0", id, error }, { status, headers: extra.headers });
}

/**
 * Handles one HTTP request to the MCP endpoint: POST carries JSON-RPC (one message or a batch),
 * GET describes the server, DELETE and the rest get 405. Never throws.
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
        return Response.json({ error }, {
          status: 405,
          headers: { allow: "POST, OPTIONS", vary: "Accept" },
        });
      }
      // The answer depends on Accept (JSON here, 405 for an event stream): caches must key on it.
      // HEAD gets the same answer: the server drops the body (and keeps its Content-Length).
      return Response.json(describeServer(resolved), { headers: { vary: "Accept" } });
    case "POST":
      try {
        return await handlePost(request, resolved);
      } catch (error) {
        resolved.onError(error, "POST /mcp failed");
        return rpcError(500, null, -32603, "Internal error");
      }
    default: {
      const error = request.method === "DELETE"
        ? "This server is stateless: there is no session to end."
        : `Method ${request.method} is not supported here.`;
      return Response.json({ error }, {
        status: 405,
        headers: { allow: "GET, HEAD, POST, OPTIONS" },
      });
    }
  }
}

async function handlePost(request: Request, options: ResolvedOptions): Promise<Response> {
  const { isJsonContentType, serve, toolCalls } = await sdkSide();
  // The SDK answers this, and a body that is not JSON-RPC, itself.
  if (!isJsonContentType(request.headers.get("content-type"))) {
    await request.body?.cancel().catch(() => {});
    return await serve(request, undefined, options);
  }
  // Its size is capped before it gets here (the face's `limitBody`).
  const text = await readBody(request);
  if (text === undefined) return malformedMcpBody();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rpcError(400, null, -32700, "Parse error: the request body is not valid JSON");
  }
  if (Array.isArray(body) && body.length > MAX_BATCH) {
    const message = `Invalid Request: a batch may hold at most ${MAX_BATCH} messages; ` +
      `this one has ${body.length}`;
    return rpcError(400, null, -32600, message);
  }
  const method = (body as { method?: unknown } | null)?.method;
  if (method === "subscriptions/listen") {
    // The lists never change (listChanged: false): there is nothing a stream could carry.
    const message = "Method not found: this stateless server opens no stream";
    return rpcError(404, (body as { id: Id }).id ?? null, -32601, message);
  }
  const limited = await rateLimit(options, toolCalls(request, body), body);
  if (limited) return limited;
  const response = await serve(request, body, options);
  const json = response.headers.get("content-type")?.startsWith("application/json");
  if (response.status !== 200 || !json || !acceptsOnlyEventStream(request.headers.get("accept"))) {
    return response;
  }
  return singleEventResponse("message", await response.json());
}

/** The 429 (or 503) of a POST whose tool calls are over the client's budget; each one counts. */
async function rateLimit(
  options: ResolvedOptions,
  cost: number,
  body: unknown,
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
  const id = Array.isArray(body) ? null : (body as { id: Id }).id;
  return rpcError(refusalStatus(decision), id, -32000, describeRateLimit(decision), {
    data,
    headers: { "retry-after": String(decision.retryAfterSeconds) },
  });
}

/** Media types an Accept header lists (lowercased, parameters dropped, q=0 entries skipped). */
export function acceptedMediaTypes(accept: string | null): string[] {
  return parseAccept(accept ?? "").filter(({ q }) => q > 0).map(({ type }) => type.toLowerCase());
}

/** True when the client asks for an event stream and accepts no JSON (seed: then answer SSE). */
export function acceptsOnlyEventStream(accept: string | null): boolean {
  const types = acceptedMediaTypes(accept);
  const json = ["application/json", "application/*", "*/*"].some((type) => types.includes(type));
  return types.includes("text/event-stream") && !json;
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

/** The 400 of a body that broke while it was read. */
export function malformedMcpBody(): Response {
  return rpcError(400, null, -32700, MALFORMED_BODY_MESSAGE);
}

/** The 413 of a body over the cap. */
export function tooLargeMcpBody(): Response {
  return rpcError(413, null, -32600, `Request body is larger than ${MAX_BODY_BYTES / 1024} KiB`);
}
