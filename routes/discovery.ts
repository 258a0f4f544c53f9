/**
 * Discovery files for agents, crawlers and registries. Each is generated from the tool list and
 * the one site URL on first request (its generator, the registry and the docs imported then),
 * then served from memory with its ETag; the app's `etag` middleware answers `If-None-Match`
 * with 304. All are public, cacheable for five minutes and readable cross-origin.
 */
import { Hono } from "hono";
import { API_CATALOG_CONTENT_TYPE } from "../lib/discovery/api_catalog.ts";
import { SERVER_CARD_MEDIA_TYPE, SERVER_CARD_PATH } from "../lib/discovery/server_card.ts";
import {
  SERVER_IDENTITY,
  type ServerIdentity,
  siteLink,
} from "../lib/discovery/server_identity.ts";
import { buildRobotsTxt, buildSecurityTxt, buildSitemapXml } from "../lib/discovery/text_files.ts";
import type { ToolInfo } from "../lib/discovery/tool_info.ts";
import { DOCS_PAGES } from "../lib/docs/pages.ts";
import type { DocsSite } from "../lib/docs/site.ts";

type Loader<T> = T | (() => Promise<T>);

/** Options of {@link discoveryRoutes}. */
export interface DiscoveryRoutesOptions {
  siteUrl: string;
  /** The tools, or how to load them on the first file that lists them. */
  tools: Loader<readonly ToolInfo[]>;
  server?: ServerIdentity;
  /** The docs (for llms.txt and llms-full.txt); share the docs routes' instance. */
  site?: Loader<DocsSite>;
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

/** The discovery routes, to mount at the root. */
export function discoveryRoutes(options: DiscoveryRoutesOptions): Hono {
  const { siteUrl } = options;
  const server = options.server ?? SERVER_IDENTITY;
  const load = <T>(value: Loader<T>) =>
    typeof value === "function" ? (value as () => Promise<T>)() : Promise.resolve(value);
  const generated = async () => ({ siteUrl, server, tools: await load(options.tools) });
  const site = async () =>
    options.site === undefined
      ? (await import("../lib/docs/site.ts")).createDocsSite({
        siteUrl,
        tools: await load(options.tools),
      })
      : load(options.site);
  const now = options.now ?? Date.now;
  const cache = new Map<string, Promise<Served>>();
  const app = new Hono();

  function serve(key: string, contentType: string, build: () => Promise<string> | string) {
    return async () => {
      let served = cache.get(key);
      if (!served) {
        served = Promise.resolve().then(build).then(withEtag);
        cache.set(key, served);
        served.catch(() => cache.delete(key));
      }
      const { body, etag } = await served;
      return new Response(body, {
        headers: {
          "Content-Type": contentType,
          "Cache-Control": "public, max-age=300",
          "ETag": etag,
          "Access-Control-Allow-Origin": "*",
          "X-Content-Type-Options": "nosniff",
        },
      });
    };
  }
  const json = (value: () => Promise<unknown>) => async () =>
    JSON.stringify(await value(), null, 2) + "\n";
  const cards = () => import("../lib/discovery/server_card.ts");

  app.get(
    "/openapi.json",
    serve(
      "openapi",
      JSON_TYPE,
      json(async () =>
        (await import("../lib/discovery/openapi.ts")).buildOpenApi(await generated())
      ),
    ),
  );
  app.get(
    "/llms.txt",
    serve(
      "llms",
      TEXT_TYPE,
      async () =>
        (await import("../lib/discovery/llms_txt.ts")).buildLlmsTxt({
          ...await generated(),
          site: await site(),
        }),
    ),
  );
  app.get(
    "/llms-full.txt",
    serve(
      "llms-full",
      TEXT_TYPE,
      async () =>
        (await import("../lib/discovery/llms_txt.ts")).buildLlmsFullTxt(await site(), server),
    ),
  );
  const wellKnownCard = serve(
    "mcp-card",
    JSON_TYPE,
    json(async () => (await cards()).buildWellKnownServerCard(await generated())),
  );
  app.get("/.well-known/mcp/server-card.json", wellKnownCard);
  app.get("/.well-known/mcp.json", wellKnownCard);
  app.get(
    SERVER_CARD_PATH,
    serve(
      "sep-card",
      SERVER_CARD_MEDIA_TYPE,
      json(async () => (await cards()).buildServerCard(await generated())),
    ),
  );
  app.get(
    "/.well-known/mcp/catalog.json",
    serve(
      "mcp-catalog",
      JSON_TYPE,
      json(async () => (await cards()).buildMcpCatalog(await generated())),
    ),
  );
  const agentCard = serve(
    "agent-card",
    JSON_TYPE,
    json(async () =>
      (await import("../lib/discovery/agent_card.ts")).buildAgentCard(await generated())
    ),
  );
  app.get("/.well-known/agent-card.json", agentCard);
  app.get("/.well-known/agent.json", agentCard);
  const apiCatalog = serve(
    "api-catalog",
    API_CATALOG_CONTENT_TYPE,
    json(async () =>
      (await import("../lib/discovery/api_catalog.ts")).buildApiCatalog(await generated())
    ),
  );
  app.get("/.well-known/api-catalog", async () => {
    const response = await apiCatalog();
    // RFC 9727: the catalog also names itself in a Link header, which HEAD requests rely on.
    response.headers.set(
      "Link",
      `<${siteLink(siteUrl, "/.well-known/api-catalog")}>; rel="api-catalog"`,
    );
    return response;
  });
  app.get("/robots.txt", serve("robots", TEXT_TYPE, () => buildRobotsTxt(siteUrl)));
  app.get(
    "/sitemap.xml",
    serve("sitemap", "application/xml; charset=utf-8", () => buildSitemapXml(siteUrl, DOCS_PAGES)),
  );
  let securityKey = "";
  app.get("/.well-known/security.txt", () => {
    // Expires moves once a day; keep only the current day's file.
    const key = `security:${Math.floor(now() / 86_400_000)}`;
    if (key !== securityKey) cache.delete(securityKey);
    securityKey = key;
    return serve(key, TEXT_TYPE, () => buildSecurityTxt(siteUrl, now()))();
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
