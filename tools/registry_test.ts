import assert from "node:assert/strict";
import { z } from "zod";
import { TOOLS } from "./registry.ts";
import { READ_ONLY_ANNOTATIONS, ToolError } from "./types.ts";
import { unknownWalletError } from "./define_tool.ts";
import { callTool, catalog, withHarness } from "../tests/support/tools.ts";
import { toolJsonSchemas } from "../lib/tool_info.ts";
import { findTool } from "./types.ts";
import { TOOL_SUMMARIES, toolSummaries } from "../scripts/build.ts";

// The contract of docs/mcp (seed "MCP server"): names in order and each tool's result fields.
const CONTRACT: Array<[string, string[]]> = [
  ["search", ["kind", "value", "next_tool", "result", "unavailable"]],
  ["get_wallet", [
    "address",
    "leaderboard_name",
    "balance_usd",
    "queued_usd",
    "locked_usd",
    "available_usd",
    "open_positions",
    "pending_operations",
    "paper",
    "lifetime",
    "session_keys",
    "ranks",
    "links",
    "unavailable",
    "rows_skipped",
  ]],
  ["get_positions", [
    "address",
    "marks",
    "positions",
    "totals",
    "equity_usd",
    "total_pnl_usd",
    "return_on_deposits_percent",
    "closed",
    "unavailable",
    "rows_skipped",
  ]],
  ["get_intents", [
    "address",
    "pending",
    "count",
    "recent_outcomes",
    "unavailable",
    "rows_skipped",
  ]],
  ["lookup_intent", [
    "intent_id",
    "state",
    "verdict",
    "verdict_reason",
    "feed",
    "pending",
    "outcome",
    "settlement",
    "history",
    "scanned",
    "relayer_checked",
    "unavailable",
  ]],
  ["decode_transaction", [
    "tx_hash",
    "found",
    "status",
    "block_number",
    "papertrade",
    "selector",
    "calldata_bytes",
    "events",
    "wallets",
    "is_batch",
    "intent_count",
    "intents",
    "unavailable",
  ]],
  ["get_leaderboard", [
    "window",
    "page",
    "total_accounts",
    "accounts",
    "unavailable",
    "rows_skipped",
    "holding_now",
    "at_risk_board",
  ]],
  ["get_trade_history", ["address", "trades", "next_cursor", "unavailable", "rows_skipped"]],
  ["get_protocol_overview", [
    "tvl_usd",
    "markets",
    "recent_trades",
    "trading_paused",
    "lp_usd",
    "margin_usd",
    "lifetime_volume_usd",
    "open_positions",
    "fees_lifetime_usd",
    "fees_pending_usd",
    "paper_supply",
    "paper_staked",
    "payout_queue",
    "relayer_accepting_intents",
    "unavailable",
    "rows_skipped",
  ]],
  ["get_positions_at_risk", [
    "refreshed_at",
    "mark_at",
    "wallets_known",
    "wallets_covered",
    "partial",
    "not_read",
    "not_yet_read",
    "matched",
    "positions",
    "bust_ladder",
    "unavailable",
  ]],
  ["get_liquidations", [
    "window",
    "market",
    "matched",
    "liquidations",
    "next_cursor",
    "totals",
    "events_from_block",
    "events_to_block",
    "events_from",
    "latest_trades_read",
    "histories_not_read",
    "unavailable",
    "rows_skipped",
  ]],
];

const ARGUMENTS: Record<string, string[]> = {
  search: ["query"],
  get_wallet: ["address"],
  get_positions: ["address", "position_id"],
  get_intents: ["address"],
  lookup_intent: ["intent_id", "wallet"],
  decode_transaction: ["tx_hash"],
  get_leaderboard: ["window", "sort_key", "sort_dir", "page", "query", "holding_now"],
  get_trade_history: ["address", "filter", "cursor"],
  get_protocol_overview: ["recent_trades"],
  get_positions_at_risk: ["market", "band", "limit"],
  get_liquidations: ["window", "market", "cursor", "limit"],
};

Deno.test("the registry lists the eleven tools in the contract's order and finds each by name", () => {
  assert.deepEqual(TOOLS.map((tool) => tool.name), CONTRACT.map(([name]) => name));
  for (const tool of TOOLS) assert.equal(findTool(TOOLS, tool.name), tool);
  assert.equal(findTool(TOOLS, "get_wallets"), undefined);
});

Deno.test("every output schema's top-level fields are exactly the contract's result fields", () => {
  for (const [name, fields] of CONTRACT) {
    const schema = z.toJSONSchema(findTool(TOOLS, name)!.outputSchema, { io: "output" });
    assert.equal(schema.type, "object", name);
    // Every result may also say it was served from a last good copy (lib/cache).
    assert.deepEqual(Object.keys(schema.properties ?? {}), [...fields, "as_of", "stale"], name);
    assert.equal(schema.additionalProperties, false, `${name} output is strict`);
  }
});

Deno.test("every input schema is a strict object whose arguments all carry a description", () => {
  for (const tool of TOOLS) {
    const schema = z.toJSONSchema(tool.inputSchema, { io: "input" });
    assert.equal(schema.type, "object", tool.name);
    assert.equal(schema.additionalProperties, false, `${tool.name} refuses unknown keys`);
    const properties = (schema.properties ?? {}) as Record<string, { description?: string }>;
    assert.deepEqual(Object.keys(properties), ARGUMENTS[tool.name], tool.name);
    for (const [key, property] of Object.entries(properties)) {
      assert.ok(property.description, `${tool.name}.${key} has a description`);
    }
  }
});

Deno.test("every tool is read-only, titled, and described in under 1 KB", () => {
  for (const tool of TOOLS) {
    assert.equal(tool.annotations, READ_ONLY_ANNOTATIONS);
    assert.ok(tool.title.length > 0);
    const bytes = new TextEncoder().encode(tool.description).length;
    assert.ok(bytes > 100 && bytes < 1024, `${tool.name} description is ${bytes} bytes`);
  }
});

Deno.test("every tool that reads a wallet answers one the exchange has never seen alike", async () => {
  const walletTools = TOOLS.filter((tool) =>
    (toolJsonSchemas(tool).input.required as string[] | undefined)?.includes("address")
  );
  assert.deepEqual(
    walletTools.map((tool) => tool.name),
    ["get_wallet", "get_positions", "get_intents", "get_trade_history"],
  );
  const address = catalog.wallets.unknown.address;
  const expected = unknownWalletError("address", address).message;
  await withHarness(async ({ context }) => {
    for (const tool of walletTools) {
      await assert.rejects(
        () => callTool(tool, { address }, context),
        (error: unknown) =>
          error instanceof ToolError && !error.upstream && error.message === expected,
        tool.name,
      );
    }
  });
});

Deno.test("tools/summaries.json, which the home page lists, is the registry's (deno task build)", async () => {
  const committed = await Deno.readTextFile(TOOL_SUMMARIES);
  assert.equal(committed, await toolSummaries(), "stale: run deno task build");
});
