/**
 * Which protocol era a message belongs to, and the 2026-07-28 checks that come with it.
 *
 * Rules implemented (2026-07-28 spec "Versioning" and "Streamable HTTP", SEP-2575 / SEP-2243,
 * cross-checked against @modelcontextprotocol/server 2.4 and conformance 0.2.0-alpha.12):
 * - The body decides the era. A message whose `params._meta` carries
 *   `io.modelcontextprotocol/protocolVersion` claims per-request metadata; a claim naming
 *   2026-07-28 is served statelessly, a claim naming a handshake-era revision is served as
 *   that revision, and a claim naming anything else gets 400 + -32022
 *   (UnsupportedProtocolVersion, `data: { supported, requested }`).
 * - With a claim, the `MCP-Protocol-Version` header is required and must equal it: missing or
 *   different is 400 + -32020 (HeaderMismatch). This check comes before the version check, so
 *   a disagreement is reported as such even when both values are unknown.
 * - A modern claim also needs `io.modelcontextprotocol/clientCapabilities` (an object);
 *   `clientInfo` is optional (a SHOULD) but must be `{ name, version }` when present. Missing
 *   or malformed: 400 + -32602 naming the key.
 * - Without a claim, the header decides: absent means 2025-03-26; a handshake-era revision is
 *   served as such; 2026-07-28 on a request without `_meta` is 400 + -32602 (the envelope is
 *   missing); any other value is 400 + -32022. A notification with a 2026-07-28 header and no
 *   claim is accepted (notifications carry no envelope).
 * - JSON-RPC batches belong to the handshake era only; see the handler.
 */
import { ErrorCode, isJsonObject, type JsonRpcCall } from "./jsonrpc.ts";
import {
  HEADERLESS_PROTOCOL_VERSION,
  isLegacyVersion,
  isModernVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../lib/discovery/protocol_versions.ts";

/** `_meta` key naming the protocol revision of a request (2026-07-28). */
const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";
/** `_meta` key carrying the client's capabilities for this request (2026-07-28). */
const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";
/** `_meta` key identifying the client software (2026-07-28, optional). */
const CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo";
/** Result `_meta` key identifying this server (2026-07-28). */
export const SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo";

/** A refusal before dispatch: HTTP status plus the JSON-RPC error to send. */
export interface Rejection {
  status: number;
  code: number;
  message: string;
  data?: unknown;
}

/** The era decision for one message. */
export type EraDecision =
  | { kind: "legacy"; version: string }
  | { kind: "modern"; version: string }
  | { kind: "reject"; rejection: Rejection };

function reject(code: number, message: string, data?: unknown): EraDecision {
  return { kind: "reject", rejection: { status: 400, code, message, data } };
}

function invalidParams(problem: string): EraDecision {
  return reject(ErrorCode.InvalidParams, `Invalid params: ${problem}`);
}

function headerMismatch(problem: string): EraDecision {
  return reject(ErrorCode.HeaderMismatch, `Header mismatch: ${problem}`);
}

function unsupported(requested: string): EraDecision {
  return reject(
    ErrorCode.UnsupportedProtocolVersion,
    `Unsupported protocol version ${JSON.stringify(requested)}. ` +
      `Supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}.`,
    { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested },
  );
}

/** Decides the era of `call` given the `MCP-Protocol-Version` header (trimmed, or undefined). */
export function decideEra(call: JsonRpcCall, headerVersion: string | undefined): EraDecision {
  const params = call.params?._meta;
  const meta = isJsonObject(params) ? params : undefined;
  const isRequest = call.id !== undefined;
  if (meta && PROTOCOL_VERSION_META_KEY in meta) {
    const claimed = meta[PROTOCOL_VERSION_META_KEY];
    if (typeof claimed !== "string") {
      return invalidParams(`_meta ${PROTOCOL_VERSION_META_KEY} must be a string`);
    }
    if (headerVersion === undefined) {
      return headerMismatch(
        "the MCP-Protocol-Version header is missing; it must equal _meta " +
          `${PROTOCOL_VERSION_META_KEY} (${claimed})`,
      );
    }
    if (headerVersion !== claimed) {
      return headerMismatch(
        `MCP-Protocol-Version header value '${headerVersion}' does not match body value '${claimed}'`,
      );
    }
    if (isLegacyVersion(claimed)) return { kind: "legacy", version: claimed };
    if (!isModernVersion(claimed)) return unsupported(claimed);
    const problem = envelopeProblem(meta);
    return problem ? invalidParams(problem) : { kind: "modern", version: claimed };
  }
  if (headerVersion === undefined) return { kind: "legacy", version: HEADERLESS_PROTOCOL_VERSION };
  if (isLegacyVersion(headerVersion)) return { kind: "legacy", version: headerVersion };
  if (isModernVersion(headerVersion)) {
    if (!isRequest) return { kind: "modern", version: headerVersion };
    const missing = [PROTOCOL_VERSION_META_KEY];
    if (!meta || !(CLIENT_CAPABILITIES_META_KEY in meta)) {
      missing.push(CLIENT_CAPABILITIES_META_KEY);
    }
    return invalidParams(
      `requests under protocol version ${headerVersion} need params._meta with ` +
        `${missing.join(" and ")} (missing)`,
    );
  }
  return unsupported(headerVersion);
}

function envelopeProblem(meta: Record<string, unknown>): string | undefined {
  if (!(CLIENT_CAPABILITIES_META_KEY in meta)) {
    return `missing _meta key ${CLIENT_CAPABILITIES_META_KEY} (use {} for none)`;
  }
  if (!isJsonObject(meta[CLIENT_CAPABILITIES_META_KEY])) {
    return `_meta ${CLIENT_CAPABILITIES_META_KEY} must be an object`;
  }
  const info = meta[CLIENT_INFO_META_KEY];
  if (info === undefined) return undefined;
  if (!isJsonObject(info) || typeof info.name !== "string" || typeof info.version !== "string") {
    return `_meta ${CLIENT_INFO_META_KEY} must be an object with string name and version`;
  }
  return undefined;
}
