/**
 * Hydrating each wallet island over its own server markup leaves the DOM's node structure as
 * it was, for a view that shows every optional part (near-bust alert, pending intent in a
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
import type { PositionsView } from "../lib/wallet/view_types.ts";
import { catalog } from "./harness.ts";

function fullView(): PositionsView {
  const hex = (digit: string) => `0x${digit.repeat(64)}`;
  return {
    address: catalog.wallets.whale.address,
    rows: [{
      id: "7",
      market: "BTC",
      side: "long",
      leverage: "1000x",
      margin: "$10.00",
      notional: "$10,000.00",
      entry: "83,000.0",
      mark: "82,980.0",
      bust: "82,975.0",
      distance: "0.006%",
      risk: "near_bust",
      pnl: "-$2.41",
      pnlTone: "bad",
      closePnl: "-$2.60",
      closePnlTone: "bad",
      payout: "$7.40",
    }],
    totals: {
      count: 1,
      margin: "$10.00",
      notional: "$10,000.00",
      pnl: "-$2.41",
      pnlTone: "bad",
      closePnl: "-$2.60",
      closePnlTone: "bad",
      payout: "$7.40",
      unvalued: 0,
    },
    summary: {
      equity: "$1,000.00",
      pnl: "-$2.41",
      pnlTone: "bad",
      worstDistance: "0.006%",
      worstRisk: "near_bust",
      worstPositionId: "7",
      closeCount: 0,
      nearBustCount: 1,
      openCount: 1,
    },
    funds: { balance: "$990.00", queued: "$0.00", locked: "$10.00", available: "$990.00" },
    paper: { held: "1 PAPER", staked: "0 PAPER", rewards: "n/a" },
    pending: [{
      intentId: hex("a"),
      action: "closePositions",
      deadlineAt: catalog.baseTimeMs + 60_000,
    }],
    queuePlaces: { [hex("a")]: 1 },
    queueAt: catalog.baseTimeMs - 2_000,
    outcomes: [
      { intentId: hex("c"), outcome: "failed", reportedAt: catalog.baseTimeMs - 5_000 },
      { intentId: hex("e"), outcome: "expired", reportedAt: catalog.baseTimeMs - 9_000 },
    ],
    closedPositions: [
      { positionId: "5", market: "ETH", netPnl: "-$10.00", netPnlTone: "bad", liquidated: true },
      { positionId: "6", market: "BTC", netPnl: "+$1.00", netPnlTone: "good", liquidated: false },
    ],
    marksAt: catalog.baseTimeMs,
    accountBlock: "1",
    accountAt: catalog.baseTimeMs,
    generatedAt: catalog.baseTimeMs,
  };
}

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
    const html = renderToString(h(Island, { name, props: { view: fullView(), embed: true } }));
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
