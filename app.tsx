/**
 * The explorer as one Hono app: every page and endpoint, mounted from `routes/`. Composed here at
 * the root beside `main.ts` (as Fresh does), so `lib/` never imports routes or components.
 */
import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppDeps } from "./lib/deps.ts";
import { homeRoutes } from "./routes/home.tsx";
import { htmlResponse } from "./lib/render.ts";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { securityHeaders } from "./lib/security_headers.ts";
import { pageContextMiddleware } from "./lib/page_context.ts";
import { TOOLS } from "./tools/registry.ts";
import { createDocsSite } from "./lib/docs/mod.ts";
import { docsRoutes } from "./routes/docs.tsx";
import { discoveryRoutes } from "./routes/discovery.ts";
import { createDefaultLimiter, type DefaultLimiterOptions } from "./lib/http/default_limiter.ts";
import { mcpRoutes } from "./routes/mcp.ts";
import { apiToolsRoutes } from "./routes/api_tools.ts";
import { pageRoutes } from "./routes/pages.ts";
import { deadline, type DeadlineOptions } from "./lib/http/deadline.ts";
import { staticPathGuard } from "./lib/http/static_paths.ts";
import { answerHeadAsGet } from "./lib/http/head.ts";
import { Echo } from "./routes/page_errors.tsx";
import {
  deadlinePage,
  isExemptFromPageDeadline,
  serverErrorHandler,
} from "./routes/server_error.tsx";
import { liveRoutes, type LiveRoutesOptions } from "./routes/live.ts";
import { freshnessScopes } from "./lib/cache/freshness_scope.ts";
import { compression, staticAssets } from "./lib/delivery/mod.ts";

/** Tuning of the app's parts; the defaults are the production values. */
export interface CreateAppOptions {
  /** Intervals and limits of the live positions stream (tests shorten them). */
  live?: LiveRoutesOptions;
  /** The page deadline (default 25 s) and its timer (tests fire it themselves). */
  pageDeadline?: Pick<DeadlineOptions, "ms" | "timer">;
  /** The tool-call limiter's clock (default the wall clock); tests move it instead of waiting. */
  limiter?: Pick<DefaultLimiterOptions, "now">;
}

/** Builds the app over its dependencies. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Hono {
  const app = new Hono();
  app.use("*", compression());
  app.use("*", securityHeaders({ hsts: deps.config.siteUrl.startsWith("https:") }));
  app.use(
    "*",
    deadline({
      ...options.pageDeadline,
      onTimeout: deadlinePage,
      exempt: isExemptFromPageDeadline,
    }),
  );
  app.use("*", freshnessScopes());
  app.use("/static/*", staticPathGuard());
  app.use("/static/*", staticAssets());
  app.use(
    "/static/*",
    serveStatic({ root: new URL(".", import.meta.url).pathname.replace(/\/$/, "") }),
  );
  app.use("*", pageContextMiddleware());
  const siteUrl = deps.config.siteUrl;
  const site = createDocsSite({ siteUrl, tools: TOOLS });
  app.route("/", homeRoutes(deps));
  app.route("/", pageRoutes(deps));
  app.route("/", liveRoutes(deps, options.live));
  app.route("/", docsRoutes({ siteUrl, tools: TOOLS, site }));
  // No two families answer the same path, so their order does not matter (tests/app_routes_test.ts).
  app.route("/", discoveryRoutes({ siteUrl, tools: TOOLS, site }));
  // One limiter for both faces: 60 tool calls a minute per client across MCP and REST.
  const limiter = createDefaultLimiter({ now: options.limiter?.now });
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
        detail={
          <>
            Nothing lives at <Echo value={c.req.path} />.
          </>
        }
        hints={[
          "Paste a wallet, transaction, intent or position id into the search on the overview.",
        ]}
      />,
      { status: 404 },
    );
  });
  app.onError(serverErrorHandler());
  // HEAD runs as GET and drops the body itself, so it carries GET's Content-Length.
  app.fetch = answerHeadAsGet(app.fetch);
  return app;
}
