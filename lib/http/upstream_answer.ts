/**
 * How every upstream answer is read (Papertrade API, both RPC endpoints, Hyperliquid's info API,
 * the wallet stream):
 *
 * - **Bounded** ({@link UPSTREAM_LIMITS}): a declared `Content-Length` over the maximum is
 *   refused unread; else the body is counted off the wire and after decompression, and the read
 *   stops once either passes it ({@link AnswerTooLargeError}: each client's "answer too large",
 *   a part named unavailable).
 * - **Decompressed here, in small steps.** Requests say `Accept-Encoding: identity`, because
 *   Deno's fetch inflates each wire chunk whole (a 1 GiB gzip bomb cost about 100 MiB per read,
 *   measured). A gzip or deflate answer anyway is inflated {@link DECODE_SLICE_BYTES} at a time
 *   (about 1 MiB out per step); any other encoding is refused ({@link UnsupportedEncodingError}).
 * - **On its origin**: at most {@link MAX_REDIRECTS} redirects, all on the origin asked; one
 *   elsewhere is not followed nor its body read ({@link RedirectedAwayError}).
 * - **Retry-After clamped** to {@link RETRY_AFTER_MAX_S} before it is passed on to our clients.
 */

const MiB = 1024 * 1024;

/** The most bytes of each kind of upstream answer read. */
export const UPSTREAM_LIMITS = {
  /** One Papertrade API JSON answer (the largest recorded page is about 0.4 MiB). */
  apiJson: 4 * MiB,
  /** One JSON-RPC answer, single or batch (an eth_getLogs window, a block's hashes). */
  rpcJson: 4 * MiB,
  /** One Hyperliquid info answer (an order book's levels: a few KiB). */
  infoJson: 1 * MiB,
  /** One line, and one event, of the wallet stream (a wallet snapshot is one line). */
  streamEvent: 4 * MiB,
} as const;

/** Compressed bytes handed to the decompressor at a time (deflate inflates 1,032:1 at most). */
const DECODE_SLICE_BYTES = 1024;
const MAX_REDIRECTS = 3;
export const RETRY_AFTER_MAX_S = 300;

/** An answer past its maximum size; the read stopped there. */
export class AnswerTooLargeError extends Error {
  override name = "AnswerTooLargeError";
  constructor(readonly maxBytes: number, declared?: number) {
    // "8 MiB", "512 KiB": the limit as people read it.
    const limit = maxBytes >= MiB && maxBytes % MiB === 0
      ? `${maxBytes / MiB} MiB`
      : `${Math.ceil(maxBytes / 1024)} KiB`;
    super(
      `answer too large (over ${limit}${
        declared === undefined ? "" : `: ${declared} bytes declared`
      })`,
    );
  }
}

/** A redirect off the origin asked, not followed. */
export class RedirectedAwayError extends Error {
  override name = "RedirectedAwayError";
  constructor(status: number) {
    super(`redirected (HTTP ${status}) off its origin; not followed`);
  }
}

/** An answer in a content encoding other than gzip or deflate (never asked for). */
export class UnsupportedEncodingError extends Error {
  override name = "UnsupportedEncodingError";
  constructor(encoding: string) {
    super(`answer in an encoding it was not asked for (${encoding.slice(0, 20)})`);
  }
}

/** `fetch` as the module comment says; a 303 turns the request into a GET, as browsers do. */
export async function fetchOnOrigin(
  fetchFn: typeof fetch,
  url: string | URL,
  init: RequestInit = {},
): Promise<Response> {
  const origin = new URL(url).origin;
  let at = new URL(url);
  const headers = new Headers(init.headers);
  headers.set("accept-encoding", "identity");
  let request: RequestInit = { ...init, headers, redirect: "manual" };
  for (let hop = 0;; hop++) {
    const response = await fetchFn(at, request);
    if (response.status < 300 || response.status > 399 || response.status === 304) {
      return response;
    }
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get("location");
    const next = location === null ? null : URL.parse(location, at);
    if (!next || next.origin !== origin || hop >= MAX_REDIRECTS) {
      throw new RedirectedAwayError(response.status);
    }
    at = next;
    if (response.status === 303) request = { ...request, method: "GET", body: undefined };
  }
}

/** The body inflated as the module comment says, wire bytes counted against `maxBytes`. */
export function decodedBody(
  response: Response,
  maxBytes: number,
): ReadableStream<Uint8Array<ArrayBuffer>> | null {
  if (!response.body) return null;
  const encoding = (response.headers.get("content-encoding") ?? "").trim().toLowerCase();
  const body = response.body as ReadableStream<Uint8Array<ArrayBuffer>>;
  if (encoding === "" || encoding === "identity") return body;
  const format = encoding === "gzip" || encoding === "x-gzip"
    ? "gzip"
    : encoding === "deflate"
    ? "deflate"
    : null;
  if (!format) {
    void body.cancel().catch(() => {});
    throw new UnsupportedEncodingError(encoding);
  }
  let wire = 0;
  const slices = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>(
    {
      transform(chunk, controller) {
        wire += chunk.byteLength;
        if (wire > maxBytes) return controller.error(new AnswerTooLargeError(maxBytes));
        for (let at = 0; at < chunk.byteLength; at += DECODE_SLICE_BYTES) {
          controller.enqueue(chunk.subarray(at, at + DECODE_SLICE_BYTES));
        }
      },
    },
    undefined,
    { highWaterMark: 0 },
  );
  return body.pipeThrough(slices).pipeThrough(new DecompressionStream(format)) as ReadableStream<
    Uint8Array<ArrayBuffer>
  >;
}

/** The body of `response` as text, stopped past `maxBytes` as the module comment says. */
export async function readBoundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new AnswerTooLargeError(maxBytes, declared);
  }
  const body = decodedBody(response, maxBytes);
  if (!body) return "";
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  // Leaving the loop early (the throw) cancels the body.
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new AnswerTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return await new Blob(chunks).text();
}

/**
 * An event stream's bytes checked chunk by chunk: false once a line, or an event (lines up to a
 * blank one), passes `maxBytes`, so a line that never ends costs at most that much.
 */
export function eventBytesWithin(maxBytes: number): (chunk: Uint8Array) => boolean {
  let line = 0;
  let event = 0;
  let afterCarriageReturn = false;
  return (chunk) => {
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index];
      if (byte === 0x0a && afterCarriageReturn) {
        afterCarriageReturn = false;
        continue;
      }
      if (byte === 0x0a || byte === 0x0d) {
        if (line === 0) event = 0; // a blank line ends the event
        line = 0;
        afterCarriageReturn = byte === 0x0d;
        continue;
      }
      afterCarriageReturn = false;
      line++;
      event++;
    }
    return line <= maxBytes && event <= maxBytes;
  };
}

export function clampRetryAfter(seconds: number): number {
  return Math.min(Math.max(0, seconds), RETRY_AFTER_MAX_S);
}
