/**
 * MCP server cards, in two shapes because the proposal moved while clients did not: the SEP-2127
 * card (extension `experimental-ext-server-card`; identity and transport only) at the draft's
 * `<streamable-http-url>/server-card`, listed in `/.well-known/mcp/catalog.json`; and the older
 * `/.well-known/mcp/server-card.json` (alias `/.well-known/mcp.json`) that registries and
 * crawlers probe: the same plus `serverInfo`, `transport`, `capabilities` and every tool.
 */
import { SERVER_CAPABILITIES } from "./protocol_versions.ts";
import {
  type DiscoveryOptions,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_PATH,
  SERVER_IDENTITY as server,
} from "./server_identity.ts";
import { siteLink } from "../site_link.ts";
import { type JsonSchema, type ToolInfo, toolJsonSchemas } from "../tool_info.ts";
import {
  toolUiMeta,
  VIEW_CLIENTS,
  VIEWS,
  VIEWS_EXTENSION_ID,
  viewsSentence,
} from "../app_views.ts";

/** `$schema` of the SEP-2127 card (the v1 family the draft and most implementations use). */
const SERVER_CARD_SCHEMA =
  "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";

/** The SEP-2127 card: identity, transport and protocol versions, no primitives. */
export function buildServerCard(options: DiscoveryOptions): JsonSchema {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: server.registryName,
    title: server.title,
    description: server.description,
    version: server.version,
    websiteUrl: siteLink(options.siteUrl, "/docs/"),
    remotes: [{
      type: "streamable-http",
      url: siteLink(options.siteUrl, "/mcp"),
      supportedProtocolVersions: [...server.protocolVersions],
    }],
  };
}

/** The well-known card: the SEP-2127 fields plus the older keys and every tool. */
export function buildWellKnownServerCard(options: DiscoveryOptions): JsonSchema {
  const { $schema: _schema, ...card } = buildServerCard(options);
  const endpoint = siteLink(options.siteUrl, "/mcp");
  return {
    ...card,
    serverInfo: { name: server.name, title: server.title, version: server.version },
    protocolVersion: server.protocolVersions[0],
    transport: { type: "streamable-http", url: endpoint },
    capabilities: SERVER_CAPABILITIES,
    authentication: { required: false, schemes: [] },
    documentation: siteLink(options.siteUrl, "/docs/mcp"),
    tools: options.tools.map(toolEntry),
    // The MCP Apps views: which tools have one, and which clients render them.
    extensions: {
      [VIEWS_EXTENSION_ID]: {
        description: viewsSentence(),
        renderedBy: [...VIEW_CLIENTS],
        views: VIEWS.map(({ tool, uri, title }) => ({ tool, uri, title })),
      },
    },
  };
}

/** A tool as the card lists it; `tools/list` adds the title to its annotations. */
export function toolEntry(tool: ToolInfo) {
  const { input: inputSchema, output: outputSchema } = toolJsonSchemas(tool);
  const { name, title, description } = tool;
  const _meta = toolUiMeta(name);
  const entry = { name, title, description, inputSchema, outputSchema };
  return { ...entry, annotations: { ...tool.annotations }, ...(_meta && { _meta }) };
}

/** The MCP catalog (`/.well-known/mcp/catalog.json`) pointing at the SEP-2127 card. */
export function buildMcpCatalog(options: DiscoveryOptions): JsonSchema {
  // Without SITE_URL (links root-relative) the identifier falls back to the server's name.
  const host = URL.canParse(options.siteUrl) ? new URL(options.siteUrl).hostname : "unconfigured";
  const shortName = server.registryName.split("/")[1];
  return {
    specVersion: "draft",
    entries: [{
      identifier: `urn:air:${host}:${shortName}`,
      displayName: server.title,
      type: SERVER_CARD_MEDIA_TYPE,
      url: siteLink(options.siteUrl, SERVER_CARD_PATH),
    }],
  };
}
