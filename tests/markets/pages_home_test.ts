import assert from "node:assert/strict";
import { TOOLS } from "../../tools/registry.ts";
import { firstSentence } from "../../lib/tool_info.ts";
import { TEST_SITE_URL, withPages } from "../harness.ts";

Deno.test("the home page has a big labelled search, the overview and the landing sections", async () => {
  await withPages(async ({ get }) => {
    const { status, headers, body } = await get("/");
    assert.equal(status, 200);
    assert.match(headers.get("content-type") ?? "", /^text\/html/);
    assert.match(
      body,
      /<form class="search search-main" action="\/search" method="get" role="search">/,
    );
    assert.match(
      body,
      /<label for="main-search">Search wallets, transactions, intents, positions and names<\/label>/,
    );
    assert.match(body, /<input id="main-search" name="q" type="search"[^>]*data-search-main/);
    assert.match(
      body,
      /<div class="recent" data-recent="true" hidden><span id="main-search-recent/,
    );
    assert.ok(body.includes("<dt>Value locked</dt>"));
    assert.match(body, /Latest opens, closes and liquidations/);
    for (const id of ["lookups", "connect", "tools", "quickstart"]) {
      assert.ok(body.includes(`<h2 id="${id}">`), id);
    }
    // Connection snippets point at this deployment's /mcp, with copy buttons.
    assert.ok(
      body.includes(`claude mcp add --transport http papertrade-explorer ${TEST_SITE_URL}/mcp`),
    );
    assert.ok(
      body.includes(`&quot;url&quot;: &quot;${TEST_SITE_URL}/mcp&quot;`) ||
        body.includes(`"url": "${TEST_SITE_URL}/mcp"`),
    );
    assert.match(body, /<button type="button" class="copy" data-copy="true" hidden/);
  });
});

Deno.test("the home page's tool list is generated from the registry", async () => {
  await withPages(async ({ get }) => {
    const { body } = await get("/");
    const list = body.split('<dl class="tool-list">')[1].split("</dl>")[0];
    const names = [...list.matchAll(/<dt><code>([a-z_]+)<\/code>/g)].map((m) => m[1]);
    assert.deepEqual(names, TOOLS.map((tool) => tool.name));
    for (const tool of TOOLS) {
      const sentence = firstSentence(tool.description).replaceAll("&", "&amp;").replaceAll(
        "<",
        "&lt;",
      );
      assert.ok(list.includes(sentence), tool.name);
    }
  });
});

Deno.test("the home page sends the discovery Link header", async () => {
  await withPages(async ({ get }) => {
    const { headers } = await get("/");
    const link = headers.get("link") ?? "";
    assert.match(link, new RegExp(`<${TEST_SITE_URL}/openapi\\.json>; rel="service-desc"`));
    assert.match(link, /rel="api-catalog"/);
    assert.match(link, new RegExp(`<${TEST_SITE_URL}/mcp>; rel="mcp"`));
  });
});

Deno.test("?embed=1 shows only the product: overview, markets, trades and search", async () => {
  await withPages(async ({ get }) => {
    const { status, body } = await get("/?embed=1");
    assert.equal(status, 200);
    assert.doesNotMatch(body, /<header class="site-header">|<footer/);
    for (const id of ["lookups", "connect", "tools", "quickstart"]) {
      assert.ok(!body.includes(`<h2 id="${id}">`), id);
    }
    assert.match(body, /data-search-main/);
    assert.ok(body.includes("<dt>Value locked</dt>"));
    assert.match(body, /Markets, valued at the live mark/);
    assert.match(body, /Latest opens, closes and liquidations/);
  });
});

Deno.test("the markets pages show caps, leverage, bust buffer, status, minimums and OI", async () => {
  await withPages(async ({ get }) => {
    const all = await get("/markets");
    assert.equal(all.status, 200);
    for (const symbol of ["BTC", "ETH"]) assert.ok(all.body.includes(`href="/markets/${symbol}"`));
    const btc = await get("/markets/BTC");
    assert.equal(btc.status, 200);
    for (
      const label of [
        "Mark (BBO mid)",
        "Status",
        "Maximum leverage",
        "Bust buffer",
        "Largest position",
        "Minimum margin",
        "Minimum open notional",
      ]
    ) {
      assert.ok(btc.body.includes(`<dt>${label}</dt>`), label);
    }
    assert.match(btc.body, /<dt>Bust buffer<\/dt><dd>0\.\d{4}% \([\d.]+ bp\)<\/dd>/);
    assert.match(btc.body, /<meter min="0" max="100" value="[\d.]+"/);
    assert.match(btc.body, /of \$[\d,.]+ cap|<td class="num">\$[\d,.]+<\/td>/);
    const lower = await get("/markets/btc");
    assert.equal(lower.status, 301);
    assert.equal(lower.headers.get("location"), "/markets/BTC");
    const none = await get("/markets/DOGE");
    assert.equal(none.status, 404);
    assert.match(none.body, /\bBTC\b[^<]*\bETH\b/, "the page names the markets there are");
  });
});

Deno.test("the home and markets pages name the failing source when the API is down", async () => {
  await withPages(async ({ get, upstream }) => {
    upstream.setFaults({ target: "api", status: 500 });
    const home = await get("/");
    assert.equal(home.status, 502);
    assert.ok(home.headers.get("link"), "the Link header is sent on errors too");
    assert.match(home.body, /Papertrade API is not answering/);
    assert.equal((await get("/markets")).status, 502);
  });
});

Deno.test("the landing page puts market activity first, then the feature grid, works-with strip and Papertrade OS link", async () => {
  await withPages(async ({ get }) => {
    const { body } = await get("/");
    const at = (text: string) => {
      const index = body.indexOf(text);
      assert.ok(index >= 0, `missing ${text}`);
      return index;
    };
    // Market activity comes before the protocol figures and every landing section.
    assert.ok(at("<h2>Markets</h2>") < at("<h2>Latest trades</h2>"));
    assert.ok(at("<h2>Latest trades</h2>") < at("<h2>At a glance</h2>"));
    assert.ok(at("<h2>At a glance</h2>") < at('<h2 id="features">'));
    assert.equal((body.match(/<li><h3>/g) ?? []).length, 8, "eight features");
    for (const client of ["Claude Code", "ChatGPT", "Cursor", "Gemini CLI", "VS Code"]) {
      assert.ok(body.includes(`<li>${client}</li>`), client);
    }
    assert.match(
      body,
      /<a class="os-link" href="https:\/\/papertrade-os\.pages\.dev\/\?open=explorer">Open in Papertrade OS<\/a>/,
    );
    // The embed view keeps the product and drops the landing and the chrome.
    const embed = (await get("/?embed=1")).body;
    assert.ok(embed.includes("<h2>Markets</h2>"));
    for (const gone of ['<h2 id="features">', '<h2 id="works-with">', 'class="site-header"']) {
      assert.ok(!embed.includes(gone), gone);
    }
  });
});
