import assert from "node:assert/strict";
import { DOCS_PAGES, docsMarkdownPath, docsPath, findDocsPage } from "./pages.ts";

Deno.test("every listed page has a markdown file and every markdown file is listed", async () => {
  const files: string[] = [];
  for await (const entry of Deno.readDir(new URL("../../docs/", import.meta.url))) {
    if (entry.isFile && entry.name.endsWith(".md")) files.push(entry.name.slice(0, -3));
  }
  assert.deepEqual(files.sort(), DOCS_PAGES.map((page) => page.slug).sort());
});

Deno.test("slugs are unique and URL-safe, and the overview comes first", () => {
  const slugs = DOCS_PAGES.map((page) => page.slug);
  assert.equal(new Set(slugs).size, slugs.length);
  for (const slug of slugs) assert.match(slug, /^[a-z0-9-]+$/);
  assert.equal(slugs[0], "index");
});

Deno.test("the overview lives at /docs/ and other pages at /docs/<slug>, twins at .md", () => {
  assert.equal(docsPath(findDocsPage("index")!), "/docs/");
  assert.equal(docsPath(findDocsPage("faq")!), "/docs/faq");
  assert.equal(docsMarkdownPath(findDocsPage("index")!), "/docs/index.md");
  assert.equal(findDocsPage("nope"), undefined);
});
