/** The eleven tools, in the order the MCP server lists them: every face of the product reads it. */
import type { ToolDefinition } from "./types.ts";
import { searchTool } from "./search.ts";
import { getWalletTool } from "./get_wallet.ts";
import { getPositionsTool } from "./get_positions.ts";
import { getIntentsTool } from "./get_intents.ts";
import { lookupIntentTool } from "./lookup_intent.ts";
import { decodeTransactionTool } from "./decode_transaction.ts";
import { getLeaderboardTool } from "./get_leaderboard.ts";
import { getTradeHistoryTool } from "./get_trade_history.ts";
import { getProtocolOverviewTool } from "./get_protocol_overview.ts";
import { getPositionsAtRiskTool } from "./get_positions_at_risk.ts";
import { getLiquidationsTool } from "./get_liquidations.ts";
import { withStaleFields } from "../lib/cache/stale_label.ts";

/** Every tool, in the seed's order; each output may add `as_of`/`stale` (see lib/cache). */
// deno-lint-ignore no-explicit-any -- each tool has its own schema types
export const TOOLS: readonly ToolDefinition<any, any>[] = [
  searchTool,
  getWalletTool,
  getPositionsTool,
  getIntentsTool,
  lookupIntentTool,
  decodeTransactionTool,
  getLeaderboardTool,
  getTradeHistoryTool,
  getProtocolOverviewTool,
  getPositionsAtRiskTool,
  getLiquidationsTool,
].map((tool) => ({ ...tool, outputSchema: withStaleFields(tool.outputSchema) }));
