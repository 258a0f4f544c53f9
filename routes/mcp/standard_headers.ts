/**
 * SEP-2243 standard request headers of 2026-07-28: `Mcp-Method` mirrors the body method on
 * every request and `Mcp-Name` mirrors `params.name` (tools/call, prompts/get) or `params.uri`
 * (resources/read). A missing, malformed or different header is 400 + -32020. Header names
 * are case-insensitive (Headers does that); values are case-sensitive and compared after
 * trimming optional whitespace; `Mcp-Name` may use the `=?base64?...?=` sentinel, which is
 * decoded (strictly: bad padding or characters are rejected) before comparing.
 */
import type { Rejection } from "./era.ts";
import { ErrorCode, type JsonRpcCall } from "./jsonrpc.ts";

const NAME_SOURCE: Record<string, "name" | "uri"> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

const BASE64_PREFIX = "=?base64?";
const BASE64_SUFFIX = "?=";
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function mismatch(message: string): Rejection {
  return { status: 400, code: ErrorCode.HeaderMismatch, message: `Header mismatch: ${message}` };
}

/** Decodes a sentinel-encoded header value; plain values pass through; undefined if malformed. */
export function decodeHeaderValue(raw: string): string | undefined {
  if (!raw.startsWith(BASE64_PREFIX) || !raw.endsWith(BASE64_SUFFIX)) return raw;
  if (raw.length < BASE64_PREFIX.length + BASE64_SUFFIX.length) return raw;
  const encoded = raw.slice(BASE64_PREFIX.length, raw.length - BASE64_SUFFIX.length);
  if (!BASE64_PATTERN.test(encoded)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Checks the standard headers of a 2026-07-28 request; undefined when they are fine. */
export function checkStandardHeaders(call: JsonRpcCall, headers: Headers): Rejection | undefined {
  const method = headers.get("mcp-method")?.trim();
  if (method === undefined) return mismatch("the required Mcp-Method header is missing");
  if (method !== call.method) {
    return mismatch(
      `Mcp-Method header value '${method}' does not match body value '${call.method}'`,
    );
  }
  const source = NAME_SOURCE[call.method];
  const bodyName = source ? call.params?.[source] : undefined;
  if (typeof bodyName !== "string") return undefined;
  const rawName = headers.get("mcp-name")?.trim();
  if (rawName === undefined) {
    return mismatch(`the required Mcp-Name header is missing (body ${source} is '${bodyName}')`);
  }
  const name = decodeHeaderValue(rawName);
  if (name === undefined) return mismatch("Mcp-Name header is not valid =?base64?...?= encoding");
  if (name !== bodyName) {
    return mismatch(`Mcp-Name header value '${name}' does not match body value '${bodyName}'`);
  }
  return undefined;
}
