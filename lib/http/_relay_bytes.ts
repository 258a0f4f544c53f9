/**
 * The connection guard's bytes (see `connection_guard.ts`): its look at a connection's first
 * request head (the HTTP/2 preface, the head's length; not a parser: it looks only for the
 * preface and for the blank line that ends a head), its own 431 answer, and the copying.
 */

const encoder = new TextEncoder();
const NOTHING: Uint8Array = new Uint8Array(0);
const H2_PREFACE = encoder.encode("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
const HEAD_END = encoder.encode("\r\n\r\n");

/** The guard's own 431 answer, after which it closes the connection. */
export function tooLargeAnswer(maxHeadBytes: number): Uint8Array {
  const text = `Request Header Fields Too Large: at most ${maxHeadBytes} bytes.\n`;
  return encoder.encode(
    "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain; charset=utf-8\r\n" +
      `content-length: ${text.length}\r\nconnection: close\r\n\r\n${text}`,
  );
}

/** What to do with bytes read from the client: pass these on, or refuse the connection. */
type Screened = { forward: Uint8Array } | { refuse: "h2" | "too_large" };

/** The screen of one connection; `ended` is true once its first head has ended. */
export type HeadScreen = ReturnType<typeof headScreen>;

/**
 * Screens a connection's first request head: bytes that could still become the HTTP/2 preface
 * are held back until they are told apart from it (however the client split them), then the
 * head is counted until its blank line, refusing one longer than `maxHeadBytes`.
 */
export function headScreen(maxHeadBytes: number) {
  let held: Uint8Array | undefined = NOTHING;
  let tail: Uint8Array = NOTHING;
  let counted = 0;
  let done = false;
  const take = (chunk: Uint8Array): Screened => {
    if (done) return { forward: chunk };
    let bytes = chunk;
    if (held) {
      held = concat(held, chunk);
      const length = Math.min(held.length, H2_PREFACE.length);
      if (held.subarray(0, length).every((byte, index) => byte === H2_PREFACE[index])) {
        return length === H2_PREFACE.length ? { refuse: "h2" } : { forward: NOTHING };
      }
      bytes = held;
      held = undefined;
    }
    const window = concat(tail, bytes);
    const end = indexOf(window, HEAD_END);
    counted += end >= 0 ? end + HEAD_END.length - tail.length : bytes.length;
    if (counted > maxHeadBytes) return { refuse: "too_large" };
    done = end >= 0;
    tail = window.subarray(Math.max(0, window.length - HEAD_END.length + 1));
    return { forward: bytes };
  };
  return {
    take,
    get ended() {
      return done;
    },
  };
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let index = 0; index < needle.length; index++) {
      if (haystack[start + index] !== needle[index]) continue outer;
    }
    return start;
  }
  return -1;
}

/** Copies `from` to `to` until `from` ends; `fail` closes both after a read or write failed. */
export async function pump(
  from: Deno.Conn,
  to: Deno.Conn,
  onBytes: () => void,
  fail: () => void,
): Promise<void> {
  const buffer = new Uint8Array(16 * 1024);
  try {
    while (true) {
      const read = await from.read(buffer);
      if (read === null) break;
      onBytes();
      await writeAll(to, buffer.subarray(0, read));
    }
    await to.closeWrite().catch(() => {});
  } catch {
    fail();
  }
}

export async function writeAll(to: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await to.write(bytes.subarray(written));
}
