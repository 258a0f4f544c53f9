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
 * `page` as HTML in the request's page context as it is now (embed, theme, stale reads). Preact
 * escapes markup but passes control characters through; none belongs in a page, so each upstream
 * NUL, BEL or ESC is written as U+FFFD.
 */
function renderInContext(c: Context, page: ComponentChildren): string {
  const tree = <PageContextProvider value={pageContextOf(c)}>{page}</PageContextProvider>;
  return withoutControls(renderToString(tree));
}

export function pageResponse(
  c: Context,
  page: ComponentChildren,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  const html = `<!doctype html>${renderInContext(c, page)}`;
  return c.html(html, status as ContentfulStatusCode, headers);
}

/**
 * Where a streamed layout's head is cut (`Layout`'s `headCut`: what precedes it, the charset, the
 * stylesheet and the shared script, needs no data, so it is sent before the layout's data is in)
 * and where its parts go (`slot`). Private-use characters around a random token of the request's:
 * upstream text, which may hold any character, cannot hold these.
 */
export type StreamMarks = Record<"cut" | "slot", string>;

/** How a streamed page's layout is drawn: at once without its data, then with it. */
export interface StreamedLayout {
  /** What decides the status: nothing is sent before it settles, and its failure is the answer. */
  status: Promise<void>;
  /** Without its data: only what precedes its cut is sent. */
  early: (marks: StreamMarks) => VNode;
  /** With its data; what precedes its cut must equal the early one's. */
  full: Promise<(marks: StreamMarks) => VNode>;
}

/**
 * An HTML document (status 200) sent in order as it is ready. Once the status is known (a wallet
 * page waits for the snapshot that 404s an unknown wallet) the head up to the cut goes, so the
 * browser fetches the stylesheet and shared script while data is read; then the layout down to the
 * slot (title, preview, site header) once its data is in; then each of `parts` in order; then the
 * rest. A part that throws is logged with the request id and replaced by a notice; a layout failing
 * after the first bytes ends the answer there (logged); a client that leaves stops the rest. Each
 * part renders in the page context as of that part (its stale reads).
 */
export async function streamedPageResponse(
  c: Context,
  layout: StreamedLayout,
  parts: ReadonlyArray<() => Promise<ComponentChildren>>,
): Promise<Response> {
  const token = crypto.randomUUID();
  const marks = { cut: `\uE000cut ${token}\uE000`, slot: `\uE000slot ${token}\uE000` };
  const render = (draw: (marks: StreamMarks) => VNode) => {
    const document = `<!doctype html>${renderInContext(c, draw(marks))}`;
    const cut = document.indexOf(marks.cut);
    const slot = document.indexOf(marks.slot);
    const again = (mark: string, at: number) => document.indexOf(mark, at + 1) >= 0;
    if (cut < 0 || slot < cut || again(marks.cut, cut) || again(marks.slot, slot)) {
      throw new Error("a streamed layout holds one head cut, before its one slot");
    }
    return { document, cut, slot };
  };
  // Awaited once the status is known; when the status fails, so may it, unheard.
  layout.full.catch(() => {});
  const early = render(layout.early);
  const sent = early.document.slice(0, early.cut);
  await layout.status;
  // One stream of bytes, its chunks queued as they are rendered (a page is bounded, so nothing
  // waits for the reader): its first is there when the server first asks, with no stage between.
  const encoder = new TextEncoder();
  let out!: ReadableStreamDefaultController<Uint8Array>;
  let left = false;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => void (out = controller),
    cancel: () => void (left = true),
  });
  const write = (html: string) => {
    if (left || c.req.raw.signal.aborted) throw new Error("the client left");
    out.enqueue(encoder.encode(html));
  };
  out.enqueue(encoder.encode(sent));
  // Started here, so the parts run in this request's async context.
  void (async () => {
    try {
      let full: ReturnType<typeof render>;
      try {
        full = render(await layout.full);
        if (full.document.slice(0, full.cut) !== sent) {
          throw new Error("a streamed layout's head changed before its cut");
        }
      } catch (error) {
        if (!c.req.raw.signal.aborted) logFailure(c, error);
        throw error;
      }
      write(full.document.slice(full.cut + marks.cut.length, full.slot));
      // A turn of the event loop, so the head leaves before a part's rendering holds the
      // thread: parts whose reads are already in are rendered at once, without a pause.
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const part of parts) {
        let html: string;
        try {
          // The context as of this part: its reads' stale notes included.
          html = renderInContext(c, await part());
        } catch (error) {
          if (c.req.raw.signal.aborted) throw error;
          // A bug: logged with the request id, which the notice in the part's place names.
          const id = logFailure(c, error);
          html = renderToString(
            <p class="notice" role="alert">
              Part of this page could not be built. The error has been logged (request id{" "}
              {id}); reload to try again.
            </p>,
          );
        }
        write(html);
      }
      write(full.document.slice(full.slot + marks.slot.length));
      out.close();
    } catch (error) {
      // The client left (its reads end with it), the stream was cancelled, or the layout failed
      // (logged above): the answer ends here.
      if (!left) out.error(error);
    }
  })();
  return c.body(body, 200, {
    "content-type": "text/html; charset=UTF-8",
    [STREAMED_BODY_HEADER]: "1",
  });
}

/** Logs a failure while building a page, with the request id; returns the id. */
function logFailure(c: Context, error: unknown): string {
  const id: string = c.get("requestId") ?? "none";
  console.error(
    `[error] ${c.req.method} ${c.req.path.slice(0, 200)} id=${id}: ${
      describeErrorOnOneLine(error)
    }`,
  );
  return id;
}
