/**
 * Discovery files for agents, crawlers and registries. Each is generated from the tool list and
 * the one site URL on first request, then served from memory with an ETag; `If-None-Match`
 * answers 304. All are public, cacheable for five minutes and readable cross-origin.
 */
import { type Context, Hono } from "hono";
import { buildAgentCard } from "../lib/discovery/agent_card.ts";
import { API_CATALOG_CONTENT_TYPE, buildApiCatalog } from "../lib/discovery/api_catalog.ts";
import { buildLlmsFullTxt, buildLlmsTxt } from "../lib/discovery/llms_txt.ts";
import { buildOpenApi } from "../lib/discovery/openapi.ts";
import {
  buildMcpCatalog,
  buildServerCard,
  buildWellKnownServerCard,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_PATH,
} from "../lib/discovery/server_card.ts";
import {
  SERVER_IDENTITY,
  type ServerIdentity,
  siteLink,
} from "../lib/discovery/server_identity.ts";
import { buildRobotsTxt, buildSecurityTxt, buildSitemapXml } from "../lib/discovery/text_files.ts";
import type { ToolInfo } from "../lib/discovery/tool_info.ts";
import { createDocsSite, type DocsSite } from "../lib/docs/site.ts";

/** Options of {@link discoveryRoutes}. */
export interface DiscoveryRoutesOptions {
  siteUrl: string;
  tools: readonly ToolInfo[];
  server?: ServerIdentity;
  /** The docs (for llms.txt and llms-full.txt); share the docs routes' instance. */
  site?: DocsSite;
  /** Clock in ms, for security.txt's Expires. */
  now?: () => number;
}

const JSON_TYPE = "application/json; charset=utf-8";
const TEXT_TYPE = "text/plain; charset=utf-8";

interface Served {
  /** Encoded once, so a cached file costs no per-request encoding. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** The discovery routes as a Hono sub-app, to mount at the root. */
export function discoveryRoutes(options: DiscoveryRoutesOptions): Hono {
  const site = options.site ?? createDocsSite(options);
  const generatorOptions = {
    siteUrl: options.siteUrl,
    tools: options.tools,
    server: options.server ?? SERVER_IDENTITY,
  };
  const now = options.now ?? Date.now;
  const cache = new Map<string, Promise<Served>>();
  const app = new Hono();

  function serve(key: string, contentType: string, build: () => Promise<string> | string) {
    return async (c: Context) => {
      let served = cache.get(key);
      if (!served) {
        served = Promise.resolve().then(build).then(withEtag);
        cache.set(key, served);
        served.catch(() => cache.delete(key));
      }
      return respond(c, await served, contentType);
    };
  }
  const json = (value: () => unknown) => () => JSON.stringify(value(), null, 2) + "\n";

  app.get("/openapi.json", serve("openapi", JSON_TYPE, json(() => buildOpenApi(generatorOptions))));
  app.get("/llms.txt", serve("llms", TEXT_TYPE, () => buildLlmsTxt({ ...generatorOptions, site })));
  app.get(
    "/llms-full.txt",
    serve("llms-full", TEXT_TYPE, () => buildLlmsFullTxt(site, generatorOptions.server)),
  );
  const wellKnownCard = serve(
    "mcp-card",
    JSON_TYPE,
    json(() => buildWellKnownServerCard(generatorOptions)),
  );
  app.get("/.well-known/mcp/server-card.json", wellKnownCard);
  app.get("/.well-known/mcp.json", wellKnownCard);
  app.get(
    SERVER_CARD_PATH,
    serve("sep-card", SERVER_CARD_MEDIA_TYPE, json(() => buildServerCard(generatorOptions))),
  );
  app.get(
    "/.well-known/mcp/catalog.json",
    serve("mcp-catalog", JSON_TYPE, json(() => buildMcpCatalog(generatorOptions))),
  );
  const agentCard = serve("agent-card", JSON_TYPE, json(() => buildAgentCard(generatorOptions)));
  app.get("/.well-known/agent-card.json", agentCard);
  app.get("/.well-known/agent.json", agentCard);
  app.get("/.well-known/api-catalog", async (c) => {
    const response = await serve(
      "api-catalog",
      API_CATALOG_CONTENT_TYPE,
      json(() => buildApiCatalog(generatorOptions)),
    )(c);
    // RFC 9727: the catalog also names itself in a Link header, which HEAD requests rely on.
    response.headers.set(
      "Link",
      `<${siteLink(options.siteUrl, "/.well-known/api-catalog")}>; rel="api-catalog"`,
    );
    return response;
  });
  app.get("/robots.txt", serve("robots", TEXT_TYPE, () => buildRobotsTxt(options.siteUrl)));
  app.get(
    "/sitemap.xml",
    serve(
      "sitemap",
      "application/xml; charset=utf-8",
      () => buildSitemapXml(options.siteUrl, site.pages),
    ),
  );
  let securityKey = "";
  app.get("/.well-known/security.txt", (c) => {
    // Expires moves once a day; keep only the current day's file.
    const key = `security:${Math.floor(now() / 86_400_000)}`;
    if (key !== securityKey) cache.delete(securityKey);
    securityKey = key;
    return serve(key, TEXT_TYPE, () => buildSecurityTxt(options.siteUrl, now()))(c);
  });
  return app;
}

async function withEtag(text: string): Promise<Served> {
  const body = new TextEncoder().encode(text);
  const digest = await crypto.subtle.digest("SHA-256", body);
  const hex = Array.from(
    new Uint8Array(digest).slice(0, 12),
    (byte) => byte.toString(16).padStart(2, "0"),
  ).join("");
  return { body, etag: `"${hex}"` };
}

function respond(c: Context, served: Served, contentType: string): Response {
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Cache-Control": "public, max-age=300",
    "ETag": served.etag,
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
  };
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === served.etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(served.body, 200, headers);
}
