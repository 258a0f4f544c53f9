/**
 * `/api/tools/{name}`: the REST mirror of MCP `tools/call`. Same tools, same `callTool` path,
 * same limiter instance as `/mcp` (see `ToolRoutesOptions.limiter`); statuses are listed in
 * the docs' Reference page and implemented by `handleToolRestRequest`. `GET /api/tools`, the
 * mirror's root (the API catalog's anchor for it), lists the tools' operations.
 */
import { Hono } from "hono";
import { buildRestIndex } from "../lib/discovery/api_catalog.ts";
import type { AppDeps } from "../lib/deps.ts";
import { toolEndpointCors } from "../lib/http/cors.ts";
import { handleToolRestRequest } from "../lib/mcp/mod.ts";
import { toolEndpointOptions, type ToolRoutesOptions } from "./mcp.ts";

/** The REST tool mirror as a Hono sub-app, to mount at the root. */
export function apiToolsRoutes(deps: AppDeps, options: ToolRoutesOptions): Hono {
  const app = new Hono();
  const index = buildRestIndex({ siteUrl: deps.config.siteUrl, tools: options.tools });
  app.use("/api/tools", toolEndpointCors(["GET", "HEAD", "OPTIONS"]));
  app.get("/api/tools", (c) => c.json(index, 200, { "Cache-Control": "public, max-age=300" }));
  app.use("/api/tools/:name", toolEndpointCors(["POST", "OPTIONS"]));
  app.all("/api/tools/:name", (c) =>
    handleToolRestRequest(
      c.req.raw,
      c.req.param("name"),
      toolEndpointOptions(c, deps, options),
    ));
  return app;
}
