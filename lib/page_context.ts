/**
 * What every page of one request needs to know about the visitor without each route passing
 * it down: the `?embed=1` view and the theme chosen with the theme button (a cookie, so the
 * first paint already has it and no inline script is needed). Held in AsyncLocalStorage for
 * the duration of the request; rendering is synchronous inside it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";

/** The visitor's theme choice; `auto` follows the system setting. */
export type ThemeChoice = "light" | "dark" | "auto";

/** The request-wide facts pages render with. */
export interface PageContext {
  /** The product-only view (`?embed=1`): no header, footer or landing sections. */
  embed: boolean;
  theme: ThemeChoice;
}

const DEFAULT_CONTEXT: PageContext = { embed: false, theme: "auto" };
// Our own store, not Hono's contextStorage: components also render outside a request (tests,
// the card image), where Hono's getContext() throws and these defaults are wanted.
const storage = new AsyncLocalStorage<PageContext>();

/** The current request's page context (defaults outside a request). */
export function pageContext(): PageContext {
  return storage.getStore() ?? DEFAULT_CONTEXT;
}

/** Reads the theme cookie from a Cookie header; anything unexpected is `auto`. */
export function themeFromCookie(header: string | null | undefined): ThemeChoice {
  const match = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(header ?? "");
  return match ? match[1] as ThemeChoice : "auto";
}

/** Adds `embed=1` to a same-site path, keeping its query and fragment. */
export function withEmbed(path: string): string {
  const hashAt = path.indexOf("#");
  const [base, hash] = hashAt < 0 ? [path, ""] : [path.slice(0, hashAt), path.slice(hashAt)];
  if (/[?&]embed=1(&|$)/.test(base)) return path;
  return `${base}${base.includes("?") ? "&" : "?"}embed=1${hash}`;
}

// Internal page links in our own rendered HTML: `href="/…"`, not static files or protocol-relative.
const INTERNAL_HREF = /href="(\/(?!\/|static\/)[^"]*)"/g;
const INTERNAL_FORM = /(<form\b[^>]*\baction="\/(?!\/)[^"]*"[^>]*>)/g;

/**
 * Makes an embedded page's links and forms keep `embed=1`, so navigation inside a frame stays
 * in the product-only view. Works on our own rendered HTML, where attribute values are
 * escaped and `&` is written `&amp;`.
 */
export function keepEmbedInLinks(html: string): string {
  return html
    .replace(INTERNAL_HREF, (_all, path: string) => {
      const decoded = path.replaceAll("&amp;", "&");
      return `href="${withEmbed(decoded).replaceAll("&", "&amp;")}"`;
    })
    .replace(INTERNAL_FORM, (form) => `${form}<input type="hidden" name="embed" value="1">`);
}

/**
 * Middleware of the page routes: sets the page context from the query and the theme cookie,
 * and for `?embed=1` keeps the flag in links, forms and same-site redirects.
 */
export function pageContextMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const context: PageContext = {
      embed: c.req.query("embed") === "1",
      theme: themeFromCookie(c.req.header("cookie")),
    };
    await storage.run(context, () => next());
    const headers = c.res.headers;
    const type = headers.get("content-type") ?? "";
    // The theme cookie changes the HTML, so caches must key on it.
    if (type.startsWith("text/html")) {
      try {
        headers.append("vary", "Cookie");
      } catch {
        // immutable headers: nothing a cache could mix up
      }
    }
    if (!context.embed) return;
    const location = headers.get("location");
    if (location?.startsWith("/") && !location.startsWith("//")) {
      try {
        headers.set("location", withEmbed(location));
      } catch {
        // an immutable redirect (Response.redirect): leave it as it is
      }
    }
    if (type.startsWith("text/html") && c.res.body) {
      const html = keepEmbedInLinks(await c.res.text());
      c.res = new Response(html, { status: c.res.status, headers });
    }
  };
}
