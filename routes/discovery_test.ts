import assert from "node:assert/strict";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { SAMPLE_TOOLS } from "../tests/support/sample_tools.ts";
import { createDocsSite } from "../lib/docs/site.ts";
import { discoveryRoutes } from "./discovery.ts";

const NOW = Date.UTC(2026, 9, 12, 12, 0);

function buildApp(siteUrl = "https://disc-a.example") {
  const site = createDocsSite({ siteUrl, tools: SAMPLE_TOOLS });
  // As the app mounts it: its `etag` middleware answers If-None-Match for these files.
  const app = new Hono().use(etag());
  app.route("/", discoveryRoutes({ siteUrl, tools: SAMPLE_TOOLS, site, now: () => NOW }));
  return app;
}

const FILES: Array<[string, string]> = [
  ["/openapi.json", "application/json; charset=utf-8"],
  ["/llms.txt", "text/plain; charset=utf-8"],
  ["/llms-full.txt", "text/plain; charset=utf-8"],
  ["/.well-known/mcp/server-card.json", "application/json; charset=utf-8"],
  ["/.well-known/mcp.json", "application/json; charset=utf-8"],
  ["/mcp/server-card", "application/mcp-server-card+json"],
  ["/.well-known/mcp/catalog.json", "application/json; charset=utf-8"],
  ["/.well-known/agent-card.json", "application/json; charset=utf-8"],
  ["/.well-known/agent.json", "application/json; charset=utf-8"],
  [
    "/.well-known/api-catalog",
    'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  ],
  ["/robots.txt", "text/plain; charset=utf-8"],
  ["/sitemap.xml", "application/xml; charset=utf-8"],
  ["/.well-known/security.txt", "text/plain; charset=utf-8"],
];

Deno.test("every discovery file answers 200 with its content type, cache headers and CORS", async () => {
  const app = buildApp();
  for (const [path, type] of FILES) {
    const response = await app.request(path);
    assert.equal(response.status, 200, path);
    assert.equal(response.headers.get("content-type"), type, path);
    assert.equal(response.headers.get("cache-control"), "public, max-age=300", path);
    assert.match(response.headers.get("etag") ?? "", /^"[0-9a-f]{24}"$/, path);
    assert.equal(response.headers.get("access-control-allow-origin"), "*", path);
    const body = await response.text();
    assert.ok(body.length > 50, path);
    if (type.includes("json")) JSON.parse(body);
  }
});

Deno.test("a matching If-None-Match gets 304 with no body; a stale one gets the file", async () => {
  const app = buildApp();
  const first = await app.request("/openapi.json");
  const etag = first.headers.get("etag")!;
  const again = await app.request("/openapi.json", {
    headers: { "If-None-Match": `"x", ${etag}` },
  });
  assert.equal(again.status, 304);
  assert.equal(await again.text(), "");
  const stale = await app.request("/openapi.json", { headers: { "If-None-Match": '"old"' } });
  assert.equal(stale.status, 200);
  assert.equal(await stale.text(), await first.text());
});

Deno.test("the API catalog answers HEAD with its Link header and no body", async () => {
  const app = buildApp();
  const response = await app.request("/.well-known/api-catalog", { method: "HEAD" });
  assert.equal(response.status, 200);
  assert.equal(
    response.headers.get("link"),
    '<https://disc-a.example/.well-known/api-catalog>; rel="api-catalog"',
  );
  assert.match(response.headers.get("content-type") ?? "", /^application\/linkset\+json/);
  assert.equal(await response.text(), "");
});

Deno.test("aliases serve the same document as the main location", async () => {
  const app = buildApp();
  const pairs = [
    ["/.well-known/mcp/server-card.json", "/.well-known/mcp.json"],
    ["/.well-known/agent-card.json", "/.well-known/agent.json"],
  ];
  for (const [main, alias] of pairs) {
    assert.equal(await (await app.request(alias)).text(), await (await app.request(main)).text());
  }
});

Deno.test("OpenAPI, server card and agent card list exactly the given tools, in order", async () => {
  const app = buildApp();
  const names = SAMPLE_TOOLS.map((tool) => tool.name);
  const openapi = await (await app.request("/openapi.json")).json();
  const operations = Object.keys(openapi.paths).filter((path) => path.startsWith("/api/tools/"));
  assert.deepEqual(operations, names.map((name) => `/api/tools/${name}`));
  const card = await (await app.request("/.well-known/mcp/server-card.json")).json();
  assert.deepEqual(card.tools.map((tool: { name: string }) => tool.name), names);
  const agent = await (await app.request("/.well-known/agent-card.json")).json();
  assert.deepEqual(agent.skills.map((skill: { id: string }) => skill.id), names);
});

Deno.test("changing the site URL changes every generated URL; no other host appears", async () => {
  // Hosts that are part of a format, never of this site: schema ids and namespaces.
  const formatHosts = new Set([
    "static.modelcontextprotocol.io",
    "www.rfc-editor.org",
    "www.sitemaps.org",
    // The agent card's A2A extension uri naming MCP Apps (the extension's repository).
    "github.com",
  ]);
  const app = buildApp("https://disc-b.example:8443");
  for (const [path] of FILES) {
    if (path === "/llms-full.txt") continue; // all docs: the docs test covers their hosts
    const response = await app.request(path);
    const text = await response.text() + (response.headers.get("link") ?? "");
    assert.doesNotMatch(text, /disc-a\.example|127\.0\.0\.1|localhost|pages\.dev/, path);
    const urls = [...text.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)].map((match) => match[0]);
    assert.ok(urls.some((url) => url.startsWith("https://disc-b.example:8443/")), path);
    for (const url of urls) {
      const host = new URL(url).host;
      assert.ok(host === "disc-b.example:8443" || formatHosts.has(host), `${path}: ${url}`);
    }
  }
});

Deno.test("security.txt expires about a year after the injected clock", async () => {
  const app = buildApp();
  const text = await (await app.request("/.well-known/security.txt")).text();
  assert.match(text, /^Expires: 2027-10-12T00:00:00Z$/m);
});
