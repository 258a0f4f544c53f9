/**
 * The MCP protocol revisions this server speaks, how a revision changes behaviour, and the
 * capabilities it declares: facts the MCP runtime (`routes/mcp/`, which hands them to the SDK)
 * and the discovery files share. The SDK negotiates initialize within this list.
 */

import { VIEWS_EXTENSION_ID } from "../app_views.ts";

/**
 * The capabilities initialize declares (docs/mcp.md, "Views in the answer"): the tools, a list
 * that never changes; resources, because `resources/read` serves the MCP Apps views the tools
 * name (the list stays empty: a view is found through its tool); and the views' extension.
 */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  extensions: { [VIEWS_EXTENSION_ID]: {} },
} as const;

/**
 * Every revision served, newest first: the stateless 2026-07-28 (per-request `_meta`, no
 * handshake), then the handshake era, the seed's three plus 2025-11-25. Initialize falls back to
 * the first handshake-era one.
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
 * Whether arguments that fail the input schema are reported as a tool result with
 * `isError: true` (2025-11-25 and later, SEP-1303: so the model can correct itself) rather than
 * as a JSON-RPC -32602 error (earlier revisions, and the seed's contract for them).
 */
export function reportsInvalidArgumentsAsResult(version: string): boolean {
  return version >= "2025-11-25";
}
