/** The JSON description `GET /mcp` returns to people and crawlers that open the endpoint. */
import type { ResolvedOptions } from "./options.ts";
import {
  SERVER_CAPABILITIES,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../lib/discovery/protocol_versions.ts";

/** Describes the server: identity, endpoint, transport, revisions, tool names and doc links. */
export function describeServer(options: ResolvedOptions): Record<string, unknown> {
  const { name, title, version, description, websiteUrl } = options.serverInfo;
  return {
    name,
    title,
    version,
    description,
    websiteUrl,
    endpoint: options.endpointUrl,
    transport: "streamable-http",
    stateless: true,
    usage: "POST JSON-RPC 2.0 messages here (Content-Type: application/json). " +
      "No session, no login, no API key. There is no server-initiated SSE stream.",
    protocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    capabilities: SERVER_CAPABILITIES,
    tools: options.tools.map((tool) => tool.name),
    docs: options.docLinks,
  };
}
