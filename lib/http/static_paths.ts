/**
 * Refuses static paths that cannot name one of our files before the file server sees them:
 * NUL bytes, dot segments, odd characters or very long names would otherwise reach the file
 * system and be logged as errors, one per junk request.
 */
import type { MiddlewareHandler } from "hono";

const SAFE_STATIC_PATH = /^\/static(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}){1,6}$/;

/** True when `path` could be one of the files under `static/`. */
function isPlausibleStaticPath(path: string): boolean {
  return path.length <= 400 && SAFE_STATIC_PATH.test(path);
}

/** Middleware for `/static/*`: junk paths go straight to the not-found answer. */
export function staticPathGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (!isPlausibleStaticPath(c.req.path)) return c.notFound();
    await next();
  };
}
