/**
 * What the MCP endpoint says about itself: identity, instructions and the doc links `GET /mcp`
 * lists. Name and version come from the discovery identity, so the cards, OpenAPI, server.json
 * and the MCP `serverInfo` can never disagree.
 */
import { SERVER_IDENTITY, siteLink } from "./discovery/server_identity.ts";
import { SERVER_INSTRUCTIONS, type ServerInfo } from "./mcp/mod.ts";

/** The MCP `instructions` (the untrusted-data warning lives there). */
export const MCP_INSTRUCTIONS: string = SERVER_INSTRUCTIONS;

/** Root-relative paths of the pages a client of `/mcp` may want next. */
export const MCP_DOC_PATHS: Readonly<Record<string, string>> = {
  mcp: "/docs/mcp",
  connect: "/docs/connect-your-ai",
  reference: "/docs/reference",
  limits: "/docs/security-and-limits",
  openapi: "/openapi.json",
  serverCard: "/.well-known/mcp/server-card.json",
  llms: "/llms.txt",
};

/** The MCP `serverInfo` (an `Implementation`) for a site served at `siteUrl`. */
export function mcpServerInfo(siteUrl: string): ServerInfo {
  return {
    name: SERVER_IDENTITY.name,
    title: SERVER_IDENTITY.title,
    version: SERVER_IDENTITY.version,
    description: SERVER_IDENTITY.description,
    websiteUrl: siteLink(siteUrl, "/"),
  };
}

/** The doc links of `GET /mcp`, absolute against `siteUrl`. */
export function mcpDocLinks(siteUrl: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(MCP_DOC_PATHS).map(([name, path]) => [name, siteLink(siteUrl, path)]),
  );
}
