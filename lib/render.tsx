/** Server rendering of Preact pages into complete HTML documents, whole or streamed in order. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ComponentChildren, VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { withoutControls } from "./untrusted_text.ts";
import { pageContextOf, PageContextProvider } from "./page_context.ts";
import { describeErrorOnOneLine } from "./http/log_line.ts";
import { STREAMED_BODY_HEADER } from "./http/head.ts";

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

/** Where a streamed page's parts go in its layout (a private-use character: never in a page). */
const SLOT = "\uE000content\uE000";

/**
 * An HTML document (status 200) sent in order as it is ready, for a page whose data arrives in
 * stages. `layout(slot)` is rendered at once around the slot; what precedes the slot (the head
 * and the site header) is sent first, so the browser fetches the stylesheet and scripts while
 * the data is read; then each of `parts` as it resolves, in order; then the rest of the layout.
 * Whatever decides the status must be known before (a wallet page waits for the snapshot that
 * answers 404 for an unknown wallet). A part that throws is logged with the request id and
 * replaced by a notice; a client that leaves stops the rest. The layout and each part render in
 * the request's page context (its theme, embed flag and stale reads as of that part).
 */
export function streamedPageResponse(
  c: Context,
  layout: (slot: string) => VNode,
  parts: ReadonlyArray<() => Promise<ComponentChildren>>,
): Response {
  const document = renderDocument(
    <PageContextProvider value={pageContextOf(c)}>{layout(SLOT)}</PageContextProvider>,
  );
  const at = document.indexOf(SLOT);
  if (at < 0 || document.indexOf(SLOT, at + 1) >= 0) throw new Error("layout must hold one slot");
  const { readable, writable } = new TransformStream<string, string>();
  const writer = writable.getWriter();
  // Started here, so the parts run in this request's async context.
  void (async () => {
    try {
      await writer.write(document.slice(0, at));
      // A turn of the event loop, so the head leaves before a part's rendering holds the
      // thread: parts whose reads are already in are rendered at once, without a pause.
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const part of parts) {
        let html: string;
        try {
          const content = await part();
          // The context as of this part: its reads' stale notes included.
          html = withoutControls(renderToString(
            <PageContextProvider value={pageContextOf(c)}>{content}</PageContextProvider>,
          ));
        } catch (error) {
          if (c.req.raw.signal.aborted) throw error;
          html = renderToString(partFailed(c, error));
        }
        await writer.write(html);
      }
      await writer.write(document.slice(at + SLOT.length));
      await writer.close();
    } catch (error) {
      // The client left (its reads end with it) or the stream was cancelled: nobody to tell.
      await writer.abort(error).catch(() => {});
    }
  })();
  return c.body(readable.pipeThrough(new TextEncoderStream()), 200, {
    "content-type": "text/html; charset=UTF-8",
    [STREAMED_BODY_HEADER]: "1",
  });
}

/** The notice in place of a part that could not be built (a bug: logged with the request id). */
function partFailed(c: Context, error: unknown): VNode {
  const id: string = c.get("requestId") ?? "none";
  console.error(
    `[error] ${c.req.method} ${c.req.path.slice(0, 200)} id=${id}: ${
      describeErrorOnOneLine(error)
    }`,
  );
  return (
    <p class="notice" role="alert">
      Part of this page could not be built. The error has been logged (request id{" "}
      {id}); reload to try again.
    </p>
  );
}
