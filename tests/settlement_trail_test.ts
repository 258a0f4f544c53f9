/**
 * The settlement trail over the whole demo: every closed trade of the fixtures, its settling
 * transaction found through the one function the position and intent pages use, and that
 * transaction's page.
 */
import assert from "node:assert/strict";
import trades from "../fixtures/data/trades.json" with { type: "json" };
import { settlingTransaction } from "../lib/search/trade_by_intent.ts";
import type { Trade } from "../lib/papertrade/mod.ts";
import { catalog, replayDeps, withPages } from "./harness.ts";

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    out.push(...await Promise.all(items.slice(i, i + width).map(work)));
  }
  return out;
}

Deno.test("at least 95 % of the demo's closed trades have a settling transaction whose page answers 200", async () => {
  await withPages(async ({ get, upstream }) => {
    const deps = replayDeps(upstream);
    const closed: { wallet: string; trade: Trade }[] = [];
    for (const wallet of Object.keys(trades)) {
      let cursor: string | undefined;
      do {
        const page = await deps.papertrade.read("tradeHistory", { wallet, cursor });
        closed.push(...page.trades.map((trade) => ({ wallet, trade })));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    const rows = Object.values(trades).reduce((sum, list) => sum + list.length, 0);
    assert.equal(closed.length, rows, "every closed trade of the fixtures is read");
    const unnamed = closed.filter(({ trade }) => trade.txHash === null).length;
    assert.ok(unnamed > closed.length * 0.9, "most history rows name no transaction");

    const found = await inBatches(
      closed,
      16,
      ({ wallet, trade }) => settlingTransaction(deps.hyperevm, wallet, trade),
    );
    const settled = found.filter((hash) => hash !== null);
    assert.ok(
      settled.length >= 0.95 * closed.length,
      `${settled.length} of ${closed.length} closed trades have a settling transaction`,
    );
    // Each page answers and shows the trade: its closing intent in the batch, or its position.
    const withHashes = closed.map((item, i) => ({ ...item, hash: found[i] }));
    const pages = await inBatches(withHashes, 16, async ({ wallet, trade, hash }) => {
      if (hash === null) return null;
      const page = await get(`/tx/${hash}`);
      const names = trade.liquidated
        ? `href="/position/${trade.positionId}?wallet=${wallet}"`
        : `href="/intent/${trade.intentId}?wallet=${wallet}`;
      return page.status === 200 && page.body.includes(names)
        ? null
        : `${trade.positionId} ${hash}`;
    });
    assert.deepEqual(pages.filter((problem) => problem !== null), []);
  });
});

Deno.test("a closed trade's page links its settling transaction though its history row names none", async () => {
  await withPages(async ({ get }) => {
    for (const trade of [catalog.positions.closed_unnamed, catalog.positions.liquidated]) {
      const { status, body } = await get(`/position/${trade.id}?wallet=${trade.owner}`);
      assert.equal(status, 200);
      assert.ok(body.includes(`href="/tx/${trade.txHash}"`), trade.id);
      assert.match(body, /found from the Exchange's (PositionsClosed|Liquidated)\s+event/);
    }
    // The intent that closed it leads to the same transaction, through the wallet's history.
    const old = catalog.positions.closed_unnamed;
    const intent = await get(`/intent/${old.intentId}?wallet=${old.owner}`);
    assert.equal(intent.status, 200);
    assert.match(intent.body, /<h1>Intent: settled<\/h1>/);
    assert.ok(intent.body.includes(`href="/tx/${old.txHash}"`));
    assert.match(intent.body, /found from the Exchange's own events/);
  });
});
