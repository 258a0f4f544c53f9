/**
 * The whole explorer as tests see it: the real app, plus the pages and the live routes mounted
 * exactly as lib/app.tsx should mount them, for as long as it does not yet.
 */
import type { Hono } from "hono";
import { createApp } from "../../lib/app.tsx";
import type { AppDeps } from "../../lib/deps.ts";
import { pageRoutes } from "../../routes/pages.ts";
import { liveRoutes, type LiveRoutesOptions } from "../../routes/live.ts";

/** Builds the full app over `deps`; `live` tunes the live routes when they are mounted here. */
export function fullApp(deps: AppDeps, live: LiveRoutesOptions = {}): Hono {
  const app = createApp(deps);
  const has = (path: string) => app.routes.some((route) => route.path === path);
  if (!has("/wallet/:address")) app.route("/", pageRoutes(deps));
  if (!has("/wallet/:address/live")) app.route("/", liveRoutes(deps, live));
  return app;
}
