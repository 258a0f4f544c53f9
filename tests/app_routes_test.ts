/**
 * The order in which `app.tsx` mounts its faces does not matter: no two faces claim a request
 * that the other could also answer. The faces here must be exactly what the app mounts, so a
 * new face cannot slip past the check. The docs, MCP and REST faces are mounted lazily, at the
 * paths below, and each such face answers only under its mount paths.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { createApp } from "../app.tsx";
import { createDeps } from "../lib/boot.ts";
import { DEFAULT_CONFIG } from "../lib/config.ts";
import { createRateLimiter } from "../lib/http/rate_limit.ts";
import { discoveryRoutes } from "../routes/discovery.ts";
import { createDocsSite, docsRoutes } from "../routes/docs.tsx";
import { apiToolsRoutes, mcpRoutes } from "../routes/mcp/mod.ts";
import { pageRoutes } from "../routes/pages.tsx";
import { TOOLS } from "../tools/registry.ts";

const deps = createDeps({ ...DEFAULT_CONFIG });
const siteUrl = deps.config.siteUrl;
const limiter = createRateLimiter({ limit: 1 });

const FAMILIES: Record<string, Hono> = {
  pages: pageRoutes(deps) as unknown as Hono,
  discovery: discoveryRoutes({
    siteUrl,
    tools: TOOLS,
    site: createDocsSite({ siteUrl, tools: TOOLS }),
  }),
};

/** The lazily mounted faces: each face's router and the paths the app mounts it at. */
const LAZY_FACES: Record<string, { face: Hono; mounts: string[] }> = {
  docs: { face: docsRoutes({ siteUrl, tools: TOOLS }), mounts: ["GET /docs", "GET /docs/*"] },
  mcp: { face: mcpRoutes(deps, { tools: TOOLS, limiter }), mounts: ["ALL /mcp"] },
  apiTools: {
    face: apiToolsRoutes(deps, { tools: TOOLS, limiter }),
    mounts: ["ALL /api/tools", "ALL /api/tools/:name"],
  },
};

/** The app's own middleware and static files, registered before any family. */
function isAppLevel(key: string): boolean {
  return / \/\*$/.test(key) || / \/static\//.test(key);
}

function routeKeys(app: Hono): string[] {
  return app.routes.map((route) => `${route.method} ${route.path}`);
}

const ROUTES = [
  ...Object.entries(FAMILIES).flatMap(([family, app]) =>
    app.routes.map((route) => ({ family, method: route.method, path: route.path }))
  ),
  ...Object.entries(LAZY_FACES).flatMap(([family, { mounts }]) =>
    mounts.map((mount) => {
      const [method, path] = mount.split(" ");
      return { family, method, path };
    })
  ),
];

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
  const listed = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
  assert.deepEqual([...mounted].sort(), [...listed].sort());
});

Deno.test("a lazily mounted face answers only under the paths it is mounted at", () => {
  for (const [family, { face, mounts }] of Object.entries(LAZY_FACES)) {
    for (const route of face.routes) {
      assert.ok(
        mounts.some((mount) => overlaps(mount.split(" ")[1], route.path)),
        `${family} ${route.method} ${route.path}`,
      );
    }
  }
});

Deno.test("no two route families can answer the same request, so mount order is irrelevant", () => {
  const entries = ROUTES;
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
