/**
 * `/mcp`: the MCP server (Streamable HTTP, stateless) over the tool registry. Every method is
 * handed to the protocol module, which answers POST, GET, DELETE and the rest itself; Hono's
 * `cors` answers OPTIONS and adds CORS to every answer. This file only wires in the site's identity, the shared limiter and the caller's key.
 */
import { type Context, Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { clientKeyFromRequest } from "../lib/http/client_key.ts";
import { toolEndpointCors } from "../lib/http/cors.ts";
import type { RateLimiter } from "../lib/http/rate_limit.ts";
import { handleMcpRequest, type ToolEndpointOptions } from "../lib/mcp/mod.ts";
import { MCP_INSTRUCTIONS, mcpDocLinks, mcpServerInfo } from "../lib/server_info.ts";
import { describeUpstreamFailure } from "../lib/upstream_error.ts";
import { siteLink } from "../lib/discovery/server_identity.ts";
import { createToolContext } from "../tools/context.ts";
import type { ToolDefinition } from "../tools/types.ts";

/** Options shared by `/mcp` and the REST mirror. */
export interface ToolRoutesOptions {
  // deno-lint-ignore no-explicit-any -- each tool has its own schema types
  tools: readonly ToolDefinition<any, any>[];
  /** Pass the same instance to both faces: the budget is per client across MCP and REST. */
  limiter?: RateLimiter;
  /** Per-call timeout in ms; default 25 000 (docs "Security and limits"). */
  toolTimeoutMs?: number;
  /** Told about server-side faults; default console.error. */
  onError?: (error: unknown, where: string) => void;
}

/**
 * The remote address Deno.serve passed to `app.fetch(request, info)`, if any. Read from the
 * context's env directly rather than through `getConnInfo`, which throws when the app is
 * called without connection info (in-process tests, other runtimes).
 */
export function remoteAddressOf(c: Context): string | undefined {
  const env = c.env as { remoteAddr?: { hostname?: unknown } } | undefined;
  const hostname = env?.remoteAddr?.hostname;
  return typeof hostname === "string" ? hostname : undefined;
}

/** Per-request options of both tool endpoints: tools, context factory, limiter and key. */
export function toolEndpointOptions(
  c: Context,
  deps: AppDeps,
  options: ToolRoutesOptions,
): ToolEndpointOptions {
  return {
    tools: options.tools,
    createContext: (signal) => createToolContext(deps, signal),
    limiter: options.limiter,
    clientKey: clientKeyFromRequest(c.req.raw, remoteAddressOf(c), {
      trustedProxies: deps.config.trustedProxies,
    }),
    toolTimeoutMs: options.toolTimeoutMs,
    onError: options.onError,
    classifyUpstream: (cause) => describeUpstreamFailure(cause) ?? undefined,
  };
}

/** The `/mcp` endpoint as a Hono sub-app, to mount at the root. */
export function mcpRoutes(deps: AppDeps, options: ToolRoutesOptions): Hono {
  const serverInfo = mcpServerInfo(deps.config.siteUrl);
  const docLinks = mcpDocLinks(deps.config.siteUrl);
  const app = new Hono();
  app.use("/mcp", toolEndpointCors(["GET", "POST", "OPTIONS"]));
  app.all("/mcp", (c) =>
    handleMcpRequest(c.req.raw, {
      ...toolEndpointOptions(c, deps, options),
      serverInfo,
      instructions: MCP_INSTRUCTIONS,
      docLinks,
      // From the configured site URL, never from the request's Host header.
      endpointUrl: siteLink(deps.config.siteUrl, "/mcp"),
    }));
  return app;
}
