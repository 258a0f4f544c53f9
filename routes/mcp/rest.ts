/**
 * `POST /api/tools/{name}`, tools/call through the same `callTool`: arguments in (an empty body is
 * `{}`), the structured result out; errors are `{ error, message }` (statuses: docs' Reference).
 */
import { MALFORMED_BODY_MESSAGE, MAX_BODY_BYTES, readBody } from "../../lib/http/body.ts";
import { describeRateLimit, refusalStatus } from "../../lib/http/rate_limit.ts";
import { callTool, unknownToolMessage } from "./call_tool.ts";
import { findTool } from "../../tools/types.ts";
import { resolveOptions, type ToolEndpointOptions } from "./options.ts";
import { FAILURE_KINDS, type FailureKind, failureOf } from "../../lib/http/failure.ts";

/** `{ error, message }` with the status of `kind` (`error` when finer than the kind's name). */
function problem(
  kind: FailureKind,
  message: string,
  { headers = {}, error = FAILURE_KINDS[kind].error }: { headers?: HeadersInit; error?: string } =
    {},
): Response {
  return Response.json({ error, message }, { status: FAILURE_KINDS[kind].status, headers });
}

/** Handles one request to the REST mirror of tool `name`. Never throws. */
export async function handleToolRestRequest(
  request: Request,
  name: string,
  options: ToolEndpointOptions,
): Promise<Response> {
  if (request.method !== "POST") {
    const message = `Use POST with a JSON object of arguments; ${request.method} is not supported.`;
    return problem("method_not_allowed", message, { headers: { allow: "POST, OPTIONS" } });
  }
  const resolved = resolveOptions(options);
  const tool = findTool(resolved.tools, name);
  if (!tool) {
    const error = "unknown_tool";
    return problem("not_found", unknownToolMessage(name, resolved.tools), { error });
  }
  // JSON only: a plain HTML form can only send text/plain, urlencoded or multipart bodies, so
  // another site cannot spend its visitors' budget with a form post.
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    await request.body?.cancel().catch(() => {});
    const message =
      "Unsupported Media Type: send the body as JSON with Content-Type: application/json.";
    return problem("unsupported_media_type", message, { headers: { accept: "application/json" } });
  }
  try {
    // Its size is capped before it gets here (the face's `limitBody`).
    const body = await readBody(request);
    if (body === undefined) return malformedRestBody();
    let args: unknown;
    try {
      args = body.trim() === "" ? {} : JSON.parse(body);
    } catch {
      const message =
        "The request body is not valid JSON. Send the tool arguments as a JSON object.";
      return problem("bad_request", message, { error: "invalid_json" });
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      return problem(
        "bad_request",
        "The request body must be a JSON object of tool arguments (not an array, string, number or null).",
        { error: "invalid_body" },
      );
    }
    if (resolved.limiter) {
      const decision = await resolved.limiter.consume(resolved.clientKey ?? "unknown", 1);
      if (!decision.allowed) {
        const retryAfter = String(decision.retryAfterSeconds);
        return Response.json({
          error: decision.unavailable ? "rate_limit_unavailable" : "rate_limited",
          message: describeRateLimit(decision),
          limit: decision.limit,
          window_seconds: Math.round(decision.windowMs / 1000),
          retry_after_seconds: decision.retryAfterSeconds,
        }, { status: refusalStatus(decision), headers: { "retry-after": retryAfter } });
      }
    }
    const outcome = await callTool(tool, args as Record<string, unknown>, resolved.call);
    if (outcome.kind === "ok") return Response.json(outcome.structured);
    // An upstream fault behind a tool error answers as that fault (a bad gateway unless its
    // cause says more); the other outcomes by their kind.
    const upstream = outcome.kind === "tool_error" && outcome.upstream
      ? failureOf(outcome.cause) ?? { kind: "unreachable" as const, headers: {} }
      : undefined;
    return upstream
      ? problem(upstream.kind, outcome.message, { headers: upstream.headers })
      : problem(outcome.kind, outcome.message);
  } catch (error) {
    resolved.onError(error, `POST /api/tools/${name} failed`);
    return problem("internal", "Internal error.");
  }
}

/** The REST 400 of a body that broke while it was read. */
export function malformedRestBody(): Response {
  return problem("bad_request", MALFORMED_BODY_MESSAGE, { error: "malformed_body" });
}

/** The REST 413 of a body over the cap. */
export function tooLargeRestBody(): Response {
  return problem("body_too_large", `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
}
