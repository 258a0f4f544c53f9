import assert from "node:assert/strict";
import { catalog, type PagesContext, SCRIPT_NAME, withPages } from "./harness.ts";

const hostile = Object.fromEntries(catalog.hostileNames.map((item) => [item.kind, item]));
const RAW_MARKUP = [SCRIPT_NAME, "<img src=x onerror=alert(1)>"];

/** Asserts no hostile markup survives unescaped, and returns the body. */
async function safeBody(get: PagesContext["get"], path: string): Promise<string> {
  const { status, body } = await get(path);
  assert.ok(status < 500, `${path} answered ${status}`);
  for (const raw of RAW_MARKUP) assert.ok(!body.includes(raw), `${path} echoes ${raw} raw`);
  assert.doesNotMatch(body, /href="javascript:/i, path);
  return body;
}

Deno.test("hostile names render as plain text in pages, titles, meta tags and SVG", async () => {
  await withPages(async ({ get }) => {
    const script = hostile.script_tag.address;
    const escaped = "&lt;script>alert(1)&lt;/script>";
    const wallet = await safeBody(get, `/wallet/${script}`);
    assert.ok(wallet.includes(`<title>${escaped} (0x5221b1…) · Papertrade Explorer</title>`));
    assert.match(
      wallet,
      /<h1[^>]*>Wallet <bdi class="name clamp" title="[^"]*">&lt;script>alert\(1\)&lt;\/script><\/bdi><\/h1>/,
    );
    const preview = await safeBody(get, `/w/${script}`);
    assert.ok(preview.includes(`<meta property="og:title" content="${escaped} on Papertrade"/>`));
    assert.ok(preview.includes(`<meta name="twitter:title" content="${escaped} on Papertrade"/>`));
    const svg = await safeBody(get, `/w/${script}/image.svg`);
    assert.ok(svg.includes(`>${escaped}</text>`));
    const img = await safeBody(get, `/wallet/${hostile.img_onerror.address}`);
    assert.ok(img.includes("&lt;img src=x onerror=alert(1)>"));
    // A javascript: name is text, never a link target.
    const js = await safeBody(get, `/w/${hostile.javascript_url.address}`);
    assert.ok(js.includes('content="javascript:alert(1) on Papertrade"'));
    // Quotes and ampersands stay inside their attribute.
    const quotes = await safeBody(get, `/w/${hostile.quotes_ampersand.address}`);
    assert.ok(quotes.includes('content="&quot;quotes\' &amp; ampersands on Papertrade"'));
  });
});

Deno.test("bidi overrides are isolated in pages and removed where they cannot be isolated", async () => {
  await withPages(async ({ get }) => {
    const rtl = hostile.rtl_override;
    const page = await safeBody(get, `/wallet/${rtl.address}`);
    const headline = /<h1[^>]*>(.*?)<\/h1>/.exec(page)?.[1] ?? "";
    assert.ok(headline.includes("gnp.stiforp margin king"), headline);
    assert.ok(!headline.includes("\u202e"), "no override in the headline");
    // The raw name stays readable, its controls written as escapes.
    assert.ok(page.includes("\\u{202e}gnp.stiforp\\u{202c} margin king"));
    const title = /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? "";
    assert.ok(title.startsWith("gnp.stiforp margin king"), title);
    const preview = await safeBody(get, `/w/${rtl.address}`);
    assert.ok(!preview.split("</head>")[0].includes("\u202e"), "no override in title or meta tags");
    assert.ok(!preview.includes("\u202e"), "the preview's headline is neutralised too");
    assert.ok(preview.includes("gnp.stiforp margin king</bdi>"));
    const svg = await safeBody(get, `/w/${rtl.address}/image.svg`);
    assert.ok(!svg.includes("\u202e"), "no override in SVG text");
  });
});

Deno.test("a very long name is clamped in the headline and title, and kept whole on the page", async () => {
  await withPages(async ({ get }) => {
    const long = hostile.very_long;
    const page = await safeBody(get, `/wallet/${long.address}`);
    const headline = /<h1[^>]*>.*?<bdi[^>]*>([^<]*)<\/bdi>/.exec(page)?.[1] ?? "";
    assert.equal([...headline].length, 40, headline);
    assert.ok(headline.endsWith("…"));
    assert.ok(
      page.includes(`<code class="wrap">${long.name}</code>`),
      "the raw name is on the page",
    );
    const title = /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? "";
    assert.ok(title.length < 120, title);
    const svg = await safeBody(get, `/w/${long.address}/image.svg`);
    assert.match(svg, /LongNameTrader_[^<]{0,25}…<\/text>/);
  });
});

Deno.test("leaderboard and search results list every hostile name as escaped text", async () => {
  await withPages(async ({ get }) => {
    let all = "";
    for (let page = 0; page < 4; page++) {
      all += await safeBody(get, `/leaderboard?window=all&page=${page}`);
    }
    assert.ok(all.includes('<bdi class="name">&lt;script>alert(1)&lt;/script></bdi>'));
    assert.ok(all.includes('<bdi class="name">javascript:alert(1)</bdi>'));
    const search = await safeBody(get, "/search?q=alert");
    assert.match(search, /<h1>3 wallets match<\/h1>/);
    await safeBody(get, `/search?q=${encodeURIComponent(SCRIPT_NAME)}`);
    await safeBody(get, `/search?q=${encodeURIComponent("<b>nothing</b>")}`);
    await safeBody(get, `/wallet/${encodeURIComponent(SCRIPT_NAME)}`);
  });
});

Deno.test("the CSV export carries hostile names as plain cells, served as text/csv with nosniff", async () => {
  await withPages(async ({ get }) => {
    const script = await get(`/wallet/${hostile.script_tag.address}/trades.csv`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get("content-type") ?? "", /^text\/csv/);
    assert.equal(script.headers.get("x-content-type-options"), "nosniff");
    const row = script.body.split("\r\n")[1];
    assert.ok(row.startsWith(`${hostile.script_tag.address},${SCRIPT_NAME},`), row);
    const quotes = await get(`/wallet/${hostile.quotes_ampersand.address}/trades.csv`);
    assert.ok(quotes.body.split("\r\n")[1].includes(`,"""quotes' & ampersands",`));
  });
});

Deno.test("pages carry the strict CSP and use no inline script, style attribute or handler", async () => {
  await withPages(async ({ app }) => {
    const w = catalog.wallets;
    const paths = [
      "/",
      "/?embed=1",
      "/leaderboard",
      `/wallet/${w.pending_ops.address}`,
      `/wallet/${w.near_bust.address}`,
      `/tx/${catalog.transactions.multi_wallet_batch.hash}`,
      `/intent/${catalog.intents.pending.id}?wallet=${catalog.intents.pending.wallet}`,
      `/position/${catalog.positions.closed.id}?wallet=${catalog.positions.closed.owner}`,
      "/markets",
      "/search?q=trader",
      `/w/${w.whale.address}`,
      `/wallet/${w.unknown.address}`,
    ];
    for (const path of paths) {
      const response = await app.request(path);
      const body = await response.text();
      assert.match(response.headers.get("content-security-policy") ?? "", /script-src 'self'/);
      assert.doesNotMatch(body, /<script(?![^>]*\ssrc=)[^>]*>/, `${path}: inline script`);
      assert.doesNotMatch(body, /\sstyle="/, `${path}: style attribute`);
      assert.doesNotMatch(body, /\son[a-z]+="/, `${path}: event handler attribute`);
    }
  });
});
