/**
 * The tool lists on every face (docs, OpenAPI, server card, agent card, llms.txt) are generated
 * from the one registry, and every generated URL follows SITE_URL.
 */
import assert from "node:assert/strict";
import { TOOLS } from "../tools/registry.ts";
import { createApp } from "../app.tsx";
import { createDeps } from "../lib/boot.ts";
import { DEFAULT_CONFIG } from "../lib/config.ts";

const NAMES = TOOLS.map((tool) => tool.name);

function appFor(siteUrl: string) {
  // Discovery and docs need no upstream; point the clients at a closed port to prove it.
  const config = {
    ...DEFAULT_CONFIG,
    siteUrl,
    papertradeApiUrl: "http://127.0.0.1:9",
    rpcUrl: "http://127.0.0.1:9",
    fallbackRpcUrl: "http://127.0.0.1:9",
  };
  return createApp(createDeps(config));
}

async function json(app: ReturnType<typeof appFor>, path: string) {
  const response = await app.request(path);
  assert.equal(response.status, 200, path);
  return await response.json();
}

Deno.test("the registry holds the eleven tools in the order docs/mcp.md lists them", () => {
  assert.deepEqual(NAMES, [
    "search",
    "get_wallet",
    "get_positions",
    "get_intents",
    "lookup_intent",
    "decode_transaction",
    "get_leaderboard",
    "get_trade_history",
    "get_protocol_overview",
    "get_positions_at_risk",
    "get_liquidations",
  ]);
});

Deno.test("OpenAPI has one operation per registry tool and nothing else under /api/tools", async () => {
  const spec = await json(appFor("https://explorer.example"), "/openapi.json");
  const toolPaths = Object.keys(spec.paths).filter((path) => path.startsWith("/api/tools/"));
  assert.deepEqual(toolPaths, NAMES.map((name) => `/api/tools/${name}`));
});

Deno.test("the server card and agent card list exactly the registry tools", async () => {
  const app = appFor("https://explorer.example");
  const card = await json(app, "/.well-known/mcp/server-card.json");
  assert.deepEqual(card.tools.map((tool: { name: string }) => tool.name), NAMES);
  const agent = await json(app, "/.well-known/agent-card.json");
  assert.deepEqual(agent.skills.map((skill: { id: string }) => skill.id), NAMES);
});

Deno.test("the MCP docs page documents every registry tool, and no other", async () => {
  const response = await appFor("https://explorer.example").request("/docs/mcp.md");
  const markdown = await response.text();
  // Each tool is a level-3 heading (its name hyphenated) inside the "Tools" section, followed
  // by its exact name in bold code.
  const section = markdown.split(/^## Tools$/m)[1].split(/^## /m)[0];
  const headings = [...section.matchAll(/^### (.+)$/gm)].map((m) => m[1].trim());
  assert.deepEqual(headings, NAMES.map((name: string) => name.replaceAll("_", "-")));
  const documented = [...section.matchAll(/^\*\*`([^`]+)`\*\*\./gm)].map((m) => m[1]);
  assert.deepEqual(documented, NAMES);
});

Deno.test("changing SITE_URL changes every generated URL and leaves no other host behind", async () => {
  for (const siteUrl of ["https://one.example", "https://two.example:8443"]) {
    const app = appFor(siteUrl);
    const other = siteUrl === "https://one.example" ? "two.example" : "one.example";
    for (
      const path of [
        "/openapi.json",
        "/llms.txt",
        "/.well-known/mcp/server-card.json",
        "/.well-known/agent-card.json",
        "/.well-known/api-catalog",
        "/api/tools",
        "/robots.txt",
        "/sitemap.xml",
        "/docs/connect-your-ai.md",
      ]
    ) {
      const body = await (await app.request(path)).text();
      assert.ok(body.includes(siteUrl), `${path} should mention ${siteUrl}`);
      assert.ok(!body.includes(other), `${path} must not mention ${other}`);
      assert.ok(!body.includes("127.0.0.1:8000"), `${path} must not fall back to the default host`);
    }
  }
});

Deno.test("every anchor and link of the API catalog answers GET, the REST root with its tools", async () => {
  const app = appFor("https://explorer.example");
  const catalog = await json(app, "/.well-known/api-catalog");
  const urls = catalog.linkset.flatMap((entry: Record<string, unknown>) => [
    entry.anchor,
    ...Object.values(entry).flatMap((links) =>
      Array.isArray(links) ? links.map((link) => link.href) : []
    ),
  ]);
  assert.ok(urls.includes("https://explorer.example/api/tools"), "the REST mirror is an item");
  for (const url of new Set<string>(urls)) {
    assert.ok(url.startsWith("https://explorer.example/"), url);
    const response = await app.request(new URL(url).pathname);
    assert.equal(response.status, 200, url);
    await response.body?.cancel();
  }
  const root = await json(app, "/api/tools");
  assert.deepEqual(
    root.tools.map((tool: { url: string }) => tool.url),
    NAMES.map((name) => `https://explorer.example/api/tools/${name}`),
  );
  assert.equal(root["service-desc"], "https://explorer.example/openapi.json");
});
