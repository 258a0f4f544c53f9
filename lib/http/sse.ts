/**
 * The one server-sent-events writer: events are framed by Hono's `SSEStreamingApi`, the writer
 * behind `streamSSE`. `streamSSE` itself needs a Hono Context, and the MCP handler and the
 * replay upstream answer plain Requests, so {@link sseResponse} builds the same stream around a
 * Response.
 */
import { SSEStreamingApi } from "hono/streaming";

/** Headers of every event stream: never cached, never buffered by a reverse proxy. */
const SSE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  // Keeps reverse proxies from buffering events (MCP 2026-07-28 transport SHOULD).
  "x-accel-buffering": "no",
};

/** Status (default 200) and headers added to (or replacing) {@link SSE_HEADERS}. */
type SseResponseInit = { status?: number; headers?: HeadersInit };

/**
 * An event-stream response. `write` sends events with `stream.writeSSE` and closes the stream
 * when it is done (a live stream may stay open); `stream.onAbort` listeners run when the client
 * goes away. A `write` that throws ends the stream.
 */
export function sseResponse(
  write: (stream: SSEStreamingApi) => void | Promise<void>,
  init: SseResponseInit = {},
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
  return new Response(stream.responseReadable, { status: init.status ?? 200, headers });
}

/** One event whose data is `data` as JSON, then the end of the stream. */
export function singleEventResponse(
  event: string,
  data: unknown,
  init: SseResponseInit = {},
): Response {
  return sseResponse(async (stream) => {
    await stream.writeSSE({ event, data: JSON.stringify(data) });
    await stream.close();
  }, init);
}
