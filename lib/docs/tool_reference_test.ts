import assert from "node:assert/strict";
import { HOSTILE_TOOL, SAMPLE_TOOLS } from "../../tests/support/sample_tools.ts";
import { renderMarkdown } from "./markdown.ts";
import { anchorOf, toolReferenceMarkdown, typeLabel } from "./tool_reference.ts";

Deno.test("the tool index lists every tool in registry order, linked to its section", () => {
  const markdown = toolReferenceMarkdown(SAMPLE_TOOLS);
  const linked = [...markdown.matchAll(/^\| \[`([^`]+)`\]\(#([^)]+)\)/gm)];
  assert.deepEqual(linked.map((match) => match[1]), ["search", "get_wallet", "get_leaderboard"]);
  const { headings } = renderMarkdown(markdown);
  const ids = new Set(headings.map((heading) => heading.id));
  for (const match of linked) assert.ok(ids.has(match[2]), `no heading with id ${match[2]}`);
});

Deno.test("each tool section has its annotations, argument table, result fields and a call", () => {
  const markdown = toolReferenceMarkdown(SAMPLE_TOOLS);
  assert.match(markdown, /### get-wallet\n\n\*\*`get_wallet`\*\*\. \*\*Look up a wallet\*\*/);
  assert.match(markdown, /Annotations: `readOnlyHint: true`, `destructiveHint: false`/);
  assert.match(
    markdown,
    /\| `address` \| string \| yes \| Wallet address: 0x and 40 hex digits. \|/,
  );
  assert.match(markdown, /\| `window` \| `24h`, `7d`, `30d`, `all` \| no \| Default `"24h"`. \|/);
  assert.match(markdown, /Structured result fields: `window`, `accounts`./);
  const calls = [...markdown.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]));
  assert.deepEqual(calls.map((call) => call.params.name), SAMPLE_TOOLS.map((tool) => tool.name));
  assert.match(calls[1].params.arguments.address, /^0x[0-9a-f]{40}$/);
});

Deno.test("hostile tool strings render as text: no script, no handler, no javascript link", () => {
  const { html } = renderMarkdown(toolReferenceMarkdown([HOSTILE_TOOL]));
  assert.doesNotMatch(html, /<script|<img|javascript:|<[^>]*\son\w+=/i);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(html, /Hostile &lt;script&gt;/);
});

Deno.test("type labels read unions, arrays and nullable types", () => {
  assert.equal(typeLabel({ type: ["string", "null"] }), "string or null");
  assert.equal(typeLabel({ type: "array", items: { type: "integer" } }), "array of integer");
  assert.equal(typeLabel({ anyOf: [{ type: "string" }, { const: 3 }] }), "string or `3`");
  assert.equal(typeLabel({}), "any");
});

Deno.test("tool anchors are the seed's hyphenated ids, and the old underscore ids still exist", () => {
  assert.equal(anchorOf("get_trade_history"), "get-trade-history");
  assert.equal(anchorOf("Get Wallet!"), "get-wallet");
  const { html, headings } = renderMarkdown(toolReferenceMarkdown(SAMPLE_TOOLS));
  assert.ok(headings.some((heading) => heading.id === "get-wallet"));
  assert.match(html, /<a id="get_wallet"><\/a>/, "old #get_wallet links still land");
  assert.match(html, /href="#get-wallet"/);
});
