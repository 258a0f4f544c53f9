/**
 * CORS for the public machine endpoints (/mcp and the REST tool mirror). They carry no
 * credentials and set no cookies, so any origin may call them; see "Security and limits".
 */

/** Request headers a browser-based MCP client may send. */
export const CORS_ALLOW_HEADERS = [
  "content-type",
  "accept",
  "mcp-protocol-version",
  "mcp-session-id",
  "mcp-method",
  "mcp-name",
  "last-event-id",
  "authorization",
] as const;

/** Response headers a browser client may read. */
export const CORS_EXPOSE_HEADERS = [
  "mcp-protocol-version",
  "mcp-session-id",
  "retry-after",
] as const;

/** Sets the CORS headers every response of these endpoints carries. Mutates and returns `headers`. */
export function applyCorsHeaders(headers: Headers): Headers {
  headers.set("access-control-allow-origin", "*");
  headers.set("access-control-expose-headers", CORS_EXPOSE_HEADERS.join(", "));
  return headers;
}

/** A copy of `response` with the CORS headers added (responses may have immutable headers). */
export function withCors(response: Response): Response {
  const headers = applyCorsHeaders(new Headers(response.headers));
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The 204 answer to a CORS preflight, allowing `methods` and the MCP request headers. */
export function preflightResponse(methods: readonly string[]): Response {
  const headers = applyCorsHeaders(new Headers());
  headers.set("access-control-allow-methods", methods.join(", "));
  // Echoing a fixed list (not the requested one) keeps the answer cacheable and predictable.
  headers.set("access-control-allow-headers", CORS_ALLOW_HEADERS.join(", "));
  headers.set("access-control-max-age", "86400");
  return new Response(null, { status: 204, headers });
}
