/** Security headers for every response: a strict CSP with no inline script. */
import type { MiddlewareHandler } from "hono";

// App pages may be framed by Papertrade OS and other *.pages.dev hosts (the embed view);
// routes that must never be framed (docs) set their own frame-ancestors 'none'.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self' https://papertrade-os.pages.dev https://*.pages.dev",
].join("; ");

/** HSTS for a site served over https: a year, subdomains left alone (they may not be ours). */
export const HSTS = "max-age=31536000";

/**
 * Adds CSP, nosniff and referrer policy unless a route already set its own CSP, and HSTS when
 * `hsts` is set (the app sets it when SITE_URL is https).
 */
export function securityHeaders(options: { hsts?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has("content-security-policy")) headers.set("content-security-policy", CSP);
    headers.set("x-content-type-options", "nosniff");
    headers.set("referrer-policy", "strict-origin-when-cross-origin");
    if (options.hsts) headers.set("strict-transport-security", HSTS);
  };
}
