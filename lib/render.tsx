/** Server rendering of Preact pages into complete HTML documents. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ComponentChildren, VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { withoutControls } from "./untrusted_text.ts";
import { pageContextOf, PageContextProvider } from "./page_context.ts";

/**
 * Renders a page component tree to an HTML document string with a doctype. Preact escapes
 * markup but passes control characters through; none belongs in a page, so each upstream NUL,
 * BEL or ESC is written as U+FFFD.
 */
function renderDocument(page: VNode): string {
  return `<!doctype html>${withoutControls(renderToString(page))}`;
}

/**
 * An HTML document answer with the status (and headers) given, rendered with the request's page
 * context (`c.var`: embed, theme, stale reads) for the components that read it.
 */
export function pageResponse(
  c: Context,
  page: ComponentChildren,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  const tree = <PageContextProvider value={pageContextOf(c)}>{page}</PageContextProvider>;
  return c.html(renderDocument(tree), status as ContentfulStatusCode, headers);
}
