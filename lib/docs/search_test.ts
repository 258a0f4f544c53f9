import assert from "node:assert/strict";
import type { DocsPage } from "./pages.ts";
import { queryWords, searchDocs } from "./search.ts";
import { createDocsSite } from "./site.ts";

const PAGES: DocsPage[] = [
  { slug: "a", title: "Overview", summary: "Start here.", group: "Start" },
  { slug: "b", title: "Bust price", summary: "Liquidation math.", group: "Start" },
  { slug: "c", title: "FAQ", summary: "Questions.", group: "About" },
];
const SOURCES: Record<string, string> = {
  a: "# Overview\n\nThe explorer shows the bust price of each position.\n",
  b: "# Bust price\n\n## Distance to bust\n\nHow far the mark can move.\n",
  c: "# FAQ\n\nNothing about that.\n",
};

function site() {
  return createDocsSite({
    siteUrl: "https://a.example",
    tools: [],
    pages: PAGES,
    readSource: (slug) => Promise.resolve(SOURCES[slug]),
  });
}

Deno.test("search returns pages containing every word, title matches first", async () => {
  const hits = await searchDocs(site(), "Bust PRICE");
  assert.deepEqual(hits.map((hit) => hit.page.slug), ["b", "a"]);
  assert.match(hits[1].snippet, /bust price/);
});

Deno.test("search lists the headings that match", async () => {
  const [hit] = await searchDocs(site(), "distance");
  assert.equal(hit.page.slug, "b");
  assert.deepEqual(hit.headings.map((heading) => heading.id), ["distance-to-bust"]);
});

Deno.test("an empty or unmatched query finds nothing", async () => {
  assert.deepEqual(await searchDocs(site(), "   "), []);
  assert.deepEqual(await searchDocs(site(), "bust zebra"), []);
});

Deno.test("query words are lower-cased, capped in number and length", () => {
  assert.deepEqual(queryWords("  A  b "), ["a", "b"]);
  assert.equal(queryWords("w ".repeat(50)).length, 8);
  assert.equal(queryWords("x".repeat(500))[0].length, 100);
});
