/** The whole explorer as the browser tests see it: the real app, with tunable live intervals. */
import type { Hono } from "hono";
import { createApp } from "../../app.tsx";
import type { AppDeps } from "../../lib/deps.ts";
import type { LiveRoutesOptions } from "../../routes/wallet/live.ts";

/** Builds the app over `deps`; `live` shortens the live stream's intervals for tests. */
export function fullApp(deps: AppDeps, live: LiveRoutesOptions = {}): Hono {
  return createApp(deps, { live });
}
