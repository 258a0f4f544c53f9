/**
 * The one server-sent-events writer: Hono's `SSEStreamingApi` (behind `streamSSE`, which needs a
 * Context) around a plain Response, for the MCP handler and the replay upstream.
 */
import { SSEStreamingApi } from "hono/streaming";

/** Headers of every event stream: never cached, never buffered by a reverse proxy. */
const SSE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  // Keeps reverse proxies from buffering events (MCP 2026-07-28 transport SHOULD).
  "x-accel-buffering": "no",
};

/**
 * An event stream (200), with `init.headers` added to (or replacing) {@link SSE_HEADERS}: `write`
 * sends events and closes the stream when done (a live one may stay open); `stream.onAbort` runs
 * when the client goes away; a `write` that throws ends it.
 */
export function sseResponse(
  write: (stream: SSEStreamingApi) => void | Promise<void>,
  init: { headers?: HeadersInit } = {},
): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const stream = new SSEStreamingApi(writable, readable);
  const headers = new Headers(SSE_HEADERS);
  new Headers(init.headers).forEach((value, name) => headers.set(name, value));
  (async () => {
    try {
      await write(stream);
    } catch (error) {
      console.error("[sse] the event writer failed:", error);
      await stream.close();
    }
  })();
  return new Response(stream.responseReadable, { headers });
}

/** One event whose data is `data` as JSON, then the end of the stream. */
export function singleEventResponse(event: string, data: unknown): Response {
  return sseResponse(async (stream) => {
    await stream.writeSSE({ event, data: JSON.stringify(data) });
    await stream.close();
  });
}
