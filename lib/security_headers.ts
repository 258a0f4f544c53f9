/**
 * Security headers through Hono's `secureHeaders`: a strict CSP with no inline script, nosniff, a
 * referrer policy, HSTS only over https. Hono's other defaults are off on purpose: X-Frame-Options
 * and Cross-Origin-Resource/Opener-Policy would stop the embed view and the public tool endpoints.
 */
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

type Directives = Record<string, string[]>;

// App pages may be framed by Papertrade OS and other *.pages.dev hosts (the embed view).
const SITE_CSP: Directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'", "https://papertrade-os.pages.dev", "https://*.pages.dev"],
};

/** HSTS for a site served over https: a year, subdomains left alone (they may not be ours). */
export const HSTS = "max-age=31536000";

/** Both policies' common part: Hono's defaults we do not send (see the module comment). */
const COMMON = {
  referrerPolicy: "strict-origin-when-cross-origin",
  xContentTypeOptions: true,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/**
 * The site-wide headers, HSTS when `hsts` (SITE_URL is https). A header a route already set (the
 * docs' CSP, {@link docsSecurityHeaders}) is kept: a route's policy wins over the site's.
 */
export function securityHeaders(options: { hsts?: boolean } = {}): MiddlewareHandler {
  return secureHeaders({
    ...COMMON,
    contentSecurityPolicy: SITE_CSP,
    strictTransportSecurity: options.hsts ? HSTS : false,
    overwrite: false,
  });
}

/**
 * The docs routes' headers: the site's CSP but never framed (frame-ancestors 'none',
 * X-Frame-Options DENY); HSTS is the site-wide middleware's.
 */
export function docsSecurityHeaders(): MiddlewareHandler {
  return secureHeaders({
    ...COMMON,
    contentSecurityPolicy: { ...SITE_CSP, frameAncestors: ["'none'"] },
    xFrameOptions: "DENY",
    strictTransportSecurity: false,
  });
}
