/** The MCP revisions served and capabilities declared, shared by `routes/mcp/` and discovery. */
import { VIEWS_EXTENSION_ID } from "../app_views.ts";

/**
 * Initialize's capabilities (docs/mcp.md, "Views in the answer"): tools, a fixed list; resources,
 * since `resources/read` serves the views the tools name (the list stays empty); the extension.
 */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  extensions: { [VIEWS_EXTENSION_ID]: {} },
} as const;

/**
 * Newest first: the stateless 2026-07-28 (no handshake), then the handshake era (the seed's three
 * plus 2025-11-25); the SDK negotiates initialize within it, falling back to 2025-11-25.
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  "2026-07-28",
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
];

/**
 * The revision assumed for a request without an MCP-Protocol-Version header: the transport
 * spec says to assume 2025-03-26, the last revision that did not define the header.
 */
export const HEADERLESS_PROTOCOL_VERSION = "2025-03-26";

/**
 * Arguments off the input schema are an `isError` result from 2025-11-25 (SEP-1303: the model
 * can correct itself), a JSON-RPC -32602 before (the seed's contract for those revisions).
 */
export function reportsInvalidArgumentsAsResult(version: string): boolean {
  return version >= "2025-11-25";
}
