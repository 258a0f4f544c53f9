/** Every internal link on every docs page resolves in the real app over the replay upstream. */
import assert from "node:assert/strict";
import { DOCS_PAGES, docsMarkdownPath, docsPath } from "../lib/docs/pages.ts";
import { withPages } from "./harness.ts";

// POST-only endpoints answer GET with 405 and an Allow header: the link still points somewhere.
const POST_ONLY = [/^\/api\/tools\/[a-z_]+$/];

Deno.test("every internal link in the docs resolves to a real page or endpoint", async () => {
  await withPages(async ({ get }) => {
    const links = new Set<string>();
    for (const page of DOCS_PAGES) {
      for (const path of [docsPath(page), docsMarkdownPath(page)]) {
        const response = await get(path);
        assert.equal(response.status, 200, path);
        for (const match of response.body.matchAll(/href="(\/[^"#]*)(?:#[^"]*)?"/g)) {
          links.add(match[1].replaceAll("&amp;", "&"));
        }
      }
    }
    assert.ok(links.size > 20, `expected many internal links, found ${links.size}`);
    const broken: string[] = [];
    for (const link of links) {
      const { status } = await get(link);
      const ok = status === 200 || status === 301 || status === 303 ||
        (status === 405 && POST_ONLY.some((pattern) => pattern.test(link)));
      if (!ok) broken.push(`${link} → ${status}`);
    }
    assert.deepEqual(broken, []);
  });
});
