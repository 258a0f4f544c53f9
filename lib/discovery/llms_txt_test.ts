import assert from "node:assert/strict";
import { DOCS_PAGES, docsMarkdownPath, docsPath } from "../docs/pages.ts";
import { createDocsSite } from "../docs/site.ts";
import { SAMPLE_TOOLS } from "../../tests/support/sample_tools.ts";
import { buildLlmsFullTxt, buildLlmsTxt } from "./llms_txt.ts";

const SITE_URL = "https://explorer.example";

Deno.test("llms.txt: H1 first, then a blockquote, then sections of link lists", () => {
  const site = createDocsSite({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS });
  const text = buildLlmsTxt({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS, site });
  const lines = text.split("\n");
  assert.match(lines[0], /^# \S/);
  assert.equal(lines[1], "");
  assert.match(lines[2], /^> \S/);
  assert.equal(lines.filter((line) => line.startsWith("# ")).length, 1);
  const sections = lines.filter((line) => line.startsWith("## "));
  assert.deepEqual(sections, [
    "## Docs",
    "## Docs as markdown",
    "## Tools",
    "## API",
    "## Optional",
  ]);
  // Inside sections, every non-empty line is a "- [title](url): note" link.
  const firstSection = lines.indexOf("## Docs");
  for (const line of lines.slice(firstSection)) {
    if (line === "" || line.startsWith("## ")) continue;
    assert.match(line, /^- \[[^\]]+\]\(https:\/\/explorer\.example\/[^)\s]*\)(: .+)?$/);
  }
});

Deno.test("llms.txt links every docs page, its markdown twin and every tool", () => {
  const site = createDocsSite({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS });
  const text = buildLlmsTxt({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS, site });
  for (const page of DOCS_PAGES) {
    assert.ok(text.includes(`(${SITE_URL}${docsPath(page)})`), page.slug);
    assert.ok(text.includes(`(${SITE_URL}${docsMarkdownPath(page)})`), `${page.slug}.md`);
  }
  const tools = [...text.matchAll(/^- \[(\w+)\]\(https:\/\/explorer\.example\/docs\/mcp#/gm)];
  assert.deepEqual(tools.map((match) => match[1]), SAMPLE_TOOLS.map((tool) => tool.name));
});

Deno.test("llms-full.txt holds every page's final markdown in reading order", async () => {
  const site = createDocsSite({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS });
  const full = await buildLlmsFullTxt(site);
  const markers = [...full.matchAll(/^<!-- (\S+) -->$/gm)].map((match) => match[1]);
  assert.deepEqual(markers, DOCS_PAGES.map((page) => SITE_URL + docsPath(page)));
  assert.doesNotMatch(full, /\{\{SITE_URL\}\}|<!-- tools -->/);
  assert.match(full, /### get-leaderboard/);
});
