import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import { getProtocolOverviewTool } from "../../tools/get_protocol_overview.ts";

/** Dollars as the tool's text shows them. */
const usdText = (value: number) =>
  `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

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
    assert.ok(text.includes(usdText(structured.tvl_usd!)), "the text states the TVL");
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

Deno.test("the structured result carries every figure the text states", async () => {
  await withHarness(async ({ context }) => {
    const { json, text } = await callTool(getProtocolOverviewTool, { recent_trades: 0 }, context);
    const result = JSON.parse(json);
    // Each figure, as the text formats dollars, whatever words surround it.
    for (const key of ["lp_usd", "lifetime_volume_usd", "fees_lifetime_usd", "fees_pending_usd"]) {
      assert.ok(text.includes(usdText(result[key])), key);
    }
    assert.ok(text.includes(usdText(result.margin_usd)), "margin_usd");
    for (const count of [result.open_positions, result.payout_queue.wallets]) {
      assert.match(text, new RegExp(`\\b${count}\\b`));
    }
    assert.equal(result.relayer_accepting_intents, true);
    assert.match(text, /relayer/i);
    for (const key of ["paper_supply", "paper_staked"]) {
      assert.equal(typeof result[key], "number", key);
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
