import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import { getProtocolOverviewTool } from "../../tools/get_protocol_overview.ts";

Deno.test("get_protocol_overview returns TVL, both markets at their marks and 10 trades by default", async () => {
  await withHarness(async ({ context }) => {
    const { structured, text } = await callTool(getProtocolOverviewTool, {}, context);
    assert.ok(structured.tvl_usd! > 0);
    assert.equal(typeof structured.trading_paused, "boolean");
    assert.deepEqual(structured.unavailable, []);
    assert.deepEqual(
      structured.markets.map((m) => [m.instrument_id, m.market]),
      Object.entries(catalog.marks).map(([id, mark]) => [Number(id), mark.symbol]),
    );
    for (const market of structured.markets) {
      const base = catalog.marks[String(market.instrument_id) as "0" | "1"];
      const scale = market.market === "BTC" ? 10 : 100;
      const baseMid = Number(base.mid) / scale;
      assert.ok(Math.abs(market.mark_price! - baseMid) / baseMid < 0.01, "mark near the base mid");
      assert.ok(market.long_oi_usd !== null && market.long_oi_usd >= 0);
      assert.ok(market.max_leverage >= 1);
    }
    assert.equal(structured.recent_trades.length, 10);
    const times = structured.recent_trades.map((t) => Date.parse(t.at!));
    assert.deepEqual(times, [...times].sort((a, b) => b - a), "newest first");
    assert.ok(text.includes(`tvl_usd: ${structured.tvl_usd}`), "the text states the TVL");
  });
});

Deno.test("get_protocol_overview honours recent_trades from 0 to 50", async () => {
  await withHarness(async ({ context }) => {
    const none = await callTool(getProtocolOverviewTool, { recent_trades: 0 }, context);
    assert.deepEqual(none.structured.recent_trades, []);
    const three = await callTool(getProtocolOverviewTool, { recent_trades: 3 }, context);
    assert.equal(three.structured.recent_trades.length, 3);
    const many = await callTool(getProtocolOverviewTool, { recent_trades: 50 }, context);
    assert.ok(
      many.structured.recent_trades.length > 10 && many.structured.recent_trades.length <= 50,
    );
  });
});

Deno.test("get_protocol_overview rejects recent_trades outside 0..50 or not whole", () => {
  // The argument is named with its bounds; an unknown one with the one accepted.
  for (const bad of [51, -1, 2.5, "10"]) {
    assert.match(
      inputError(getProtocolOverviewTool, { recent_trades: bad }),
      /^recent_trades: .*\b0\b.*\b50\b/,
    );
  }
  assert.match(inputError(getProtocolOverviewTool, { trades: 3 }), /\btrades\b.*\brecent_trades\b/);
});

Deno.test("the text states every figure of the structured result under its field name", async () => {
  await withHarness(async ({ context }) => {
    const { structured, text } = await callTool(getProtocolOverviewTool, {}, context);
    const lines = text.split("\n");
    for (const [key, value] of Object.entries(structured)) {
      // rows_skipped is said first, in a sentence, when rows were skipped.
      if (typeof value === "number" && key !== "rows_skipped") {
        assert.ok(lines.includes(`${key}: ${value}`), key);
      }
    }
    assert.ok(lines.includes(`  owed_usd: ${structured.payout_queue!.owed_usd}`));
    assert.equal(structured.relayer_accepting_intents, true);
    assert.ok(lines.includes("relayer_accepting_intents: true"));
    for (const market of structured.markets) {
      assert.ok(text.includes(`mark_price: ${market.mark_price}`), market.market);
    }
    for (const trade of structured.recent_trades) {
      assert.ok(text.includes(`position_id: ${trade.position_id}`), trade.position_id);
    }
  });
});

Deno.test("the queue count comes from the queue summary and the relayer from its health", async () => {
  await withHarness(async ({ context }) => {
    const { structured } = await callTool(getProtocolOverviewTool, {}, context);
    assert.equal(structured.payout_queue!.wallets, 0, "the fixture queue is empty");
  });
  await withHarness(async ({ context }) => {
    const { structured, text } = await callTool(getProtocolOverviewTool, {}, context);
    assert.equal(structured.payout_queue!.wallets, null);
    assert.equal(structured.relayer_accepting_intents, null);
    assert.deepEqual(structured.unavailable.map((u) => u.part).sort(), [
      "payout queue",
      "relayer health",
    ]);
    assert.ok(structured.tvl_usd! > 0, "the summary still arrived");
    for (const { part } of structured.unavailable) assert.ok(text.includes(part), part);
  }, {
    faults: [
      { target: "api", path: "/query/protocol/queue-summary", status: 500 },
      { target: "api", path: "/relayer/health", status: 500 },
    ],
    retry: { maxAttempts: 1 },
  });
});
