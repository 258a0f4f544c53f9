/**
 * Hydrating each wallet island over its own server markup leaves the DOM's node structure as
 * it was, for a live wallet that shows every optional part (near-bust alert, pending intent in a
 * transaction, ended intents, a liquidation). Adjacent text children would make the server's
 * single text node and the client's several disagree, and hydration would split it.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { renderToString } from "preact-render-to-string";
import { h } from "preact";
import { Island } from "../client/island.tsx";
import { hydrateIslands } from "../client/hydrate.ts";
import { ISLANDS } from "../client/island_registry.ts";
import { sampleLiveWallet } from "./support/live.ts";

/** Every node under `root` as "type:name", in document order. */
function shape(root: Node): string[] {
  const out: string[] = [];
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      out.push(`${child.nodeType}:${child.nodeName}`);
      walk(child);
    }
  };
  walk(root);
  return out;
}

for (const name of ["WalletRiskBand", "LivePositions", "LiveAccount"] as const) {
  Deno.test(`hydrating ${name} keeps the server's node structure, every optional part shown`, () => {
    const html = renderToString(
      h(Island, { name, props: { live: sampleLiveWallet(), embed: true } }),
    );
    const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
    const before = shape(document.body);
    assert.ok(before.length > 20);
    const scope = globalThis as { document?: unknown };
    scope.document = document;
    try {
      assert.equal(hydrateIslands(document, ISLANDS), 1);
    } finally {
      delete scope.document;
    }
    assert.deepEqual(shape(document.body), before);
  });
}
