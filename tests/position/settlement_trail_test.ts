/**
 * The settlement trail over the whole demo: every closed trade of the fixtures, its settling
 * transaction found through the one function the position and intent pages use, and that
 * transaction's page.
 */
import assert from "node:assert/strict";
import trades from "../../fixtures/data/trades.json" with { type: "json" };
import { settlingTransaction } from "../../lib/position/trade_by_intent.ts";
import type { Trade } from "../../lib/papertrade/mod.ts";
import { catalog, replayDeps, withPages } from "../harness.ts";
import { trailRequestBound } from "../../lib/hyperevm/settlement_trail.ts";

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

/** The position ids and the transactions of a wallet page's trade table, in row order. */
function tableTransactions(html: string): Map<string, string | null> {
  const section = html.split('id="trades"')[1] ?? "";
  const rows = section.match(/<tr>[\s\S]*?<\/tr>/g) ?? [];
  return new Map(rows.flatMap((row) => {
    const id = row.match(/<th scope="row"><a href="\/position\/(\d+)\?/)?.[1];
    return id ? [[id, row.match(/href="\/tx\/(0x[0-9a-f]{64})"/)?.[1] ?? null]] : [];
  }));
}

Deno.test("the whale's closed trades name their settling transaction alike in get_trade_history, the wallet page's table, the CSV and the Atom feed", async () => {
  const whale = catalog.wallets.whale.address;
  await withPages(async ({ app, get }) => {
    const post = async (args: Record<string, unknown>) => {
      const response = await app.request("/api/tools/get_trade_history", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(args),
      });
      assert.equal(response.status, 200);
      return await response.json();
    };
    // The tool, page by page.
    const tool = new Map<string, string | null>();
    let cursor: string | null = null;
    do {
      const page = await post(cursor ? { address: whale, cursor } : { address: whale });
      assert.deepEqual(page.unavailable, []);
      for (const trade of page.trades) tool.set(trade.position_id, trade.tx_hash);
      cursor = page.next_cursor;
    } while (cursor);
    assert.equal(tool.size, catalog.wallets.whale.trades);
    const named = [...tool.values()].filter((hash) => hash !== null).length;
    assert.ok(named >= 0.95 * tool.size, `${named} of ${tool.size} trades name their transaction`);
    // The wallet page's table, following its "Older trades" links.
    const table = new Map<string, string | null>();
    let path: string | null = `/wallet/${whale}`;
    while (path) {
      const { status, body } = await get(path);
      assert.equal(status, 200);
      assert.doesNotMatch(body, /settling transactions/);
      for (const [id, hash] of tableTransactions(body)) table.set(id, hash);
      const older = /<a href="([^"]+)" rel="next">Older trades<\/a>/.exec(body)?.[1];
      path = older ? older.replaceAll("&amp;", "&").replace(/#.*$/, "") : null;
    }
    assert.equal(table.size, tool.size);
    // The CSV: position_id and tx_hash columns.
    const csv = (await get(`/wallet/${whale}/trades.csv`)).body.trim().split("\r\n");
    const header = csv[0].split(",");
    const [idAt, txAt] = [header.indexOf("position_id"), header.indexOf("tx_hash")];
    const exported = new Map(
      csv.slice(1).map((line) => line.split(",")).map((
        cells,
      ) => [cells[idAt], cells[txAt] || null]),
    );
    assert.equal(exported.size, tool.size, "no note line: every row was searched");
    // The feed's closes and liquidations link the same transactions.
    const feed = (await get(`/wallet/${whale}/feed.atom`)).body;
    const entries = [...feed.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map(([entry]) => entry)
      .filter((entry) => /:(close|liquidation)<\/id>/.test(entry));
    assert.ok(entries.length > 0);
    let linked = 0;
    for (const entry of entries) {
      const id = entry.match(/:position:(\d+):/)![1];
      const hash =
        entry.match(/rel="related" title="Settling transaction" href="[^"]*\/tx\/(0x[0-9a-f]{64})"/)
          ?.[1] ?? null;
      assert.equal(hash, tool.get(id), `feed entry of ${id}`);
      if (hash) linked += 1;
    }
    // One answer on every face, for at least 95 % of the trades.
    for (const [id, hash] of tool) {
      assert.equal(table.get(id), hash, `table row of ${id}`);
      assert.equal(exported.get(id), hash, `CSV row of ${id}`);
    }
    assert.ok(linked >= 0.95 * entries.length, `${linked} of ${entries.length} feed entries`);
  });
});

Deno.test("a history page of 75 trades costs the replay at most two API reads and the trail's stated bound, and nothing from the chain when read again", async () => {
  const whale = catalog.wallets.whale.address;
  await withPages(async ({ app, upstream }) => {
    const post = async () => {
      const response = await app.request("/api/tools/get_trade_history", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ address: whale }),
      });
      return await response.json();
    };
    const first = await post();
    assert.equal(first.trades.length, 75);
    assert.ok(first.trades.filter((t: { tx_hash: string | null }) => t.tx_hash).length >= 72);
    // The history page and the trading state; then the trail: the head, block reads and
    // eth_getLogs, together within its bound for 75 trades.
    const cold = upstream.stats().requests;
    assert.ok(cold <= 2 + trailRequestBound(75), `a cold history page made ${cold} requests`);
    // Read again: the API's answers are cached and so is everything the trail found.
    assert.deepEqual((await post()).trades, first.trades);
    assert.equal(upstream.stats().requests - cold, 0);
  });
});

Deno.test("with the chain's log queries failing, the history still answers and names the settling transactions as missing", async () => {
  const whale = catalog.wallets.whale.address;
  await withPages(async ({ app, get }) => {
    const response = await app.request("/api/tools/get_trade_history", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: whale }),
    });
    assert.equal(response.status, 200);
    const result = await response.json();
    assert.equal(result.trades.length, 75);
    assert.deepEqual(result.unavailable.map((item: { part: string }) => item.part), [
      "settling transactions",
    ]);
    const page = await get(`/wallet/${whale}`);
    assert.equal(page.status, 200);
    const trades = page.body.split('id="trades"')[1];
    assert.match(trades, /settling transactions/);
    assert.equal(trades.match(/<th scope="row"><a href="\/position\//g)?.length, 75);
  }, { faults: { target: "rpc", rpcMethod: "eth_getLogs", status: 500 } });
});
