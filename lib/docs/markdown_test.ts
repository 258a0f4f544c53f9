import assert from "node:assert/strict";
import { renderMarkdown } from "./markdown.ts";

Deno.test("headings get GitHub-style ids and h2 to h4 get a # anchor link", () => {
  const { html, headings } = renderMarkdown("# Title\n\n## Distance to bust\n\n### get_wallet\n");
  assert.match(html, /<h1 id="title">Title<\/h1>/);
  assert.match(
    html,
    /<h2 id="distance-to-bust">Distance to bust <a class="anchor" href="#distance-to-bust"/,
  );
  assert.match(html, /<h3 id="get_wallet">get_wallet <a class="anchor" href="#get_wallet"/);
  assert.deepEqual(headings.map((heading) => [heading.level, heading.id, heading.text]), [
    [1, "title", "Title"],
    [2, "distance-to-bust", "Distance to bust"],
    [3, "get_wallet", "get_wallet"],
  ]);
});

Deno.test("code blocks keep their language class and carry a hidden copy button", () => {
  const { html } = renderMarkdown("```bash\necho '<b>' && ls\n```\n");
  assert.match(html, /<div class="code-block"><button type="button" class="copy" data-copy/);
  assert.match(html, /data-copy hidden="hidden">Copy<\/button>/);
  assert.match(html, /<code class="language-bash">echo '&lt;b&gt;' &amp;&amp; ls\n<\/code>/);
});

Deno.test("alerts, footnotes and tables survive sanitising with their classes and links", () => {
  const { html } = renderMarkdown(
    "> [!WARNING]\n> Leverage.\n\nText[^1].\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n[^1]: Note.\n",
  );
  assert.match(html, /<div class="markdown-alert markdown-alert-warning">/);
  assert.match(html, /<p class="markdown-alert-title">Warning<\/p>/);
  assert.doesNotMatch(html, /<svg/);
  assert.match(html, /<a id="footnote-ref-1" href="#footnote-1" data-footnote-ref/);
  assert.match(html, /<section class="footnotes" data-footnotes>/);
  assert.match(html, /<li id="footnote-1">/);
  assert.match(html, /<th align="right">b<\/th>/);
});

Deno.test("raw script and event handlers in markdown render as escaped text, not markup", () => {
  const { html } = renderMarkdown(
    'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <b onclick="x()">b</b>\n',
  );
  assert.doesNotMatch(html, /<script/i);
  assert.doesNotMatch(html, /<img/i);
  assert.doesNotMatch(html, /onclick|onerror="/i);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
});

Deno.test("javascript: links lose their href while http links keep it", () => {
  const { html } = renderMarkdown("[bad](javascript:alert(1)) and [good](https://example.org/x)\n");
  assert.doesNotMatch(html, /javascript:/);
  assert.match(html, /<a href="https:\/\/example.org\/x">good<\/a>/);
});
