/** Server rendering of Preact pages into complete HTML documents. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ComponentChildren, VNode } from "preact";
import { renderToString } from "preact-render-to-string";

/** Renders a page component tree to an HTML document string with a doctype. */
function renderDocument(page: VNode): string {
  return `<!doctype html>${renderToString(page)}`;
}

/** An HTML document answer with the status (and headers) given. */
export function pageResponse(
  c: Context,
  page: ComponentChildren,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return c.html(renderDocument(<>{page}</>), status as ContentfulStatusCode, headers);
}
