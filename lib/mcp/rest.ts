/**
 * `POST /api/tools/{name}`: the REST mirror of MCP tools/call. The body is the arguments
 * object; the answer is the structured result. It runs through the same `callTool` as MCP.
 * Statuses (docs "Reference"): 200 ran, 400 body unreadable or not a JSON object, 404 unknown
 * tool, 405 other methods, 413 over 64 KiB, 415 a Content-Type other than application/json,
 * 422 tool error or invalid arguments, 429 rate limit (with Retry-After; 503 when the limiter
 * cannot count), 500 a server bug, and for upstream faults 502 (bad answer), 503 (rate
 * limited or unavailable, Retry-After when the upstream said) and 504 (timed out, including
 * the tool's own 25 s deadline). Error bodies are `{ error, message }`. An empty body counts
 * as `{}`.
 */
import { readLimitedBody } from "../http/body.ts";
import { describeRateLimit, refusalStatus } from "../http/rate_limit.ts";
import { callTool, findTool, type ToolOutcome, unknownToolMessage } from "./call_tool.ts";
import { isJsonContentType, JSON_ONLY_MESSAGE, jsonHttpResponse } from "./http_encoding.ts";
import { isJsonObject } from "./jsonrpc.ts";
import { resolveToolOptions, type ToolEndpointOptions } from "./options.ts";
import { upstreamErrorName } from "../upstream_error.ts";

function problem(
  status: number,
  error: string,
  message: string,
  headers: HeadersInit = {},
): Response {
  return jsonHttpResponse(status, { error, message }, headers);
}

const OUTCOME_STATUS: Record<Exclude<ToolOutcome["kind"], "ok">, number> = {
  invalid_arguments: 422,
  tool_error: 422,
  // The tool's deadline passed waiting on an upstream source.
  timeout: 504,
  internal_error: 500,
};

/** Handles one request to the REST mirror of tool `name`. Never throws. */
export async function handleToolRestRequest(
  request: Request,
  name: string,
  options: ToolEndpointOptions,
): Promise<Response> {
  if (request.method !== "POST") {
    return problem(
      405,
      "method_not_allowed",
      `Use POST with a JSON object of arguments; ${request.method} is not supported.`,
      {
        allow: "POST, OPTIONS",
      },
    );
  }
  const resolved = resolveToolOptions(options);
  const tool = findTool(resolved.tools, name);
  if (!tool) return problem(404, "unknown_tool", unknownToolMessage(name, resolved.tools));
  if (!isJsonContentType(request.headers.get("content-type"))) {
    await request.body?.cancel().catch(() => {});
    return problem(415, "unsupported_media_type", `${JSON_ONLY_MESSAGE}.`, {
      accept: "application/json",
    });
  }
  try {
    const body = await readLimitedBody(request, resolved.maxBodyBytes);
    if (!body.ok && body.reason === "malformed") {
      return problem(400, "malformed_body", body.message);
    }
    if (!body.ok) {
      const limit = `${Math.round(resolved.maxBodyBytes / 1024)} KiB`;
      return problem(413, "body_too_large", `The request body is larger than ${limit}.`);
    }
    let args: unknown = {};
    if (body.text.trim() !== "") {
      try {
        args = JSON.parse(body.text);
      } catch {
        return problem(
          400,
          "invalid_json",
          "The request body is not valid JSON. Send the tool arguments as a JSON object.",
        );
      }
    }
    if (!isJsonObject(args)) {
      return problem(
        400,
        "invalid_body",
        "The request body must be a JSON object of tool arguments (not an array, string, number or null).",
      );
    }
    if (resolved.limiter) {
      const decision = await resolved.limiter.consume(resolved.clientKey ?? "unknown", 1);
      if (!decision.allowed) {
        const retryAfter = String(decision.retryAfterSeconds);
        return jsonHttpResponse(refusalStatus(decision), {
          error: decision.unavailable ? "rate_limit_unavailable" : "rate_limited",
          message: describeRateLimit(decision),
          limit: decision.limit,
          window_seconds: Math.round(decision.windowMs / 1000),
          retry_after_seconds: decision.retryAfterSeconds,
        }, { "retry-after": retryAfter });
      }
    }
    const outcome = await callTool(tool, args, {
      createContext: resolved.createContext,
      timeoutMs: resolved.toolTimeoutMs,
      signal: resolved.clientSignal,
      onError: resolved.onError,
    });
    if (outcome.kind === "ok") return jsonHttpResponse(200, outcome.structured);
    if (outcome.kind === "tool_error" && outcome.upstream) {
      const upstream = resolved.classifyUpstream(outcome.cause) ?? { status: 502 };
      const headers: Record<string, string> = {};
      if (upstream.retryAfterSeconds !== undefined) {
        headers["retry-after"] = String(Math.max(1, Math.ceil(upstream.retryAfterSeconds)));
      }
      return problem(
        upstream.status,
        upstreamErrorName(upstream.status),
        outcome.message,
        headers,
      );
    }
    return problem(OUTCOME_STATUS[outcome.kind], outcome.kind, outcome.message);
  } catch (error) {
    resolved.onError(error, `POST /api/tools/${name} failed`);
    return problem(500, "internal_error", "Internal error.");
  }
}
