/**
 * One call per tool against the replay upstream, with what its structured result must say.
 * Every expectation comes from catalog.json, so regenerating the fixtures keeps these valid.
 */
import assert from "node:assert/strict";
import { catalog } from "../fixtures/mod.ts";
import { TOOLS } from "../tools/registry.ts";
import { findTool } from "../tools/types.ts";

/** A tool call and the checks its structured result must pass. */
export interface ToolCase {
  name: string;
  arguments: Record<string, unknown>;
  // deno-lint-ignore no-explicit-any -- checks read arbitrary JSON
  check(structured: any): void;
}

const whale = catalog.wallets.whale;
const batch = catalog.transactions.multi_wallet_batch;
const settled = catalog.intents.settled_in_window;
const pending = catalog.intents.pending;

/** The eleven tools, in registry order, each with arguments that succeed on the replay data. */
export const TOOL_CASES: readonly ToolCase[] = [
  {
    name: "search",
    arguments: { query: whale.address },
    check(result) {
      assert.equal(result.kind, "wallet");
      assert.equal(result.next_tool, "get_wallet");
      assert.equal(result.value, whale.address);
    },
  },
  {
    name: "get_wallet",
    arguments: { address: whale.address },
    check(result) {
      assert.equal(result.address, whale.address);
      assert.equal(result.leaderboard_name, whale.leaderboardName);
      assert.equal(result.open_positions, whale.openPositions);
      assert.equal(result.pending_operations, whale.pendingOperations);
    },
  },
  {
    name: "get_positions",
    arguments: { address: whale.address },
    check(result) {
      assert.equal(result.address, whale.address);
      assert.equal(result.positions.length, whale.openPositions);
    },
  },
  {
    name: "get_intents",
    arguments: { address: pending.wallet },
    check(result) {
      assert.equal(result.address, pending.wallet);
      assert.equal(result.count, result.pending.length);
      assert.ok(
        result.pending.some((item: { intent_id: string }) => item.intent_id === pending.id),
      );
    },
  },
  {
    name: "lookup_intent",
    arguments: { intent_id: settled.id },
    check(result) {
      assert.equal(result.state, "settled");
      assert.equal(result.settlement.tx_hash, settled.txHash);
      assert.equal(result.settlement.block_number, settled.block);
      assert.equal(result.settlement.signature_verified, true);
    },
  },
  {
    name: "decode_transaction",
    arguments: { tx_hash: batch.hash },
    check(result) {
      assert.equal(result.found, true);
      assert.equal(result.is_batch, true);
      assert.equal(result.block_number, batch.block);
      assert.deepEqual(
        result.intents.map((intent: { intent_id: string }) => intent.intent_id),
        batch.intentIds,
      );
    },
  },
  {
    name: "get_leaderboard",
    arguments: { window: "24h", page: 0 },
    check(result) {
      assert.equal(result.total_accounts, catalog.leaderboard.accounts);
      assert.equal(result.accounts.length, catalog.leaderboard.pageSize);
      assert.equal(result.accounts[0].rank, 1);
    },
  },
  {
    name: "get_trade_history",
    arguments: { address: catalog.tradeHistory.wallet },
    check(result) {
      assert.equal(result.address, catalog.tradeHistory.wallet);
      assert.equal(result.trades.length, catalog.tradeHistory.pageSize);
      assert.equal(typeof result.next_cursor, "string");
    },
  },
  {
    name: "get_protocol_overview",
    arguments: { recent_trades: 3 },
    check(result) {
      assert.equal(result.recent_trades.length, 3);
      assert.deepEqual(
        result.markets.map((market: { market: string }) => market.market),
        Object.values(catalog.marks).map((mark) => mark.symbol),
      );
      assert.equal(typeof result.trading_paused, "boolean");
    },
  },
  {
    name: "get_positions_at_risk",
    arguments: { limit: 2 },
    check(result) {
      assert.equal(result.positions.length, 2);
      assert.equal(result.positions[0].risk, "near_bust");
      assert.equal(result.wallets_covered, result.wallets_known);
    },
  },
  {
    name: "get_liquidations",
    arguments: { window: "7d", limit: 200 },
    check(result) {
      const liquidated = catalog.positions.liquidated;
      const row = result.liquidations.find((item: { position_id: string }) =>
        item.position_id === liquidated.id
      );
      assert.equal(row?.wallet, liquidated.owner);
      assert.equal(row?.tx_hash, liquidated.txHash);
      assert.equal(result.matched, result.liquidations.length);
      assert.equal(result.totals[2].count, result.matched);
    },
  },
];

/** Throws unless `structured` matches the tool's own output schema (zod), strictly. */
export function assertMatchesOutputSchema(name: string, structured: unknown): void {
  const tool = findTool(TOOLS, name);
  assert.ok(tool, `no tool ${name}`);
  const parsed = tool.outputSchema.safeParse(structured);
  assert.ok(parsed.success, `${name}: ${parsed.success ? "" : parsed.error.message}`);
}
