/** Who the server says it is, in every discovery file and in `server.json`. */
import { SUPPORTED_PROTOCOL_VERSIONS } from "./protocol_versions.ts";
import type { ToolInfo } from "../tool_info.ts";

/**
 * The identity this edition ships with: name, version and protocol support shared by the cards,
 * OpenAPI, the MCP `serverInfo` and the registry entry.
 */
export const SERVER_IDENTITY = {
  /** Reverse-DNS name for the MCP registry and server cards (exactly one `/`). */
  registryName: "io.github.papertrade-explorer/papertrade-explorer",
  /** Short machine name, as in the MCP `serverInfo.name`. */
  name: "papertrade-explorer",
  title: "Papertrade Explorer",
  /** Semantic version of this edition. */
  version: "0.1.0",
  /** One line, at most 100 characters (the registry's limit). */
  description:
    "Read-only lookups of Papertrade wallets, positions, intents and settlements on HyperEVM.",
  /** MCP protocol revisions the `/mcp` endpoint accepts, newest first. */
  protocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
};

export const SERVER_CARD_MEDIA_TYPE = "application/mcp-server-card+json";

/** Path of the SEP-2127 server card: the MCP endpoint plus `/server-card`. */
export const SERVER_CARD_PATH = "/mcp/server-card";

/** Options every discovery generator takes: the canonical site URL and the tool list. */
export interface DiscoveryOptions {
  /** Canonical origin, without a trailing slash (config `SITE_URL`). */
  siteUrl: string;
  tools: readonly ToolInfo[];
}
