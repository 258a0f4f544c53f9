/** Server rendering of Preact pages into complete HTML documents. */
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";

/** Renders a page component tree to an HTML document string with a doctype. */
export function renderDocument(page: VNode): string {
  return `<!doctype html>${renderToString(page)}`;
}

/** An HTML response with the given status. */
export function htmlResponse(page: VNode, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "text/html; charset=utf-8");
  return new Response(renderDocument(page), { ...init, headers });
}
