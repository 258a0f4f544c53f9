/**
 * What every page of a request knows about the visitor without routes passing it down: the
 * `?embed=1` view, the theme button's choice (a cookie, so the first paint has it with no inline
 * script) and the answers served from last good copies. The middleware sets `c.var.page`;
 * `pageResponse` (`lib/render.tsx`) provides it as a Preact context that {@link pageContext} reads.
 */
import type { Context, MiddlewareHandler } from "hono";
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { StaleRead } from "./cache/freshness.ts";

/** The visitor's theme choice; `auto` follows the system setting. */
export type ThemeChoice = "light" | "dark" | "auto";

export interface PageContext {
  /** The product-only view (`?embed=1`): no header, footer or landing sections. */
  embed: boolean;
  theme: ThemeChoice;
  /** The reads of this request answered from a last good copy (`c.var.staleReads`). */
  staleReads: readonly StaleRead[];
}

const PageContextChannel = createContext<PageContext>({
  embed: false,
  theme: "auto",
  staleReads: [],
});

/** What `pageResponse` provides; components rendered outside a request get the defaults. */
export const PageContextProvider = PageContextChannel.Provider;

/** The page context of the render in progress (a hook: call it while a component renders). */
export function pageContext(): PageContext {
  return useContext(PageContextChannel);
}

/**
 * A request's page context: `c.var`'s, or read from the request in a sub-app `fetch`ed with a
 * context of its own (the docs).
 */
export function pageContextOf(c: Context): PageContext {
  const page = (c.get("page") as Omit<PageContext, "staleReads"> | undefined) ?? {
    embed: c.req.query("embed") === "1",
    theme: themeFromCookie(c.req.header("cookie")),
  };
  return { ...page, staleReads: (c.get("staleReads") as readonly StaleRead[] | undefined) ?? [] };
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
 * Makes an embedded page's links and forms keep `embed=1`, so navigating in a frame stays in the
 * product-only view. For our own rendered HTML (attributes escaped, `&` as `&amp;`).
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
 * Sets the page context from the query and theme cookie; with `?embed=1` keeps the flag in links,
 * forms and same-site redirects.
 */
export function pageContextMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const context = pageContextOf(c);
    c.set("page", { embed: context.embed, theme: context.theme });
    await next();
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
