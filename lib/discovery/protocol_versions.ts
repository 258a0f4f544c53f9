/**
 * The MCP protocol revisions this server speaks, how a revision changes behaviour, and the
 * capabilities it declares: facts the MCP runtime (`routes/mcp/`) and the discovery files share.
 */

/** The capabilities initialize declares: tools, a list that never changes. */
export const SERVER_CAPABILITIES = { tools: { listChanged: false } } as const;

/** Revisions with per-request `_meta` instead of an initialize handshake (stateless era). */
const MODERN_PROTOCOL_VERSIONS = ["2026-07-28"] as const;

/** Handshake-era revisions, newest first. The seed's three plus 2025-11-25. */
const LEGACY_PROTOCOL_VERSIONS = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
] as const;

/** Every revision served, newest first (server/discover `supportedVersions`). */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  ...MODERN_PROTOCOL_VERSIONS,
  ...LEGACY_PROTOCOL_VERSIONS,
];

/**
 * What initialize answers when the client asks for a revision we do not speak: the newest one
 * with an initialize handshake (2026-07-28 has none), as the lifecycle spec asks for "the latest
 * version the server supports" that the client can then accept or refuse.
 */
const FALLBACK_PROTOCOL_VERSION = LEGACY_PROTOCOL_VERSIONS[0];

/**
 * The revision assumed for a request without an MCP-Protocol-Version header: the transport
 * spec says to assume 2025-03-26, the last revision that did not define the header.
 */
export const HEADERLESS_PROTOCOL_VERSION = "2025-03-26";

/** True for a revision of the stateless era that this server implements. */
export function isModernVersion(version: string): boolean {
  return (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/** True for a handshake-era revision that this server implements. */
export function isLegacyVersion(version: string): boolean {
  return (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/** The revision initialize answers: the client's own when we speak it, else the fallback. */
export function negotiateInitializeVersion(requested: unknown): string {
  return typeof requested === "string" && isLegacyVersion(requested)
    ? requested
    : FALLBACK_PROTOCOL_VERSION;
}

/**
 * Whether arguments that fail the input schema are reported as a tool result with
 * `isError: true` (2025-11-25 and later, SEP-1303: so the model can correct itself) rather than
 * as a JSON-RPC -32602 error (earlier revisions, and the seed's contract for them).
 */
export function reportsInvalidArgumentsAsResult(version: string): boolean {
  return version >= "2025-11-25";
}
