import assert from "node:assert/strict";
import { Hono } from "hono";
import { HOSTILE_TOOL, SAMPLE_TOOLS } from "../tests/support/sample_tools.ts";
import type { ToolInfo } from "../lib/tool_info.ts";
import { DOCS_PAGES, docsMarkdownPath, docsPath } from "../lib/docs/pages.ts";
import { createDocsSite, type DocsSite } from "../lib/docs/site.ts";
import { discoveryRoutes } from "./discovery.ts";
import { docsRoutes } from "./docs.tsx";
import { appStaticAssets } from "../lib/delivery/static_assets.ts";

const SITE_URL = "https://docs-a.example";

// Routes other engineers own. Docs pages link to them; the test stands in a 200 for each so the
// link check covers everything else for real. Keep this list to pages outside docs/discovery.
const KNOWN_EXTERNAL_ROUTES = [
  "/",
  "/leaderboard",
  "/markets",
  "/at-risk",
  "/mcp",
  "/search",
  "/watchlist",
  "/liquidations",
];
const KNOWN_EXTERNAL_PREFIXES = ["/api/tools/", "/wallet/", "/tx/", "/intent/", "/position/"];

function buildApp(
  options: { siteUrl?: string; tools?: readonly ToolInfo[]; site?: DocsSite } = {},
) {
  const siteUrl = options.siteUrl ?? SITE_URL;
  const tools = options.tools ?? SAMPLE_TOOLS;
  const site = options.site ?? createDocsSite({ siteUrl, tools });
  const app = new Hono();
  app.route("/", docsRoutes({ siteUrl, tools, site }));
  app.route("/", discoveryRoutes({ siteUrl, tools, site }));
  for (const path of KNOWN_EXTERNAL_ROUTES) app.get(path, (c) => c.text("stub"));
  for (const prefix of KNOWN_EXTERNAL_PREFIXES) app.get(`${prefix}*`, (c) => c.text("stub"));
  return app;
}

async function get(app: Hono, path: string) {
  const response = await app.request(path);
  return { response, body: await response.text() };
}

Deno.test("every docs page answers 200 as HTML and as markdown", async () => {
  const app = buildApp();
  for (const page of DOCS_PAGES) {
    const html = await get(app, docsPath(page));
    assert.equal(html.response.status, 200, docsPath(page));
    assert.equal(html.response.headers.get("content-type"), "text/html; charset=utf-8");
    assert.match(html.body, /^<!DOCTYPE html><html lang="en">/);
    assert.match(html.body, /<article class="docs-article"><h1 id=/);
    const markdown = await get(app, docsMarkdownPath(page));
    assert.equal(markdown.response.status, 200, docsMarkdownPath(page));
    assert.equal(markdown.response.headers.get("content-type"), "text/markdown; charset=utf-8");
    assert.match(markdown.body, /^# /);
    assert.doesNotMatch(markdown.body, /\{\{SITE_URL\}\}|<!-- tools -->/);
  }
});

Deno.test("docs pages cannot be framed and allow no inline script or style", async () => {
  const app = buildApp();
  for (const path of [...DOCS_PAGES.map(docsPath), "/docs/search?q=x", "/docs/missing"]) {
    const { response, body } = await get(app, path);
    const policy = response.headers.get("content-security-policy") ?? "";
    assert.match(policy, /frame-ancestors 'none'/, path);
    assert.match(policy, /script-src 'self'/, path);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/, path);
    assert.equal(response.headers.get("x-frame-options"), "DENY", path);
    assert.equal(response.headers.get("x-content-type-options"), "nosniff", path);
    assert.doesNotMatch(body, /<script(?![^>]*\bsrc=)[^>]*>/, `${path} has an inline script`);
    assert.doesNotMatch(body, /<[^>]+\s(style|on[a-z]+)=/i, `${path} has inline style or handler`);
  }
});

Deno.test("every internal link and fragment in the docs resolves", async () => {
  const app = buildApp();
  const sources = [...DOCS_PAGES.map(docsPath), "/docs/search?q=bust", "/docs/missing"];
  const bodies = new Map<string, string>();
  const checked = new Set<string>();
  for (const source of sources) {
    const { body } = await get(app, source);
    for (const [, link] of body.matchAll(/(?:href|src|action)="(\/[^"]*)"/g)) {
      if (checked.has(link)) continue;
      checked.add(link);
      const [path, fragment] = link.split("#");
      if (path.startsWith("/static/")) {
        // Pages link assets by content hash; the file on disk has the plain name.
        const file = [...appStaticAssets().values()].find((a) => a.hashedPath === path)?.path;
        await Deno.stat(new URL(`..${file ?? path}`, import.meta.url)); // throws if missing
        continue;
      }
      if (!bodies.has(path)) {
        const target = await get(app, path);
        assert.equal(target.response.status, 200, `${link} (linked from ${source})`);
        bodies.set(path, target.body);
      }
      if (fragment) {
        assert.ok(bodies.get(path)!.includes(`id="${fragment}"`), `${link} from ${source}`);
      }
    }
  }
  assert.ok(checked.size > 30, `only ${checked.size} links checked`);
});

Deno.test("the tool reference on the MCP page lists exactly the registry's tools, in order", async () => {
  const app = buildApp();
  const { body } = await get(app, "/docs/mcp");
  const listed = [...body.matchAll(/<td><a href="#[^"]+"><code>([^<]+)<\/code><\/a><\/td>/g)];
  assert.deepEqual(listed.map((match) => match[1]), SAMPLE_TOOLS.map((tool) => tool.name));
  const markdown = (await get(app, "/docs/mcp.md")).body;
  const sections = [...markdown.matchAll(/^### (\S+)$/gm)].map((match) => match[1]);
  assert.deepEqual(sections, SAMPLE_TOOLS.map((tool) => tool.name.replaceAll("_", "-")));
});

Deno.test("the wrong slash form and the overview's slug redirect permanently", async () => {
  const app = buildApp();
  const cases: Array<[string, string]> = [
    ["/docs", "/docs/"],
    ["/docs/quickstart/", "/docs/quickstart"],
    ["/docs/index", "/docs/"],
    ["/docs/index/", "/docs/"],
  ];
  for (const [from, to] of cases) {
    const response = await app.request(from);
    assert.equal(response.status, 301, from);
    assert.equal(response.headers.get("location"), to, from);
  }
});

Deno.test("an unknown docs page is a 404 HTML page listing every page", async () => {
  const app = buildApp();
  for (const path of ["/docs/nope", "/docs/nope.md", "/docs/a/b", "/docs/nope/"]) {
    const { response, body } = await get(app, path);
    assert.equal(response.status, 404, path);
    assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
    for (const page of DOCS_PAGES) assert.ok(body.includes(`href="${docsPath(page)}"`), page.slug);
    assert.match(body, /Page not found/);
  }
});

Deno.test("the no-script search lists matching pages and escapes the query", async () => {
  const app = buildApp();
  const found = await get(app, "/docs/search?q=bust%20price");
  assert.equal(found.response.status, 200);
  assert.equal(found.response.headers.get("content-type"), "text/html; charset=utf-8");
  assert.match(found.body, /<li><a href="\/docs\/concepts">Concepts<\/a>/);
  const hostile = await get(app, "/docs/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
  assert.doesNotMatch(hostile.body, /<script>alert/);
  // Preact escapes "<" (enough to keep markup out) and leaves ">" as is.
  assert.match(hostile.body, /<q>&lt;script>alert\(1\)&lt;\/script><\/q>/);
  assert.match(found.body, /<ol class="docs-results">/);
  assert.doesNotMatch(hostile.body, /class="docs-results"/, "no page is found");
});

Deno.test("hostile text in a docs page or a tool description renders escaped", async () => {
  const site = createDocsSite({
    siteUrl: SITE_URL,
    tools: [...SAMPLE_TOOLS, HOSTILE_TOOL],
    readSource: (slug) =>
      slug === "faq"
        ? Promise.resolve('# FAQ\n\n<script>alert("page")</script>\n\n<iframe src="x"></iframe>\n')
        : Deno.readTextFile(new URL(`../docs/${slug}.md`, import.meta.url)),
  });
  const app = buildApp({ site, tools: [...SAMPLE_TOOLS, HOSTILE_TOOL] });
  const faq = await get(app, "/docs/faq");
  assert.equal(faq.response.status, 200);
  assert.doesNotMatch(faq.body, /<script>alert|<iframe/);
  assert.match(faq.body, /&lt;script&gt;alert\("page"\)&lt;\/script&gt;/);
  const mcp = await get(app, "/docs/mcp");
  assert.doesNotMatch(mcp.body, /<script>alert|<img src=x|javascript:/);
  // The only images are the page's own screenshots of the MCP Apps views.
  for (const [tag] of mcp.body.matchAll(/<img\b[^>]*>/g)) {
    assert.match(tag, /^<img src="\/static\/docs\/views\/[a-z_]+(\.[0-9a-f]{10})?\.png"/);
  }
  assert.match(mcp.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
});

Deno.test("the site URL is substituted everywhere and no other host leaks in", async () => {
  // Hosts the docs name on purpose: upstreams, vendors' APIs, spec sites, the local demo.
  const expected = new Set([
    "docs-b.example",
    "papertrade.xyz",
    "exchange.papertrade.xyz",
    "rpc.hyperliquid.xyz",
    "rpc.hypurrscan.io",
    "api.hyperliquid.xyz",
    // The block explorer the transaction and wallet pages link out to (BLOCK_EXPLORER_URL).
    "hyperevmscan.io",
    "api.openai.com",
    // The MCP Apps extension's repository, which the MCP and client docs point at.
    "github.com",
    "127.0.0.1:8000",
    "explorer.example.com",
    // The KV machine of the several-machine example (docs/self-hosting.md).
    "kv.internal:4512",
    // Papertrade OS, which frames the explorer, and the hosts allowed to frame it.
    "papertrade-os.pages.dev",
    "*.pages.dev",
  ]);
  const app = buildApp({ siteUrl: "https://docs-b.example" });
  for (const page of DOCS_PAGES) {
    for (const path of [docsPath(page), docsMarkdownPath(page)]) {
      const { body } = await get(app, path);
      // The seed's own host must never leak in (Papertrade OS's may: it frames the explorer).
      assert.doesNotMatch(body, /docs-a\.example|papertrade-explorer\.pages\.dev/, path);
      for (const [url] of body.matchAll(/https?:\/\/[^\s"'<>)`\]]+/g)) {
        if (url.startsWith("https://{host}/")) continue; // server.json's documented template
        assert.ok(expected.has(new URL(url).host), `${path} names ${url}`);
      }
    }
  }
  const mcp = (await get(app, "/docs/mcp.md")).body;
  assert.match(mcp, /Endpoint: `https:\/\/docs-b\.example\/mcp`/);
});

Deno.test("a page is rendered once and then served from the cache", async () => {
  let reads = 0;
  const site = createDocsSite({
    siteUrl: SITE_URL,
    tools: SAMPLE_TOOLS,
    readSource: (slug) => {
      reads++;
      return Deno.readTextFile(new URL(`../docs/${slug}.md`, import.meta.url));
    },
  });
  const app = buildApp({ site });
  const first = await get(app, "/docs/concepts");
  const second = await get(app, "/docs/concepts");
  const twin = await get(app, "/docs/concepts.md");
  assert.equal(first.body, second.body);
  assert.equal(twin.response.status, 200);
  assert.equal(reads, 1);
  assert.equal(first.response.headers.get("cache-control"), "public, max-age=300");
});
