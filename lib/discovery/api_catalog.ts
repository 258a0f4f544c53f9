/**
 * RFC 9727 API catalog (an RFC 9264 linkset) of the REST tool mirror and the MCP endpoint. Each
 * API is named by its own URL, as RFC 9727's examples do, and both answer GET (`/mcp` its JSON
 * description, `/api/tools` {@link buildRestIndex}); naming the REST API by its OpenAPI file
 * would make that file its own `service-desc`.
 */
import {
  type DiscoveryOptions,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_PATH,
} from "./server_identity.ts";
import { siteLink } from "../site_link.ts";
import type { JsonSchema } from "../tool_info.ts";

/** Content type RFC 9727 gives the catalog document. */
export const API_CATALOG_CONTENT_TYPE =
  'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

export const OPENAPI_MEDIA_TYPE = "application/vnd.oai.openapi+json;version=3.1";

export function buildApiCatalog(options: DiscoveryOptions): JsonSchema {
  const at = (path: string) => siteLink(options.siteUrl, path);
  return {
    linkset: [
      {
        anchor: at("/.well-known/api-catalog"),
        item: [{ href: at("/api/tools") }, { href: at("/mcp") }],
      },
      {
        anchor: at("/api/tools"),
        "service-desc": [{ href: at("/openapi.json"), type: OPENAPI_MEDIA_TYPE }],
        "service-doc": [
          { href: at("/docs/reference"), type: "text/html" },
          { href: at("/llms.txt"), type: "text/plain" },
        ],
      },
      {
        anchor: at("/mcp"),
        "service-desc": [
          { href: at(SERVER_CARD_PATH), type: SERVER_CARD_MEDIA_TYPE },
          { href: at("/.well-known/mcp/server-card.json"), type: "application/json" },
        ],
        "service-doc": [{ href: at("/docs/mcp"), type: "text/html" }],
      },
    ],
  };
}

/** `GET /api/tools`, the REST mirror's root: one operation per tool, and its descriptions. */
export function buildRestIndex(options: DiscoveryOptions): JsonSchema {
  const at = (path: string) => siteLink(options.siteUrl, path);
  return {
    description: "The REST mirror of the MCP tools: POST a JSON object of arguments to a " +
      "tool's url; the answer is its structured result. Read-only, no key.",
    "service-desc": at("/openapi.json"),
    "service-doc": at("/docs/reference"),
    tools: options.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      method: "POST",
      url: at(`/api/tools/${tool.name}`),
    })),
  };
}

/** The home page's `Link` header: the OpenAPI file, API catalog, MCP endpoint and docs. */
export function discoveryLinkHeader(siteUrl: string): string {
  const at = (path: string) => siteLink(siteUrl, path);
  return [
    `<${at("/openapi.json")}>; rel="service-desc"; type="${OPENAPI_MEDIA_TYPE}"`,
    `<${at("/.well-known/api-catalog")}>; rel="api-catalog"`,
    `<${at("/mcp")}>; rel="mcp"`,
    `<${at("/docs/")}>; rel="service-doc"`,
  ].join(", ");
}
