/**
 * Discovery files for agents, crawlers and registries, generated on first request (the tools and
 * docs load then, not with the app) and served from memory with an ETag (the app's `etag`
 * middleware answers 304); public, cached five minutes, readable cross-origin.
 */
import { Hono } from "hono";
import { API_CATALOG_CONTENT_TYPE, buildApiCatalog } from "../lib/discovery/api_catalog.ts";
import { SERVER_CARD_MEDIA_TYPE, SERVER_CARD_PATH } from "../lib/discovery/server_identity.ts";
import { siteLink } from "../lib/site_link.ts";
import { buildRobotsTxt, buildSecurityTxt, buildSitemapXml } from "../lib/discovery/text_files.ts";
import type { ToolInfo } from "../lib/tool_info.ts";
import { DOCS_PAGES } from "../lib/docs/pages.ts";
import type { DocsSite } from "../lib/docs/site.ts";
import { lazyImport } from "../lib/http/app_env.ts";

/** A value, or how to load it on the first request that needs it. */
type Loader<T> = T | (() => Promise<T>);

export interface DiscoveryRoutesOptions {
  siteUrl: string;
  tools: Loader<readonly ToolInfo[]>;
  /** The docs (for llms.txt and llms-full.txt); share the docs routes' instance. */
  site: Loader<DocsSite>;
  /** Clock in ms, for security.txt's Expires. */
  now?: () => number;
}

const JSON_TYPE = "application/json; charset=utf-8";
const TEXT_TYPE = "text/plain; charset=utf-8";
// The generators that convert the tools' schemas (zod) and render the docs load on first use.
type Generators = typeof import("../lib/discovery/generators.ts");
const generators = lazyImport<Generators>(
  new URL("../lib/discovery/generators.ts", import.meta.url),
);

interface Served {
  /** Encoded once, so a cached file costs no per-request encoding. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** The discovery routes, to mount at the root. */
export function discoveryRoutes(options: DiscoveryRoutesOptions): Hono {
  const { siteUrl } = options;
  const load = <T>(value: Loader<T>) =>
    typeof value === "function" ? (value as () => Promise<T>)() : Promise.resolve(value);
  const generated = async () => ({ siteUrl, tools: await load(options.tools) });
  const site = () => load(options.site);
  const now = options.now ?? Date.now;
  const cache = new Map<string, Promise<Served>>();
  const app = new Hono();

  function serve(key: string, contentType: string, build: () => Promise<string> | string) {
    let served = cache.get(key);
    if (!served) {
      served = Promise.resolve().then(build).then(withEtag);
      cache.set(key, served);
      served.catch(() => cache.delete(key));
    }
    return served.then(({ body, etag }) =>
      new Response(body, {
        headers: {
          "Content-Type": contentType,
          "Cache-Control": "public, max-age=300",
          "ETag": etag,
          "Access-Control-Allow-Origin": "*",
          "X-Content-Type-Options": "nosniff",
        },
      })
    );
  }
  type Generated = Awaited<ReturnType<typeof generated>>;
  const json = (build: (from: Generated) => unknown | Promise<unknown>) => async () =>
    JSON.stringify(await build(await generated()), null, 2) + "\n";
  // A JSON file of the lazy generators, by its builder's name.
  const generate = (name: Exclude<keyof Generators, "buildLlmsTxt" | "buildLlmsFullTxt">) =>
    json(async (from) => (await generators())[name](from));
  // Each file's content type and how to build it; the cache keys on the path.
  const FILES: Record<string, [string, () => Promise<string> | string]> = {
    "/openapi.json": [JSON_TYPE, generate("buildOpenApi")],
    "/llms.txt": [
      TEXT_TYPE,
      async () => (await generators()).buildLlmsTxt({ ...await generated(), site: await site() }),
    ],
    "/llms-full.txt": [TEXT_TYPE, async () => (await generators()).buildLlmsFullTxt(await site())],
    "/.well-known/mcp/server-card.json": [JSON_TYPE, generate("buildWellKnownServerCard")],
    [SERVER_CARD_PATH]: [SERVER_CARD_MEDIA_TYPE, generate("buildServerCard")],
    "/.well-known/mcp/catalog.json": [JSON_TYPE, generate("buildMcpCatalog")],
    "/.well-known/agent-card.json": [JSON_TYPE, generate("buildAgentCard")],
    "/robots.txt": [TEXT_TYPE, () => buildRobotsTxt(siteUrl)],
    "/sitemap.xml": ["application/xml; charset=utf-8", () => buildSitemapXml(siteUrl, DOCS_PAGES)],
  };
  const ALIASES: Record<string, string> = {
    "/.well-known/mcp.json": "/.well-known/mcp/server-card.json",
    "/.well-known/agent.json": "/.well-known/agent-card.json",
  };
  for (const path of [...Object.keys(FILES), ...Object.keys(ALIASES)]) {
    const file = ALIASES[path] ?? path;
    app.get(path, () => serve(file, ...FILES[file]));
  }
  app.get("/.well-known/api-catalog", async () => {
    const response = await serve("api-catalog", API_CATALOG_CONTENT_TYPE, json(buildApiCatalog));
    // RFC 9727: the catalog also names itself in a Link header, which HEAD requests rely on.
    response.headers.set(
      "Link",
      `<${siteLink(siteUrl, "/.well-known/api-catalog")}>; rel="api-catalog"`,
    );
    return response;
  });
  let securityKey = "";
  app.get("/.well-known/security.txt", () => {
    // Expires moves once a day; keep only the current day's file.
    const key = `security:${Math.floor(now() / 86_400_000)}`;
    if (key !== securityKey) cache.delete(securityKey);
    securityKey = key;
    return serve(key, TEXT_TYPE, () => buildSecurityTxt(siteUrl, now()));
  });
  return app;
}

/** The encoded file and its ETag: the first 12 bytes of its SHA-256, in hex. */
async function withEtag(text: string): Promise<Served> {
  const body = new TextEncoder().encode(text);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return { body, etag: `"${digest.slice(0, 12).toHex()}"` };
}
