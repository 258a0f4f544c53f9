/**
 * A body that never changes (a rendered docs page), kept plain and gzipped once, so requests
 * send stored bytes: the gzipped copy with `Content-Encoding: gzip` (which `compress` leaves
 * alone) to a client that accepts it, else the plain one; both with `Vary: Accept-Encoding`.
 */
import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { pageContextOf } from "../page_context.ts";

/** `text` as UTF-8, plain and gzipped (the gzip stream's default level, as `compress` uses). */
export async function encodeBody(text: string) {
  const plain = new TextEncoder().encode(text);
  const stream = new Blob([plain]).stream().pipeThrough(new CompressionStream("gzip"));
  const gzip = new Uint8Array(await new Response(stream).arrayBuffer());
  return { plain, gzip };
}

/**
 * The answer with `body`, gzipped when accepted; an embedded page (`?embed=1`) always plain,
 * because the page context middleware rewrites its links in the text (`compress` gzips after).
 */
export function encodedResponse(
  c: Context,
  body: Awaited<ReturnType<typeof encodeBody>>,
  status: 200 | 404,
  headers: Record<string, string>,
): Response {
  const gzip = !pageContextOf(c).embed &&
    accepts(c, { header: "Accept-Encoding", supports: ["gzip"], default: "identity" }) === "gzip";
  const bytes = gzip ? body.gzip : body.plain;
  return c.body(bytes, status, {
    ...headers,
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    // Stated, so HEAD sends it too (lib/http/head.ts): a stored gzip has a known length.
    "Content-Length": String(bytes.byteLength),
    "Vary": "Accept-Encoding",
  });
}
