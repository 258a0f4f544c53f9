/**
 * `/mcp` (Streamable HTTP, stateless; the SDK behind `handler.ts`) and the REST mirror
 * `/api/tools/{name}`, with Hono's `cors`, the site's identity, the caller's key and the one
 * limiter both share (60 tool calls a minute per client). Why the SDK: CONTRIBUTING.md.
 */
import { type Context, Hono } from "hono";
import type { AppDeps } from "../../lib/deps.ts";
import { remoteAddressOf } from "../../lib/http/app_env.ts";
import { clientKeyFromRequest } from "../../lib/http/client_key.ts";
import { toolEndpointCors } from "../../lib/http/cors.ts";
import { buildRestIndex } from "../../lib/discovery/api_catalog.ts";
import { SERVER_IDENTITY } from "../../lib/discovery/server_identity.ts";
import { siteLink } from "../../lib/site_link.ts";
import { createToolContext } from "../../tools/context.ts";
import { limitBody } from "../../lib/http/body.ts";
import { handleMcpRequest, malformedMcpBody, tooLargeMcpBody } from "./handler.ts";
import type { McpHandlerOptions, ToolEndpointOptions } from "./options.ts";
import { handleToolRestRequest, malformedRestBody, tooLargeRestBody } from "./rest.ts";

// The app reads the tool list from this lazy boundary (the docs and discovery files need it).
export { TOOLS } from "../../tools/registry.ts";

/** Options shared by `/mcp` and the REST mirror; one limiter budgets both per client. */
export type ToolRoutesOptions = Pick<
  ToolEndpointOptions,
  "tools" | "limiter" | "toolTimeoutMs" | "onError"
>;

/** Root-relative paths of the pages a client of `/mcp` may want next (`GET /mcp` lists them). */
const MCP_DOC_PATHS: Readonly<Record<string, string>> = {
  mcp: "/docs/mcp",
  connect: "/docs/connect-your-ai",
  reference: "/docs/reference",
  limits: "/docs/security-and-limits",
  openapi: "/openapi.json",
  serverCard: "/.well-known/mcp/server-card.json",
  llms: "/llms.txt",
};

/** Per-request options of both tool endpoints: tools, context factory, limiter and key. */
function toolEndpointOptions(
  c: Context,
  deps: AppDeps,
  options: ToolRoutesOptions,
): ToolEndpointOptions {
  return {
    ...options,
    createContext: (signal) => createToolContext(deps, signal),
    clientKey: clientKeyFromRequest(c.req.raw, remoteAddressOf(c), {
      trustedProxies: deps.config.trustedProxies,
    }),
  };
}

/** `/mcp` over per-request handler options: CORS, the 64 KiB body limit, the protocol. */
export function mcpFace(options: (c: Context) => McpHandlerOptions): Hono {
  const app = new Hono();
  app.use("/mcp", toolEndpointCors(["GET", "POST", "OPTIONS"]));
  app.post("/mcp", limitBody({ tooLarge: tooLargeMcpBody, malformed: malformedMcpBody }));
  app.all("/mcp", (c) => handleMcpRequest(c.req.raw, options(c)));
  return app;
}

/** The `/mcp` endpoint, to mount at the root. */
export function mcpRoutes(deps: AppDeps, options: ToolRoutesOptions): Hono {
  const site = deps.config.siteUrl;
  // The MCP `serverInfo`: name and version from the discovery identity, so the cards, OpenAPI,
  // server.json and the MCP handshake can never disagree.
  const { name, title, version, description } = SERVER_IDENTITY;
  const serverInfo = { name, title, version, description, websiteUrl: siteLink(site, "/") };
  const docLinks = Object.fromEntries(
    Object.entries(MCP_DOC_PATHS).map(([key, path]) => [key, siteLink(site, path)]),
  );
  return mcpFace((c) => ({
    ...toolEndpointOptions(c, deps, options),
    serverInfo,
    docLinks,
    // From the configured site URL, never from the request's Host header.
    endpointUrl: siteLink(site, "/mcp"),
  }));
}

/** `/api/tools/{name}` over per-request options: CORS, the 64 KiB body limit, the call. */
export function restFace(options: (c: Context) => ToolEndpointOptions): Hono {
  const app = new Hono();
  app.use("/api/tools/:name", toolEndpointCors(["POST", "OPTIONS"]));
  app.post(
    "/api/tools/:name",
    limitBody({ tooLarge: tooLargeRestBody, malformed: malformedRestBody }),
  );
  app.all(
    "/api/tools/:name",
    (c) => handleToolRestRequest(c.req.raw, c.req.param("name"), options(c)),
  );
  return app;
}

/**
 * The REST mirror (statuses: the docs' Reference page), and `GET /api/tools`, its root (the API
 * catalog's anchor for it), listing the tools' operations.
 */
export function apiToolsRoutes(deps: AppDeps, options: ToolRoutesOptions): Hono {
  const app = new Hono();
  const index = buildRestIndex({ siteUrl: deps.config.siteUrl, tools: options.tools });
  app.use("/api/tools", toolEndpointCors(["GET", "HEAD", "OPTIONS"]));
  app.get("/api/tools", (c) => c.json(index, 200, { "Cache-Control": "public, max-age=300" }));
  app.route("/", restFace((c) => toolEndpointOptions(c, deps, options)));
  return app;
}
