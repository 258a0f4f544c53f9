/**
 * The nine tools, in the order the MCP server lists them. Every face of the product (MCP,
 * REST mirror, OpenAPI, cards, docs, pages) reads this one list.
 */
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

/** Every tool, in the seed's order. */
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
];

// Look a tool up with `findTool(TOOLS, name)` from lib/mcp/call_tool.ts: the one lookup, which
// the MCP layer also runs over the (possibly injected) list it serves.
