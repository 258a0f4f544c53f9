import assert from "node:assert/strict";
import { DOMParser } from "@xmldom/xmldom";
import { DOCS_PAGES, docsPath } from "../docs/pages.ts";
import {
  buildRobotsTxt,
  buildSecurityTxt,
  buildSitemapXml,
  CONTENT_SIGNAL,
  NAMED_CRAWLERS,
} from "./text_files.ts";

function parseXml(xml: string) {
  const errors: string[] = [];
  const document = new DOMParser({
    onError: (level: string, message: string) => errors.push(`${level}: ${message}`),
  }).parseFromString(xml, "application/xml");
  return { document, errors };
}

Deno.test("sitemap.xml is well-formed XML listing home, leaderboard, markets, at-risk, the liquidations page and feed, and every docs page", () => {
  const { document, errors } = parseXml(buildSitemapXml("https://explorer.example", DOCS_PAGES));
  assert.deepEqual(errors, []);
  assert.equal(document.documentElement?.nodeName, "urlset");
  const locs = Array.from(document.getElementsByTagName("loc"), (node) => node.textContent);
  assert.deepEqual(locs, [
    "https://explorer.example/",
    "https://explorer.example/leaderboard",
    "https://explorer.example/markets",
    "https://explorer.example/at-risk",
    "https://explorer.example/liquidations",
    "https://explorer.example/liquidations.atom",
    ...DOCS_PAGES.map((page) => `https://explorer.example${docsPath(page)}`),
  ]);
});

Deno.test("sitemap URLs are escaped, so an odd site URL keeps the XML well-formed", () => {
  const xml = buildSitemapXml("https://explorer.example/a&b<c>", DOCS_PAGES.slice(0, 1));
  const { document, errors } = parseXml(xml);
  assert.deepEqual(errors, []);
  assert.equal(
    document.getElementsByTagName("loc")[0].textContent,
    "https://explorer.example/a&b<c>/",
  );
});

Deno.test("the XML parser really rejects malformed input (the check can fail)", () => {
  assert.notDeepEqual(parseXml("<urlset><url><loc>a&b</loc></url></urlset>").errors, []);
});

Deno.test("robots.txt carries the content signal, explicit AI crawler allows and the sitemap", () => {
  const robots = buildRobotsTxt("https://explorer.example");
  const lines = robots.split("\n");
  for (const agent of ["*", ...NAMED_CRAWLERS]) {
    const at = lines.indexOf(`User-agent: ${agent}`);
    assert.ok(at >= 0, `no group for ${agent}`);
    assert.equal(lines[at + 1], `Content-Signal: ${CONTENT_SIGNAL}`);
    assert.equal(lines[at + 2], "Allow: /");
  }
  assert.ok(lines.includes("Sitemap: https://explorer.example/sitemap.xml"));
});

Deno.test("security.txt expires a year ahead of the current day and names its canonical URL", () => {
  const now = Date.UTC(2026, 9, 12, 15, 30);
  const text = buildSecurityTxt("https://explorer.example", now);
  assert.match(text, /^Contact: https:\/\/explorer\.example\/docs\/security-and-limits#/m);
  assert.match(text, /^Expires: 2027-10-12T00:00:00Z$/m);
  assert.match(text, /^Canonical: https:\/\/explorer\.example\/\.well-known\/security\.txt$/m);
  assert.match(text, /^Policy: https:\/\/explorer\.example\/docs\/security-and-limits$/m);
  const expires = Date.parse(text.match(/^Expires: (.+)$/m)![1]);
  assert.ok(expires > now && expires - now <= 366 * 86_400_000);
});
