/**
 * HEAD answered exactly as GET, without the body. Hono answers HEAD by running the GET handler
 * and wrapping its answer in `new Response(null)`, which loses two things: Deno then sends
 * `Content-Length: 0` where GET sends the body's length (RFC 9110 §8.6 forbids a HEAD length
 * that differs from GET's), and a streaming body (an SSE stream, a CSV export) is dropped unread,
 * never learns that nobody will read it, and keeps its upstream stream or export slot forever.
 *
 * So a HEAD request goes through the app as GET (the same middleware: compression, headers,
 * ETags) and the body is dropped here. A buffered body is measured and its length sent, as GET's
 * is, or its stated length kept (a gzipped page stored whole). A streamed one is cancelled at
 * once, and HEAD sends no length, as GET sends none (chunked): a body compressed per request (a
 * CompressionStream), an event stream, a CSV export (it streams its pages), an HTML page sent as
 * its parts are ready ({@link STREAMED_BODY_HEADER}).
 */

/** The `fetch` of an app, as Deno.serve and Hono's `app.request` call it. */
export type Fetch<A extends unknown[]> = (
  request: Request,
  ...rest: A
) => Response | Promise<Response>;

/**
 * A header a handler sets when its body is streamed whatever its media type (an HTML page sent
 * as its parts are ready, `lib/render.tsx`): HEAD then sends no length, as GET sends none. It
 * never leaves the app: the wrapper removes it from GET's answer and HEAD's.
 */
export const STREAMED_BODY_HEADER = "x-streamed-body";

/** Media types whose GET body is a stream of unknown length. */
const STREAMED_TYPES = /^\s*text\/(event-stream|csv)\s*(;|$)/i;

/** Wraps an app's `fetch` so HEAD answers with GET's status and headers and no body. */
export function answerHeadAsGet<A extends unknown[]>(fetch: Fetch<A>): Fetch<A> {
  return async (request, ...rest) => {
    if (request.method !== "HEAD") {
      const response = await fetch(request, ...rest);
      if (response.headers.has(STREAMED_BODY_HEADER)) {
        response.headers.delete(STREAMED_BODY_HEADER);
      }
      return response;
    }
    const response = await fetch(new Request(request, { method: "GET" }), ...rest);
    const init = { status: response.status, statusText: response.statusText };
    const headers = new Headers(response.headers);
    const streamed = headers.has(STREAMED_BODY_HEADER);
    headers.delete(STREAMED_BODY_HEADER);
    if (!response.body) return new Response(null, { ...init, headers });
    // A body whose length the app stated (a stored gzipped page): that length, unread.
    if (headers.has("content-length")) {
      await response.body.cancel().catch(() => {});
      return new Response(null, { ...init, headers });
    }
    if (
      streamed || headers.has("content-encoding") ||
      STREAMED_TYPES.test(headers.get("content-type") ?? "")
    ) {
      await response.body.cancel().catch(() => {});
      // An empty stream rather than null: Deno sends no Content-Length for it, like GET's.
      return new Response(new ReadableStream({ start: (controller) => controller.close() }), {
        ...init,
        headers,
      });
    }
    headers.set("content-length", String((await response.arrayBuffer()).byteLength));
    return new Response(null, { ...init, headers });
  };
}
