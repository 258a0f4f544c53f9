/**
 * MCP Apps views, the server side: tools/list names a `ui://` view on exactly the four tools
 * that have one, resources/read serves each view as `text/html;profile=mcp-app` with its CSP
 * (no outside origin) and the explorer's address written in, and nothing else changes (the
 * other tools carry no `_meta`, resources/list stays empty, other URIs are still not found).
 * initialize declares resources and the views' extension, so a client that holds a server to
 * its capabilities (the SDKs' strict mode) reads the views too. The committed builds match a
 * fresh build and their measured sizes.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/index.d.ts"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp.d.ts"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  Client as Client2,
  StreamableHTTPClientTransport as Transport2,
} from "@modelcontextprotocol/client";
import { TEST_SITE_URL, withTestApp } from "./harness.ts";
import { postMcp, rpc } from "./support/mcp_rpc.ts";
import { VIEW_CLIENTS, VIEW_MIME_TYPE, VIEWS } from "../lib/app_views.ts";
import { buildWellKnownServerCard } from "../lib/discovery/server_card.ts";
import { buildAgentCard } from "../lib/discovery/agent_card.ts";
import { TOOLS } from "../tools/registry.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
import { buildViews, VIEW_SIZES, VIEWS_OUT, viewSizesText } from "../scripts/build.ts";

const V = { "mcp-protocol-version": "2025-11-25" };
const WITH_VIEWS: Record<string, string> = {
  get_positions: "ui://papertrade-explorer/positions.html",
  get_positions_at_risk: "ui://papertrade-explorer/at_risk.html",
  get_protocol_overview: "ui://papertrade-explorer/markets.html",
  decode_transaction: "ui://papertrade-explorer/settlement.html",
};

Deno.test("tools/list names a ui:// view in _meta.ui.resourceUri on the four tools, and only there", async () => {
  await withTestApp(async (app) => {
    const { json } = await postMcp(app, rpc(1, "tools/list"), V);
    const tools: Array<{ name: string; _meta?: Record<string, unknown> }> = json.result.tools;
    for (const tool of tools) {
      const uri = WITH_VIEWS[tool.name];
      if (uri === undefined) {
        assert.equal(tool._meta, undefined, tool.name);
        continue;
      }
      assert.deepEqual(tool._meta, { ui: { resourceUri: uri }, "ui/resourceUri": uri }, tool.name);
    }
    assert.equal(tools.filter((tool) => tool._meta).length, 4);
  });
});

Deno.test("resources/read serves each view as text/html;profile=mcp-app with a CSP of no outside origin", async () => {
  await withTestApp(async (app) => {
    for (const [index, uri] of Object.values(WITH_VIEWS).entries()) {
      for (const headers of [V, { "mcp-protocol-version": "2024-11-05" }]) {
        const { json } = await postMcp(app, rpc(index, "resources/read", { uri }), headers);
        assert.equal(json.error, undefined, uri);
        const [content, ...more] = json.result.contents;
        assert.equal(more.length, 0);
        assert.equal(content.uri, uri);
        assert.equal(content.mimeType, "text/html;profile=mcp-app");
        assert.deepEqual(content._meta.ui.csp, {
          connectDomains: [],
          resourceDomains: [],
          frameDomains: [],
          baseUriDomains: [],
        });
        const html: string = content.text;
        assert.ok(html.startsWith("<!doctype html>"), uri);
        // Script and style inlined: nothing is loaded from anywhere.
        assert.ok(!/<script[^>]*\ssrc=|<link\b|<img\b|<iframe\b|@import/i.test(html), uri);
        assert.equal((html.match(/<script\b/g) ?? []).length, 1);
        assert.equal((html.match(/<\/script/gi) ?? []).length, 1, "one script, closed once");
        // The explorer's address, for the links the host opens.
        assert.ok(html.includes(`<meta name="papertrade-site" content="${TEST_SITE_URL}/">`), uri);
      }
    }
  });
});

Deno.test("without views, nothing changes: resources/list stays empty and other URIs are not found", async () => {
  await withTestApp(async (app) => {
    assert.deepEqual((await postMcp(app, rpc(1, "resources/list"), V)).json.result, {
      resources: [],
    });
    const missing = await postMcp(
      app,
      rpc(2, "resources/read", { uri: "ui://papertrade-explorer/wallet.html" }),
      V,
    );
    assert.equal(missing.json.error.code, -32602); // "not found" in every revision (docs/mcp.md)
    assert.deepEqual(missing.json.error.data, { uri: "ui://papertrade-explorer/wallet.html" });
  });
});

/** What initialize declares in every handshake-era revision (docs/mcp.md, "Protocol"). */
const DECLARED = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  extensions: { "io.modelcontextprotocol/ui": {} },
};

Deno.test("a strict SDK client (1.x and 2.x) reads every view a tool names: initialize declares resources", async () => {
  await withTestApp(async (app) => {
    const strict1 = new Client({ name: "strict-host", version: "1.0.0" }, {
      enforceStrictCapabilities: true,
    });
    const strict2 = new Client2({ name: "strict-host-2", version: "1.0.0" }, {
      enforceStrictCapabilities: true,
      versionNegotiation: { mode: "legacy" },
    });
    await strict1.connect(new StreamableHTTPClientTransport(app.mcpUrl));
    await strict2.connect(new Transport2(app.mcpUrl));
    try {
      for (const client of [strict1, strict2]) {
        assert.deepEqual(client.getServerCapabilities(), DECLARED);
        // Strict mode refuses any method whose capability the server did not declare.
        assert.deepEqual((await client.listResources()).resources, []);
        const { tools } = await client.listTools();
        for (const tool of tools.filter((item: { _meta?: unknown }) => item._meta)) {
          const uri = (tool._meta as { ui: { resourceUri: string } }).ui.resourceUri;
          assert.equal(uri, WITH_VIEWS[tool.name]);
          const { contents } = await client.readResource({ uri });
          assert.equal(contents[0].mimeType, VIEW_MIME_TYPE, uri);
          assert.ok(String((contents[0] as { text?: string }).text).startsWith("<!doctype html>"));
        }
        await assert.rejects(client.listPrompts(), /prompts/, "prompts stay undeclared");
      }
    } finally {
      await strict1.close();
      await strict2.close();
    }
    // Every handshake revision declares the same.
    for (const version of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]) {
      const { json } = await postMcp(
        app,
        rpc(1, "initialize", {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: "tests", version: "1" },
        }),
      );
      assert.deepEqual(json.result.capabilities, DECLARED, version);
    }
  });
});

Deno.test("the committed views match a fresh build, and views/build/sizes.json holds their measured sizes", async () => {
  const fresh = await Deno.makeTempDir({ prefix: "views_" });
  try {
    const sizes = await buildViews(fresh);
    assert.deepEqual(Object.keys(sizes), VIEWS.map((view) => view.name));
    for (const view of VIEWS) {
      const built = await Deno.readFile(`${fresh}/${view.name}.html`);
      const committed = await Deno.readFile(`${VIEWS_OUT}/${view.name}.html`);
      assert.ok(
        built.byteLength === committed.byteLength && built.every((b, i) => b === committed[i]),
        `views/build/${view.name}.html is stale: run \`deno task build\``,
      );
    }
    assert.equal(await Deno.readTextFile(VIEW_SIZES), viewSizesText(sizes));
  } finally {
    await Deno.remove(fresh, { recursive: true });
  }
  assert.equal(VIEW_MIME_TYPE, "text/html;profile=mcp-app");
});

Deno.test("the server card and the agent card say which tools have views and which clients render them", () => {
  const options = { siteUrl: "https://explorer.example", tools: TOOLS };
  const card = buildWellKnownServerCard(options);
  const tools = card.tools as Array<{ name: string; _meta?: unknown }>;
  for (const tool of tools) {
    const uri = WITH_VIEWS[tool.name];
    assert.deepEqual(
      tool._meta,
      uri && { ui: { resourceUri: uri }, "ui/resourceUri": uri },
      tool.name,
    );
  }
  const extension = (card.extensions as Json)["io.modelcontextprotocol/ui"];
  assert.deepEqual(extension.renderedBy, [...VIEW_CLIENTS]);
  assert.deepEqual(
    Object.fromEntries(extension.views.map((view: Json) => [view.tool, view.uri])),
    WITH_VIEWS,
  );
  const agent = buildAgentCard(options);
  const [apps] = (agent.capabilities as Json).extensions;
  assert.equal(apps.required, false);
  assert.deepEqual(apps.params.views, WITH_VIEWS);
  assert.deepEqual(apps.params.renderedBy, [...VIEW_CLIENTS]);
  for (const client of ["Claude", "ChatGPT", "VS Code", "Goose"]) {
    assert.ok(apps.description.includes(client), client);
  }
  const tagged = (agent.skills as Json[]).filter((skill) => skill.tags.includes("mcp-app-view"));
  assert.deepEqual(tagged.map((skill) => skill.id).sort(), Object.keys(WITH_VIEWS).sort());
});
