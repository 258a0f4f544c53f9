import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import { getTradeHistoryTool } from "../../tools/get_trade_history.ts";
import { type ToolContext, ToolError } from "../../tools/types.ts";

const { wallet, trades: TOTAL, losses: LOSSES, pageSize: PAGE } = catalog.tradeHistory;

async function allPages(context: ToolContext, filter: "all" | "losses") {
  const pages = [];
  let cursor: string | undefined;
  do {
    const args = cursor === undefined
      ? { address: wallet, filter }
      : { address: wallet, filter, cursor };
    const page = await callTool(getTradeHistoryTool, args, context);
    pages.push(page);
    cursor = page.structured.next_cursor ?? undefined;
  } while (cursor !== undefined && pages.length < 10);
  return pages;
}

Deno.test("get_trade_history pages newest first, 75 at a time, until next_cursor is null", async () => {
  await withHarness(async ({ context }) => {
    const pages = await allPages(context, "all");
    assert.equal(pages.length, Math.ceil(TOTAL / PAGE));
    const trades = pages.flatMap((page) => page.structured.trades);
    assert.equal(trades.length, TOTAL);
    assert.equal(new Set(trades.map((t) => t.position_id)).size, TOTAL, "no trade twice");
    pages.slice(0, -1).forEach((page) => {
      assert.equal(page.structured.trades.length, PAGE);
      assert.ok(page.text.includes(`next_cursor: ${JSON.stringify(page.structured.next_cursor)}`));
    });
    assert.equal(pages.at(-1)!.structured.next_cursor, null);
    assert.match(pages.at(-1)!.text, /^next_cursor: n\/a$/m);
    for (let i = 1; i < trades.length; i++) {
      assert.ok(Date.parse(trades[i - 1].closed_at!) >= Date.parse(trades[i].closed_at!));
    }
    for (const t of trades) {
      assert.ok(Math.abs(t.net_pnl_usd - (t.adjusted_pnl_usd - t.fee_paid_usd)) < 1e-6);
    }
  });
});

Deno.test("get_trade_history with filter losses returns only trades with negative net PnL", async () => {
  await withHarness(async ({ context }) => {
    const trades = (await allPages(context, "losses")).flatMap((page) => page.structured.trades);
    assert.equal(trades.length, LOSSES);
    assert.ok(trades.every((t) => t.net_pnl_usd < 0));
  });
});

Deno.test("get_trade_history names the cursor when the upstream refuses it", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getTradeHistoryTool, { address: wallet, cursor: "not-a-cursor" }, context),
      (error: unknown) =>
        error instanceof ToolError && !error.upstream &&
        error.message.startsWith("cursor: "),
    );
  });
});

Deno.test("get_trade_history rejects malformed arguments with messages naming them", () => {
  // Each names its argument; a choice lists the values, a length its bound.
  assert.match(
    inputError(getTradeHistoryTool, { address: wallet, filter: "wins" }),
    /^filter: .*\ball\b.*\blosses\b/,
  );
  assert.match(
    inputError(getTradeHistoryTool, { address: wallet, cursor: "x".repeat(513) }),
    /^cursor: .*\b512\b/,
  );
  for (const cursor of ["a b", ""]) {
    assert.match(inputError(getTradeHistoryTool, { address: wallet, cursor }), /^cursor: /);
  }
});

Deno.test("the text lists the page's trades with the structured result's figures", async () => {
  await withHarness(async ({ context }) => {
    const { structured, text } = await callTool(
      getTradeHistoryTool,
      { address: catalog.wallets.whale.address },
      context,
    );
    const { trades } = structured;
    assert.ok(trades.length > 25, `the whale's first page has ${trades.length} trades`);
    const lines = text.split("\n");
    const listed = trades.filter((trade) => {
      const line = lines.find((row) => row.startsWith(`- position_id: ${trade.position_id},`));
      return line?.includes(`net_pnl_usd: ${trade.net_pnl_usd},`);
    });
    // The newest trades (the page's first rows), and the rest counted.
    assert.ok(listed.length >= 10, `${listed.length} trades in the text`);
    assert.deepEqual(listed, trades.slice(0, listed.length));
    assert.ok(text.includes(`(${trades.length - listed.length} more in the structured result)`));
  });
});

Deno.test("get_trade_history tells a wallet with no trades yet from one the exchange never saw", async () => {
  const fresh = catalog.wallets.fresh.address;
  await withHarness(async ({ context }) => {
    const page = await callTool(getTradeHistoryTool, { address: fresh }, context);
    assert.deepEqual(page.structured.trades, []);
    assert.deepEqual(page.structured.unavailable, []);
  });
  // When the account read that tells them apart fails, the empty page stands and says so.
  await withHarness(async ({ context }) => {
    const page = await callTool(getTradeHistoryTool, { address: fresh }, context);
    assert.deepEqual(page.structured.trades, []);
    assert.deepEqual(page.structured.unavailable.map((part) => part.part), ["account"]);
  }, { faults: { path: "/state/user/live", status: 500 } });
});
