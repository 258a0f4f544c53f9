/**
 * The order in which `app.tsx` mounts its route families does not matter: no two families
 * claim a request that the other could also answer. The families here must be exactly what the
 * app mounts, so a new family cannot slip past the check.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { createApp } from "../app.tsx";
import { createDeps } from "../lib/boot.ts";
import { DEFAULT_CONFIG } from "../lib/config.ts";
import { createRateLimiter } from "../lib/http/rate_limit.ts";
import { apiToolsRoutes } from "../routes/api_tools.ts";
import { discoveryRoutes } from "../routes/discovery.ts";
import { docsRoutes } from "../routes/docs.tsx";
import { homeRoutes } from "../routes/home.tsx";
import { liveRoutes } from "../routes/live.ts";
import { mcpRoutes } from "../routes/mcp.ts";
import { pageRoutes } from "../routes/pages.ts";
import { TOOLS } from "../tools/registry.ts";

const deps = createDeps({ ...DEFAULT_CONFIG });
const siteUrl = deps.config.siteUrl;
const limiter = createRateLimiter({ limit: 1 });

const FAMILIES: Record<string, Hono> = {
  home: homeRoutes(deps),
  pages: pageRoutes(deps),
  live: liveRoutes(deps),
  docs: docsRoutes({ siteUrl, tools: TOOLS }),
  discovery: discoveryRoutes({ siteUrl, tools: TOOLS }),
  mcp: mcpRoutes(deps, { tools: TOOLS, limiter }),
  apiTools: apiToolsRoutes(deps, { tools: TOOLS, limiter }),
};

/** The app's own middleware and static files, registered before any family. */
function isAppLevel(key: string): boolean {
  return / \/\*$/.test(key) || / \/static\//.test(key);
}

function routeKeys(app: Hono): string[] {
  return app.routes.map((route) => `${route.method} ${route.path}`);
}

/** Whether one request could match both patterns (params and wildcards match any segment). */
function overlaps(a: string, b: string): boolean {
  const left = a.split("/");
  const right = b.split("/");
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === "*" || y === "*") return true;
    if (x === undefined || y === undefined) return false;
    if (x !== y && !x.startsWith(":") && !y.startsWith(":")) return false;
  }
  return true;
}

Deno.test("the families listed here are exactly the routes the app mounts", () => {
  const mounted = new Set(routeKeys(createApp(deps)).filter((key) => !isAppLevel(key)));
  const listed = new Set(Object.values(FAMILIES).flatMap(routeKeys));
  assert.deepEqual([...mounted].sort(), [...listed].sort());
});

Deno.test("no two route families can answer the same request, so mount order is irrelevant", () => {
  const entries = Object.entries(FAMILIES).flatMap(([family, app]) =>
    app.routes.map((route) => ({ family, method: route.method, path: route.path }))
  );
  const clashes: string[] = [];
  for (const [i, one] of entries.entries()) {
    for (const other of entries.slice(i + 1)) {
      if (one.family === other.family) continue;
      const sameMethod = one.method === other.method || one.method === "ALL" ||
        other.method === "ALL";
      if (sameMethod && overlaps(one.path, other.path)) {
        clashes.push(
          `${one.family} ${one.method} ${one.path} ~ ${other.family} ${other.method} ${other.path}`,
        );
      }
    }
  }
  assert.deepEqual(clashes, []);
});

Deno.test("the overlap check sees parameters and wildcards", () => {
  assert.ok(overlaps("/wallet/:address", "/wallet/search"));
  assert.ok(overlaps("/docs/*", "/docs/mcp"));
  assert.ok(!overlaps("/wallet/:address", "/wallet/:address/live"));
  assert.ok(!overlaps("/mcp", "/mcp/server-card"));
});
