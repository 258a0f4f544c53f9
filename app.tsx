/**
 * The explorer as one Hono app: the app-wide middleware, then one router per face (pages, docs,
 * discovery, MCP, the REST mirror), composed at the root beside `main.ts` as Fresh does, so
 * `lib/` never imports routes or components. What only some routes need loads on first use.
 */
import { Hono } from "hono";
import { compress } from "hono/compress";
import { etag } from "hono/etag";
import { requestId } from "hono/request-id";
import { serveStatic } from "hono/deno";
import type { AppDeps } from "./lib/deps.ts";
import { lazily, lazyImport } from "./lib/http/app_env.ts";
import { securityHeaders } from "./lib/security_headers.ts";
import { pageContextMiddleware } from "./lib/page_context.ts";
import { createDefaultLimiter, type DefaultLimiterOptions } from "./lib/http/rate_limit.ts";
import { deadline, type DeadlineOptions } from "./lib/http/deadline.ts";
import { answerHeadAsGet } from "./lib/http/head.ts";
import { screenedFetch } from "./lib/http/request_screen.ts";
import { freshnessScopes } from "./lib/cache/freshness.ts";
import { staticAssets } from "./lib/delivery/static_assets.ts";
import {
  deadlinePage,
  isExemptFromPageDeadline,
  newRequestId,
  notFoundPage,
  pageRoutes,
  serverErrorHandler,
} from "./routes/pages.tsx";
import type { PageRoutesOptions } from "./routes/page_handlers.ts";
import { discoveryRoutes } from "./routes/discovery.ts";

/** Tuning of the app's parts; the defaults are the production values. */
export interface CreateAppOptions extends PageRoutesOptions {
  /** The page deadline (default 25 s) and its timer (tests fire it themselves). */
  pageDeadline?: Pick<DeadlineOptions, "ms" | "timer">;
  /** The tool-call limiter's clock (default the wall clock); tests move it instead of waiting. */
  limiter?: Pick<DefaultLimiterOptions, "now">;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Hono {
  const siteUrl = deps.config.siteUrl;
  const at = (path: string) => new URL(path, import.meta.url);
  // Two lazy boundaries: the tools with their MCP and REST runtime, and the docs with their
  // renderer (the discovery files read both).
  const toolsModule = lazyImport<typeof import("./routes/mcp/mod.ts")>(at("./routes/mcp/mod.ts"));
  const tools = async () => (await toolsModule()).TOOLS;
  const docsModule = lazyImport<typeof import("./routes/docs.tsx")>(at("./routes/docs.tsx"));
  const site = lazily(async () =>
    (await docsModule()).createDocsSite({ siteUrl, tools: await tools() })
  );
  // One limiter for both tool faces: 60 tool calls a minute per client across MCP and REST.
  const limiter = createDefaultLimiter({ now: options.limiter?.now });
  const mcp = lazily(async () =>
    (await toolsModule()).mcpRoutes(deps, { tools: await tools(), limiter })
  );
  const rest = lazily(async () =>
    (await toolsModule()).apiToolsRoutes(deps, { tools: await tools(), limiter })
  );
  const docs = lazily(async () =>
    (await docsModule()).docsRoutes({ siteUrl, tools: await tools(), site: await site() })
  );
  const discovery = discoveryRoutes({ siteUrl, tools, site });
  const tagged = new Set(discovery.routes.map((route) => route.path));
  const revalidate = etag();

  const app = new Hono();
  app.use(requestId({ generator: newRequestId }));
  // Outside compression, which weakens an ETag (`W/"…"`) as it must: the weak tag of a
  // compressed copy then revalidates too (RFC 9110 weak comparison).
  app.use((c, next) =>
    c.req.path.startsWith("/static/") || tagged.has(c.req.path) || c.req.path.endsWith(".atom")
      ? revalidate(c, next)
      : next()
  );
  // HTML, JSON, CSS, JS, SVG and text gzipped for clients that accept it; bodies under 1 KiB and
  // event streams (never held back in a compressor's buffer) are sent as they are.
  app.use(compress({ threshold: 1024 }));
  app.use(securityHeaders({ hsts: siteUrl.startsWith("https:") }));
  app.use(
    deadline({
      ...options.pageDeadline,
      onTimeout: deadlinePage,
      exempt: isExemptFromPageDeadline,
    }),
  );
  app.use(freshnessScopes());
  app.use("/static/*", staticAssets());
  const root = new URL(".", import.meta.url).pathname.replace(/\/$/, "");
  app.use("/static/*", serveStatic({ root }));
  app.use(pageContextMiddleware());
  // No two faces answer the same path, so their order does not matter (tests/app_routes_test.ts).
  app.route("/", pageRoutes(deps, options));
  app.route("/", discovery);
  app.on("GET", ["/docs", "/docs/*"], async (c) => (await docs()).fetch(c.req.raw, c.env));
  app.all("/mcp", async (c) => (await mcp()).fetch(c.req.raw, c.env));
  app.all("/api/tools", async (c) => (await rest()).fetch(c.req.raw, c.env));
  app.all("/api/tools/:name", async (c) => (await rest()).fetch(c.req.raw, c.env));
  app.notFound(notFoundPage);
  app.onError(serverErrorHandler());
  // HEAD runs as GET and drops the body itself, so it carries GET's Content-Length; before
  // anything, the Host and the head's size are checked (lib/http/request_screen.ts).
  app.fetch = screenedFetch(answerHeadAsGet(app.fetch));
  return app;
}
