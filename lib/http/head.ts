/**
 * HEAD answered exactly as GET, without the body. Hono's HEAD wraps the GET answer in
 * `new Response(null)`: Deno then sends `Content-Length: 0` (RFC 9110 §8.6 forbids a length
 * other than GET's), and a streaming body (SSE, CSV export) is dropped unread, never cancelled,
 * keeping its upstream stream or export slot forever.
 *
 * So HEAD goes through the app as GET (same middleware) and the body is dropped here: a buffered
 * one measured (or its stated length kept), a streamed one cancelled with no length sent, as GET
 * sends none: compressed per request, an event stream, a CSV export, or an HTML page sent as its
 * parts are ready ({@link STREAMED_BODY_HEADER}).
 */

import type { Hono } from "hono";

/** The `fetch` of an app, as Deno.serve and Hono's `app.request` call it. */
export type Fetch = Hono["fetch"];

/**
 * Set by a handler whose body streams whatever its media type (`lib/render.tsx`'s pages), so
 * HEAD sends no length; the wrapper removes it from every answer.
 */
export const STREAMED_BODY_HEADER = "x-streamed-body";

/** Media types whose GET body is a stream of unknown length. */
const STREAMED_TYPES = /^\s*text\/(event-stream|csv)\s*(;|$)/i;

/** Wraps an app's `fetch` so HEAD answers with GET's status and headers and no body. */
export function answerHeadAsGet(fetch: Fetch): Fetch {
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
