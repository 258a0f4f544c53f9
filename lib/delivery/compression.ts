/**
 * Response compression: HTML, JSON, CSS, JS, SVG and text are gzipped (or deflated) when the
 * client accepts it, by Hono's `compress` (CompressionStream, so it runs on Deno and Deploy).
 * Server-sent events are left alone (its content-type filter skips `text/event-stream`), so a
 * live stream is never held back in a compressor's buffer.
 *
 * Compressing weakens an ETag (`W/"..."`), as it must. A client then revalidates with the weak
 * tag; this middleware answers that with 304 itself, so every ETag the routes send (discovery
 * files, static assets) keeps saving the transfer.
 */
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/** Options of {@link compression}. */
export interface CompressionOptions {
  /** Bodies with a known length under this many bytes are sent as they are (default 1024). */
  threshold?: number;
}

/** The compression middleware (mount it first, on `*`). */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const gzip = compress({ threshold: options.threshold ?? 1024 });
  return async (c, next) => {
    await gzip(c, next);
    const etag = c.res.headers.get("ETag");
    const ifNoneMatch = c.req.header("If-None-Match");
    if (!etag || !ifNoneMatch || c.res.status !== 200) return;
    if (!ifNoneMatch.split(",").some((tag) => weakEqual(tag.trim(), etag))) return;
    const headers = new Headers(c.res.headers);
    headers.delete("Content-Encoding");
    headers.delete("Content-Length");
    await c.res.body?.cancel();
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
  };
}

/** RFC 9110 weak comparison: equal once any `W/` prefix is dropped. */
function weakEqual(a: string, b: string): boolean {
  return a.replace(/^W\//, "") === b.replace(/^W\//, "");
}
