/**
 * The checks every request passes before routing (`createApp` wraps its `fetch`, so they hold
 * behind any front door and in-process alike):
 *
 * - **Host.** Deno builds `request.url` by pasting `Host` before the target, and Hono reads the
 *   path from that string: a Host with `/`, `?` or `#` moves the path (`POST /` with
 *   `Host: x/mcp?` reads as `/mcp`), and a non-authority (`a b`, `a<b`) makes every later
 *   `new URL(request.url)` throw. So a Host must be one name (letters, digits, `.-_`), an IPv4 or
 *   bracketed IPv6 address, an optional port 0-65535, at most {@link MAX_HOST_LENGTH} characters,
 *   and parse as an authority; else a `400` naming the problem, logged nowhere.
 *   `deploy/haproxy.cfg` refuses the same {@link HOST_PATTERN} at the door.
 * - **Head size.** A head (request line and fields) over {@link MAX_HEAD_BYTES} gets `431`, on
 *   every request, not only a connection's first.
 */
import type { Fetch } from "./head.ts";

/** The longest Host accepted: a 253-character DNS name, a colon and a five-digit port. */
export const MAX_HOST_LENGTH = 259;

/** The front door's limit too. */
export const MAX_HEAD_BYTES = 32 * 1024;

/** The module comment's Host shape; `deploy/haproxy.cfg` carries the same expression. */
export const HOST_PATTERN =
  /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?$/;

export function hostProblem(host: string): string | undefined {
  if (host.length === 0) return "the Host header is empty";
  if (host.length > MAX_HOST_LENGTH) return `the Host header is over ${MAX_HOST_LENGTH} characters`;
  if (!HOST_PATTERN.test(host)) {
    return "the Host header is not a host name or address with an optional port";
  }
  if (!URL.canParse(`http://${host}/`)) return "the Host header is not a valid address";
  return undefined;
}

/** The size of a request's head as it came in: request line and header fields. */
export function headBytes(request: Request): number {
  const url = request.url;
  // The request target is what follows the authority (Deno builds the URL from Host + target).
  const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  let bytes = request.method.length + target.length + " HTTP/1.1\r\n".length + 2;
  for (const [name, value] of request.headers) bytes += name.length + value.length + 4;
  return bytes;
}

function plain(status: number, text: string): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * The `400` or `431` of a request failing a check, else undefined. Without `Host` (HTTP/2's
 * `:authority` goes into the URL instead) the URL's authority is checked.
 */
export function screenRequest(request: Request): Response | undefined {
  const host = request.headers.get("host") ?? authorityOf(request.url);
  const problem = hostProblem(host);
  if (problem) return plain(400, `Bad Request: ${problem}.`);
  if (headBytes(request) > MAX_HEAD_BYTES) {
    return plain(431, `Request Header Fields Too Large: at most ${MAX_HEAD_BYTES} bytes.`);
  }
  return undefined;
}

/** Read without parsing the URL. */
function authorityOf(url: string): string {
  const start = url.indexOf("//") + 2;
  const end = url.indexOf("/", start);
  return url.slice(start, end < 0 ? undefined : end);
}

export function screenedFetch(fetch: Fetch): Fetch {
  return (request, ...rest) => screenRequest(request) ?? fetch(request, ...rest);
}
