import assert from "node:assert/strict";
import { keepEmbedInLinks, themeFromCookie, withEmbed } from "./page_context.ts";
import { catalog, withPages } from "../tests/harness.ts";

Deno.test("the theme cookie is read strictly; anything else follows the system", () => {
  assert.equal(themeFromCookie("theme=dark"), "dark");
  assert.equal(themeFromCookie("a=1; theme=light; b=2"), "light");
  for (const header of [null, "", "theme=blue", "xtheme=dark", "theme=dark<script>"]) {
    assert.equal(themeFromCookie(header), "auto", String(header));
  }
});

Deno.test("embed=1 is added once, before any fragment, to links and forms of our own HTML", () => {
  assert.equal(withEmbed("/wallet/0x1"), "/wallet/0x1?embed=1");
  assert.equal(withEmbed("/leaderboard?window=7d#top"), "/leaderboard?window=7d&embed=1#top");
  assert.equal(withEmbed("/x?embed=1"), "/x?embed=1");
  const html = keepEmbedInLinks(
    '<a href="/a?b=1&amp;c=2">x</a><a href="//evil.test/">y</a><a href="/static/s.css">z</a>' +
      '<a href="https://papertrade-os.pages.dev/">os</a><form class="f" action="/search">',
  );
  assert.ok(html.includes('href="/a?b=1&amp;c=2&amp;embed=1"'));
  assert.ok(html.includes('href="//evil.test/"'));
  assert.ok(html.includes('href="/static/s.css"'));
  assert.ok(html.includes('href="https://papertrade-os.pages.dev/"'));
  assert.ok(html.includes('<form class="f" action="/search"><input type="hidden" name="embed"'));
});

Deno.test("pages paint the cookie's theme, and embedded pages keep embed=1 in links and redirects", async () => {
  await withPages(async ({ app }) => {
    const dark = await app.request("/markets", { headers: { cookie: "theme=dark" } });
    assert.match(await dark.text(), /^<!doctype html><html lang="en" data-theme="dark">/);
    assert.match(dark.headers.get("vary") ?? "", /Cookie/);
    const plain = await (await app.request("/markets")).text();
    assert.match(plain, /^<!doctype html><html lang="en">/);
    const docs = await app.request("/docs/", { headers: { cookie: "theme=light" } });
    assert.match(await docs.text(), /<html lang="en" data-theme="light">/);

    const whale = catalog.wallets.whale.address;
    const embedded = await (await app.request(`/wallet/${whale}?embed=1`)).text();
    assert.ok(!embedded.includes('class="site-header"'));
    const hrefs = [...embedded.matchAll(/href="(\/[^"/][^"]*)"/g)].map((m) => m[1])
      .filter((href) => !href.startsWith("/static/"));
    assert.ok(hrefs.length > 20);
    for (const href of hrefs) assert.match(href.replaceAll("&amp;", "&"), /[?&]embed=1/, href);
    const redirect = await app.request(`/search?q=${whale}&embed=1`, { redirect: "manual" });
    assert.equal(redirect.status, 303);
    assert.equal(redirect.headers.get("location"), `/wallet/${whale}?embed=1`);
  });
});
