/**
 * Request body reading with a hard size cap (64 KiB by default, see "Security and limits"), and
 * a broken body (malformed chunked encoding, or fewer bytes than Content-Length before the
 * client stopped) told apart from a server fault, so the caller answers 400, not 500.
 */
import { oncePerInterval } from "./log_line.ts";

/** The largest request body the machine endpoints accept, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A body read within the cap, or the news that it was too large or could not be read. */
export type LimitedBody =
  | { ok: true; text: string }
  | { ok: false; reason: "too_large" }
  | { ok: false; reason: "malformed"; message: string };

/** What a client whose body could not be read is told (with a 400). */
export const MALFORMED_BODY_MESSAGE = "The request body could not be read: its chunked encoding " +
  "is malformed or it ended before its declared length.";

// Any client can send broken bodies on every request: one line a minute says so.
const logMalformedBody = oncePerInterval(60_000, (line) => console.error(line));

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
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      logMalformedBody(`[http] a request body could not be read (${reason}); answered 400.`);
      return { ok: false, reason: "malformed", message: MALFORMED_BODY_MESSAGE };
    }
    const { done, value } = step;
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
