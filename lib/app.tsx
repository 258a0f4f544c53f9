/** The explorer as one Hono app: every page and endpoint, mounted from `routes/`. */
import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppDeps } from "./deps.ts";
import { homeRoutes } from "../routes/home.tsx";
import { htmlResponse } from "./render.ts";
import { ErrorPage } from "../components/ErrorPage.tsx";
import { securityHeaders } from "./security_headers.ts";
import { TOOLS } from "../tools/registry.ts";
import { createDocsSite } from "./docs/mod.ts";
import { docsRoutes } from "../routes/docs.tsx";
import { discoveryRoutes } from "../routes/discovery.ts";
import { createDefaultLimiter } from "./http/default_limiter.ts";
import { mcpRoutes } from "../routes/mcp.ts";
import { apiToolsRoutes } from "../routes/api_tools.ts";
import { pageRoutes } from "../routes/pages.ts";
import { liveRoutes, type LiveRoutesOptions } from "../routes/live.ts";
import { freshnessScopes } from "./cache/freshness_scope.ts";
import { compression, staticAssets } from "./delivery/mod.ts";

/** Tuning of the app's parts; the defaults are the production values. */
export interface CreateAppOptions {
  /** Intervals and limits of the live positions stream (tests shorten them). */
  live?: LiveRoutesOptions;
}

/** Builds the app over its dependencies. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Hono {
  const app = new Hono();
  app.use("*", compression());
  app.use("*", securityHeaders());
  app.use("*", freshnessScopes());
  app.use("/static/*", staticAssets());
  app.use(
    "/static/*",
    serveStatic({ root: new URL("..", import.meta.url).pathname.replace(/\/$/, "") }),
  );
  const siteUrl = deps.config.siteUrl;
  const site = createDocsSite({ siteUrl, tools: TOOLS });
  app.route("/", homeRoutes(deps));
  app.route("/", pageRoutes(deps));
  app.route("/", liveRoutes(deps, options.live));
  app.route("/", docsRoutes({ siteUrl, tools: TOOLS, site }));
  // Discovery goes before MCP: it owns GET /mcp/server-card.
  app.route("/", discoveryRoutes({ siteUrl, tools: TOOLS, site }));
  // One limiter for both faces: 60 tool calls a minute per client across MCP and REST.
  const limiter = createDefaultLimiter();
  app.route("/", mcpRoutes(deps, { tools: TOOLS, limiter }));
  app.route("/", apiToolsRoutes(deps, { tools: TOOLS, limiter }));
  app.notFound((c) => {
    // Every page is read-only: /mcp and /api/tools answer their own methods, so any other
    // method reaching here is one the explorer never takes, wherever it was sent.
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") {
      return htmlResponse(
        <ErrorPage
          status={405}
          title="That method is not allowed"
          detail={`The explorer's pages are read-only: they answer GET and HEAD, not ${
            method.slice(0, 20)
          }.`}
          hints={["Open the link in a browser, or use the MCP server or /api/tools to query."]}
        />,
        { status: 405, headers: { allow: "GET, HEAD" } },
      );
    }
    return htmlResponse(
      <ErrorPage
        status={404}
        title="Page not found"
        detail={`Nothing lives at ${c.req.path}.`}
        hints={[
          "Paste a wallet, transaction, intent or position id into the search on the overview.",
        ]}
      />,
      { status: 404 },
    );
  });
  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    return htmlResponse(
      <ErrorPage
        status={500}
        title="Something went wrong on our side"
        detail="The page could not be built. The error has been logged."
      />,
      { status: 500 },
    );
  });
  return app;
}
