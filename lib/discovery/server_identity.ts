/** Who the server says it is, in every discovery file and in `server.json`. */
import { SUPPORTED_PROTOCOL_VERSIONS } from "./protocol_versions.ts";
import type { ToolInfo } from "../tool_info.ts";

/** Name, version and protocol support shared by the cards, OpenAPI and the registry entry. */
export interface ServerIdentity {
  /** Reverse-DNS name for the MCP registry and server cards (exactly one `/`). */
  registryName: string;
  /** Short machine name, as in the MCP `serverInfo.name`. */
  name: string;
  title: string;
  /** Semantic version of this edition. */
  version: string;
  /** One line, at most 100 characters (the registry's limit). */
  description: string;
  /** MCP protocol revisions the `/mcp` endpoint accepts, newest first. */
  protocolVersions: readonly string[];
}

/** The identity this edition ships with. The MCP route should report the same name and version. */
export const SERVER_IDENTITY: ServerIdentity = {
  registryName: "io.github.papertrade-explorer/papertrade-explorer",
  name: "papertrade-explorer",
  title: "Papertrade Explorer",
  version: "0.1.0",
  description:
    "Read-only lookups of Papertrade wallets, positions, intents and settlements on HyperEVM.",
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
