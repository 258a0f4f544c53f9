import assert from "node:assert/strict";
import { SAMPLE_TOOLS } from "../../tests/support/sample_tools.ts";
import type { DocsPage } from "./pages.ts";
import { createDocsSite, plainText, SITE_URL_PLACEHOLDER, TOOLS_MARKER } from "./site.ts";

const PAGE: DocsPage = { slug: "demo", title: "Demo", summary: "A page.", group: "Start" };

function countingSource(source: string) {
  const reads: string[] = [];
  return {
    reads,
    readSource: (slug: string) => {
      reads.push(slug);
      return Promise.resolve(source);
    },
  };
}

Deno.test("the site URL placeholder and the tools marker are replaced before rendering", async () => {
  const { readSource } = countingSource(
    `# Demo\n\nCall ${SITE_URL_PLACEHOLDER}/mcp.\n\n${TOOLS_MARKER}\n`,
  );
  const site = createDocsSite({
    siteUrl: "https://a.example/",
    tools: SAMPLE_TOOLS,
    pages: [PAGE],
    readSource,
  });
  const page = await site.render(PAGE);
  assert.match(page.markdown, /Call https:\/\/a.example\/mcp\./);
  assert.doesNotMatch(page.markdown, /\{\{SITE_URL\}\}|<!-- tools -->/);
  assert.match(page.markdown, /### get-leaderboard/);
  assert.match(page.html, /<h3 id="get-wallet">/);
  assert.match(page.text, /Call https:\/\/a.example\/mcp\./);
});

Deno.test("a page is read and rendered once, and a memo is built once", async () => {
  const { reads, readSource } = countingSource("# Demo\n");
  const site = createDocsSite({
    siteUrl: "https://a.example",
    tools: [],
    pages: [PAGE],
    readSource,
  });
  const [first, second] = await Promise.all([site.render(PAGE), site.render(PAGE)]);
  assert.equal(first, second);
  assert.equal(reads.length, 1);
  assert.equal(await site.memo("x", () => "built"), "built");
  assert.equal(await site.memo("x", () => "again"), "built");
  await site.render(PAGE);
  assert.equal(reads.length, 1);
});

Deno.test("a failed read is not cached, so the next request tries again", async () => {
  let fail = true;
  const site = createDocsSite({
    siteUrl: "https://a.example",
    tools: [],
    pages: [PAGE],
    readSource: () => fail ? Promise.reject(new Error("disk")) : Promise.resolve("# Ok\n"),
  });
  await assert.rejects(site.render(PAGE), /disk/);
  fail = false;
  assert.match((await site.render(PAGE)).html, /Ok/);
});

Deno.test("plainText drops tags and decodes the entities the renderer emits", () => {
  assert.equal(plainText("<p>a &lt;b&gt; &amp;\n <code>c</code>.</p><p>d</p>"), "a <b> & c. d");
  assert.equal(
    plainText('<h2 id="x">X <a class="anchor" href="#x">#</a></h2><button data-copy>Copy</button>'),
    "X",
  );
});
