/**
 * A2A agent card (0.3), one skill per tool, for A2A-aware directories: the explorer runs no A2A
 * tasks; `url` is the MCP endpoint that serves the skills (docs: Agent discovery).
 */
import { type DiscoveryOptions, SERVER_IDENTITY as server } from "./server_identity.ts";
import { siteLink } from "../site_link.ts";
import { exampleArguments, type JsonSchema, type ToolInfo } from "../tool_info.ts";
import { VIEW_CLIENTS, VIEWS, VIEWS_EXTENSION_ID, viewsSentence } from "../app_views.ts";

/** The A2A protocol revision whose AgentCard fields this card fills. */
export const A2A_PROTOCOL_VERSION = "0.3.0";

export function buildAgentCard(options: DiscoveryOptions): JsonSchema {
  return {
    protocolVersion: A2A_PROTOCOL_VERSION,
    name: server.title,
    description: `${server.description} Unofficial; every skill is a read-only lookup, ` +
      "reachable over MCP at the url below or as POST /api/tools/{skill id}.",
    url: siteLink(options.siteUrl, "/mcp"),
    version: server.version,
    documentationUrl: siteLink(options.siteUrl, "/docs/agent-discovery"),
    provider: { organization: `${server.title} (unofficial)`, url: siteLink(options.siteUrl, "/") },
    capabilities: {
      streaming: false,
      pushNotifications: false,
      stateTransitionHistory: false,
      // A2A's place for an optional extension: the MCP Apps views of four skills.
      extensions: [{
        uri: "https://github.com/modelcontextprotocol/ext-apps",
        description: viewsSentence(),
        required: false,
        params: {
          extension: VIEWS_EXTENSION_ID,
          renderedBy: [...VIEW_CLIENTS],
          views: Object.fromEntries(VIEWS.map((view) => [view.tool, view.uri])),
        },
      }],
    },
    defaultInputModes: ["application/json"],
    defaultOutputModes: ["application/json", "text/plain"],
    skills: options.tools.map((tool) => ({
      id: tool.name,
      name: tool.title,
      description: tool.description,
      tags: VIEWS.some((view) => view.tool === tool.name)
        ? [...skillTags(tool), "mcp-app-view"]
        : skillTags(tool),
      examples: [`${tool.name} ${JSON.stringify(exampleArguments(tool))}`],
      inputModes: ["application/json"],
      outputModes: ["application/json", "text/plain"],
    })),
  };
}

function skillTags(tool: ToolInfo): string[] {
  const words = tool.name.split("_").filter((word) => word !== "get" && word !== "");
  const tags = ["papertrade", "hyperevm", ...words];
  if (tool.annotations.readOnlyHint === true) tags.push("read-only");
  return [...new Set(tags)];
}
