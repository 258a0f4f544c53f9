/** Request body reading with a hard size cap (64 KiB by default, see "Security and limits"). */

/** The largest request body the machine endpoints accept, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A body read within the cap, or the news that it was too large. */
export type LimitedBody = { ok: true; text: string } | { ok: false; reason: "too_large" };

/**
 * Reads the body as UTF-8 text, refusing more than `maxBytes`. A declared Content-Length over
 * the cap is refused without reading; otherwise bytes are counted as they stream in, because a
 * chunked body has no Content-Length and a declared one may lie.
 */
export async function readLimitedBody(
  request: Request,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<LimitedBody> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, reason: "too_large" };
  }
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: "too_large" };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}
