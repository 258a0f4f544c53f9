import assert from "node:assert/strict";
import { withPages } from "../harness.ts";
import { assetUrl } from "../../lib/delivery/static_assets.ts";

Deno.test("the home page renders the overview, both markets at their mark and the latest trades", async () => {
  await withPages(async ({ app }) => {
    const response = await app.request("/");
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
    const html = await response.text();
    assert.match(html, /^<!doctype html>/);
    for (
      const label of ["Value locked", "LP", "Lifetime volume", "Open positions", "PAPER staked"]
    ) {
      assert.ok(html.includes(`<dt>${label}</dt>`), `missing stat ${label}`);
    }
    // Marks come from the replay's price feed: BTC 83,06x.x and ETH 2,51x.xx around the base mid.
    assert.match(html, /<th scope="row">BTC<\/th><td class="num">83,0\d\d\.\d</);
    assert.match(html, /<th scope="row">ETH<\/th><td class="num">2,5\d\d\.\d\d</);
    assert.match(html, /of \$[\d.]+[MB] cap/);
    assert.ok(html.includes("openable"));
    const rows = html.split("Latest opens, closes and liquidations")[1].match(/<tr>/g) ?? [];
    assert.equal(rows.length, 11, "a header row and the ten latest trades");
    // No islands here: the shared, deferred enhancement script and the one that keeps ages true.
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, [
      `<script src="${assetUrl("/static/build/enhance.js")}" defer>`,
      `<script type="module" src="${assetUrl("/static/build/ages.js")}">`,
    ]);
  });
});

Deno.test("the home page sends a strict CSP that allows framing only by pages.dev hosts", async () => {
  await withPages(async ({ app }) => {
    const response = await app.request("/");
    await response.body?.cancel();
    const csp = response.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.match(
      csp,
      /frame-ancestors 'self' https:\/\/papertrade-os\.pages\.dev https:\/\/\*\.pages\.dev/,
    );
  });
});

Deno.test("an upstream 500 gives a 502 page that names the Papertrade API, not a stack trace", async () => {
  await withPages(async ({ app, upstream }) => {
    upstream.setFaults({ target: "api", status: 500 });
    const response = await app.request("/");
    assert.equal(response.status, 502);
    const html = await response.text();
    assert.ok(html.includes("Papertrade API is not answering"));
    assert.doesNotMatch(html, /at \w+ \(|\.ts:\d+/);
  });
});

Deno.test("a hung upstream gives a 504 page within the configured timeout", async () => {
  await withPages(async ({ app, upstream }) => {
    upstream.setFaults({ target: "api", hang: true });
    const response = await app.request("/");
    assert.equal(response.status, 504);
    assert.match(await response.text(), /timed out/);
  }, { upstreamTimeoutMs: 300 });
});

Deno.test("unknown paths get a 404 page that says what was asked for", async () => {
  await withPages(async ({ app }) => {
    const response = await app.request("/no/such/page");
    assert.equal(response.status, 404);
    assert.ok((await response.text()).includes("Nothing lives at <bdi>/no/such/page</bdi>."));
  });
});

Deno.test("each latest trade links its wallet, position and intent, and each link answers 200", async () => {
  await withPages(async ({ get, upstream }) => {
    const feed = await (await fetch(`${upstream.apiUrl}/query/protocol/trades/recent`)).json();
    const { body } = await get("/");
    const table = body.split("Latest opens, closes and liquidations")[1].split("</table>")[0];
    const rows = table.split("<tr>").slice(2);
    assert.equal(rows.length, 10);
    const links: string[] = [];
    for (const [index, row] of rows.entries()) {
      const { wallet, positionId, intentId } = feed.events[index];
      const expected = [`/wallet/${wallet}`, `/position/${positionId}?wallet=${wallet}`];
      if (intentId) expected.push(`/intent/${intentId}?wallet=${wallet}`);
      const hrefs = [...row.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
      assert.deepEqual(hrefs, expected, `row ${index}`);
      links.push(...expected);
    }
    assert.ok(links.some((link) => link.startsWith("/intent/")), "some row carries an intent");
    for (const link of new Set(links)) assert.equal((await get(link)).status, 200, link);
  });
});
