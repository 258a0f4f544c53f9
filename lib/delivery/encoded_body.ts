/**
 * A body that does not change between requests (a rendered docs page), kept as it is and gzipped
 * once, so each request sends stored bytes instead of compressing them again. A client that
 * accepts gzip gets the gzipped copy with `Content-Encoding: gzip`, which the app's `compress`
 * middleware then leaves alone; any other gets the plain bytes. Both carry `Vary:
 * Accept-Encoding`, as the middleware's answers do.
 */
import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { pageContextOf } from "../page_context.ts";

export interface EncodedBody {
  plain: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/** `text` as UTF-8, plain and gzipped (the gzip stream's default level, as `compress` uses). */
export async function encodeBody(text: string): Promise<EncodedBody> {
  const plain = new TextEncoder().encode(text);
  const stream = new Blob([plain]).stream().pipeThrough(new CompressionStream("gzip"));
  const gzip = new Uint8Array(await new Response(stream).arrayBuffer());
  return { plain, gzip };
}

/**
 * The answer with `body`: gzipped when the request accepts gzip, plain otherwise. An embedded
 * page (`?embed=1`) is always sent plain, because the page context middleware rewrites its links
 * in the text (and `compress` then gzips the result).
 */
export function encodedResponse(
  c: Context,
  body: EncodedBody,
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
