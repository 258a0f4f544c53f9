/**
 * CORS for the public machine endpoints (/mcp and the REST tool mirror), through Hono's `cors`.
 * They carry no credentials and set no cookies, so any origin may call them; see "Security and
 * limits".
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

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

/**
 * CORS for a tool endpoint: every answer allows any origin and exposes the MCP headers; an
 * OPTIONS request is answered 204 as a preflight allowing `methods` and the fixed list of MCP
 * request headers (a fixed list, not the requested one, keeps the answer cacheable).
 */
export function toolEndpointCors(methods: readonly string[]): MiddlewareHandler {
  return cors({
    origin: "*",
    allowMethods: [...methods],
    allowHeaders: [...CORS_ALLOW_HEADERS],
    exposeHeaders: [...CORS_EXPOSE_HEADERS],
    maxAge: 86400,
  });
}
