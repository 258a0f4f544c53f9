/**
 * `/docs/<page>` as HTML, `/docs/<page>.md` as markdown, `/docs/search?q=` without script. Paths
 * have no trailing slash (but the overview, `/docs/`); the other form redirects (301), so the
 * first edition's `/docs/quickstart/` links keep working.
 */
import { type Context, Hono } from "hono";
import { renderToString } from "preact-render-to-string";
import type { ComponentProps, VNode } from "preact";
import { DocsLayout } from "../components/DocsLayout.tsx";
import { pageContextOf } from "../lib/page_context.ts";
import { DocsPager } from "../components/DocsNav.tsx";
import { DocsNotFound, DocsSearchResults } from "../components/DocsSearch.tsx";
import type { ToolInfo } from "../lib/tool_info.ts";
import { docsMarkdownPath, type DocsPage, docsPath, findDocsPage } from "../lib/docs/pages.ts";
import { searchDocs } from "../lib/docs/search.ts";
import { createDocsSite, type DocsSite } from "../lib/docs/site.ts";

// The app builds the one docs site (shared with the discovery files) from this lazy boundary.
export { createDocsSite };
import { docsSecurityHeaders } from "../lib/security_headers.ts";
import { encodeBody, encodedResponse } from "../lib/delivery/encoded_body.ts";

export interface DocsRoutesOptions {
  siteUrl: string;
  tools: readonly ToolInfo[];
  /** Share one docs cache with the discovery routes (llms-full.txt); created if absent. */
  site?: DocsSite;
}

const CACHE_CONTROL = "public, max-age=300";

/** The docs routes as a Hono sub-app, to mount at the root. */
export function docsRoutes(options: DocsRoutesOptions): Hono {
  const site = options.site ?? createDocsSite(options);
  const app = new Hono();

  // Never framed; the site-wide middleware keeps this CSP instead of its own.
  const secure = docsSecurityHeaders();
  app.use("/docs", secure);
  app.use("/docs/*", secure);

  app.get("/docs", (c) => c.redirect("/docs/", 301));
  app.get("/docs/", (c) => servePage(c, site, findDocsPage("index")!));
  app.get("/docs/search", (c) => serveSearch(c, site, c.req.query("q") ?? ""));
  app.get("/docs/:file{[^/]+\\.md}", async (c) => {
    const page = findDocsPage(c.req.param("file").slice(0, -3));
    if (!page) return serveNotFound(c, site);
    const { markdown } = await site.render(page);
    return c.body(markdown, 200, {
      "Content-Type": "text/markdown; charset=utf-8",
      "Cache-Control": CACHE_CONTROL,
    });
  });
  app.get("/docs/:slug", (c) => {
    const page = findDocsPage(c.req.param("slug"));
    if (!page) return serveNotFound(c, site);
    if (page.slug === "index") return c.redirect("/docs/", 301);
    return servePage(c, site, page);
  });
  app.get("/docs/:slug/", (c) => {
    const page = findDocsPage(c.req.param("slug"));
    return page ? c.redirect(docsPath(page), 301) : serveNotFound(c, site);
  });
  app.get("/docs/*", (c) => serveNotFound(c, site));
  return app;
}

function documentOf(tree: VNode): string {
  return "<!DOCTYPE html>" + renderToString(tree);
}

async function servePage(c: Context, site: DocsSite, page: DocsPage): Promise<Response> {
  // Kept encoded and gzipped: a cached page is then served without any per-request work on its
  // bytes. One rendering per theme: the theme cookie is painted into <html> by the server.
  const theme = pageContextOf(c).theme;
  const body = await site.memo(`page:${page.slug}:${theme}`, async () => {
    const rendered = await site.render(page);
    return await encodeBody(documentOf(
      <DocsLayout
        theme={theme}
        title={page.title}
        description={page.summary}
        pages={site.pages}
        current={page.slug}
        canonicalUrl={site.siteUrl + docsPath(page)}
        markdownPath={docsMarkdownPath(page)}
        headings={rendered.headings}
      >
        <article class="docs-article" dangerouslySetInnerHTML={{ __html: rendered.html }} />
        <p class="docs-source">
          <a href={docsMarkdownPath(page)}>View this page as markdown</a>
        </p>
        <DocsPager pages={site.pages} current={page.slug} />
      </DocsLayout>,
    ));
  });
  return encodedResponse(c, body, 200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": CACHE_CONTROL,
  });
}

async function serveSearch(c: Context, site: DocsSite, query: string): Promise<Response> {
  const hits = await searchDocs(site, query);
  return uncachedPage(c, site, 200, {
    title: query ? `Search: ${query}` : "Search",
    description: "Search the Papertrade Explorer docs.",
    query,
    children: <DocsSearchResults query={query} hits={hits} pages={site.pages} />,
  });
}

function serveNotFound(c: Context, site: DocsSite): Response {
  return uncachedPage(c, site, 404, {
    title: "Page not found",
    description: "No docs page at this address.",
    children: <DocsNotFound pages={site.pages} />,
  });
}

/** A page of the docs layout that is not a docs page (search, not found): rendered, not cached. */
function uncachedPage(
  c: Context,
  site: DocsSite,
  status: 200 | 404,
  props: Omit<ComponentProps<typeof DocsLayout>, "theme" | "pages">,
): Response {
  const theme = pageContextOf(c).theme;
  const body = documentOf(<DocsLayout {...props} theme={theme} pages={site.pages} />);
  return c.body(body, status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
  });
}
