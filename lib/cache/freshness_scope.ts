/** Hono middleware: every request gets its own freshness scope, read by the page's stale label. */
import type { MiddlewareHandler } from "hono";
import { withFreshnessScope } from "./freshness.ts";

/** Opens a {@link withFreshnessScope} around each request. */
export function freshnessScopes(): MiddlewareHandler {
  return async (_c, next) => {
    await withFreshnessScope(() => next()).result;
  };
}
