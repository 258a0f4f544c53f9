/**
 * Ids without `?wallet=`: `/position/<id>` and `/intent/<id>` resolve when the explorer already
 * knows the id (the at-risk board, the latest trades, a trade history or settlement trail it has
 * read), and otherwise answer the page that says how to find it.
 */
import assert from "node:assert/strict";
import { catalog, withTestApp } from "./harness.ts";
import { readAtRiskBoard } from "../lib/at_risk/board.ts";

Deno.test("the at-risk board's top position and the intent that opened it resolve without ?wallet=", async () => {
  await withTestApp(async (app) => {
    const board = await readAtRiskBoard(app.deps);
    const top = board.rows[0];
    const feed = await app.deps.papertrade.read("recentTrades");
    assert.ok(
      !feed.trades.some((trade) => trade.positionId === top.position.positionId),
      "the latest trades do not name it: only the board does",
    );
    const position = await app.fetch(`/position/${top.position.positionId}`);
    assert.equal(position.status, 200);
    const html = await position.text();
    assert.ok(html.includes(`href="/wallet/${top.wallet}"`), "the page names its wallet");
    assert.ok(html.includes(`/position/${top.position.positionId}/chart?wallet=${top.wallet}`));
    const intentId = board.rows.find((row) => row.position.intentId !== null)!.position.intentId!;
    const owner = board.rows.find((row) => row.position.intentId === intentId)!.wallet;
    const intent = await app.fetch(`/intent/${intentId}`);
    assert.equal(intent.status, 200);
    assert.ok((await intent.text()).includes(`href="/wallet/${owner}"`));
  });
});

Deno.test("an old close's intent and a liquidated position resolve without ?wallet= once their wallet's trade history was read, and stay unknown before", async () => {
  const close = catalog.positions.closed_unnamed;
  const liquidated = catalog.positions.liquidated;
  await withTestApp(async (app) => {
    // Nothing read yet: the page that says how to find it.
    const before = await app.fetch(`/intent/${close.intentId}`);
    assert.equal(before.status, 404);
    // The page that offers to look it up with the wallet.
    assert.match(
      await before.text(),
      /<form class="search" action="\/intent\/0x[0-9a-f]{64}" method="get">/,
    );
    // The whale's page, read to its end, reads its history (and finds its settling transactions);
    // a visitor who leaves at its first bytes stops its reads.
    await (await app.fetch(`/wallet/${close.owner}`)).text();
    const intent = await app.fetch(`/intent/${close.intentId}`);
    assert.equal(intent.status, 200);
    const html = await intent.text();
    assert.match(html, /<h1>Intent: settled<\/h1>/);
    assert.ok(html.includes(`href="/tx/${close.txHash}"`));
    assert.ok(html.includes(`href="/wallet/${close.owner}"`));
    // get_trade_history reads the liquidated wallet's history: its liquidation resolves too.
    const tool = await app.fetch("/api/tools/get_trade_history", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: liquidated.owner }),
    });
    assert.equal(tool.status, 200);
    await tool.body?.cancel();
    const position = await app.fetch(`/position/${liquidated.id}`);
    assert.equal(position.status, 200);
    const page = await position.text();
    assert.ok(page.includes(`href="/tx/${liquidated.txHash}"`));
  });
});

Deno.test("an id nobody knows still answers the page that says how to find it", async () => {
  await withTestApp(async (app) => {
    await readAtRiskBoard(app.deps);
    const position = await app.fetch(`/position/${catalog.positions.unknown.id}`);
    assert.equal(position.status, 404);
    assert.match(await position.text(), /<label for="position-wallet">Owner's wallet address/);
    const intent = await app.fetch(`/intent/0x${"ab".repeat(32)}`);
    assert.equal(intent.status, 404);
    assert.match(
      await intent.text(),
      /<form class="search" action="\/intent\/0x[0-9a-f]{64}" method="get">/,
    );
  });
});
