import assert from "node:assert/strict";
import { callTool, catalog, withHarness } from "../tests/support/tools.ts";
import { decodeTransactionTool } from "./decode_transaction.ts";
import { getLeaderboardTool } from "./get_leaderboard.ts";
import { getPositionsTool } from "./get_positions.ts";
import { getProtocolOverviewTool } from "./get_protocol_overview.ts";
import { getTradeHistoryTool } from "./get_trade_history.ts";
import { getWalletTool } from "./get_wallet.ts";
import { searchTool } from "./search.ts";
import type { ToolDefinition } from "./types.ts";

// 25,000 tokens is the clients' cap. Hex-heavy JSON runs near 3 characters a token, so
// 50,000 characters of structured JSON and text together is about 16,700 tokens. (It was 45,000
// until get_trade_history named the settling transaction of every trade: 75 more hashes, about
// 5,500 characters, put its largest page at 46,700.)
const MAX_CHARACTERS = 50_000;

Deno.test("the largest result of each tool stays far below the 25,000-token cap", async () => {
  await withHarness(async ({ context }) => {
    const whale = catalog.wallets.whale.address;
    const cases: Array<[ToolDefinition, Record<string, unknown>]> = [
      [getTradeHistoryTool, { address: whale }],
      [getLeaderboardTool, { window: "all" }],
      [getLeaderboardTool, { window: "all", query: "LongName" }],
      [getPositionsTool, { address: whale }],
      [getWalletTool, { address: whale }],
      [getProtocolOverviewTool, { recent_trades: 50 }],
      [decodeTransactionTool, { tx_hash: catalog.transactions.multi_wallet_batch.hash }],
      [searchTool, { query: "a" }],
      [searchTool, { query: whale }],
    ];
    for (const [tool, args] of cases) {
      const { json, text } = await callTool(tool, args, context);
      const size = json.length + text.length;
      assert.ok(
        size < MAX_CHARACTERS,
        `${tool.name} ${JSON.stringify(args)} is ${size} characters`,
      );
    }
  });
});
