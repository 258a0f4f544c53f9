/** get_liquidations: every liquidation the explorer can see, newest first, with totals. */
import { z } from "zod";
import {
  BadLiquidationCursorError,
  DEFAULT_SELECTION,
  LIQUIDATION_PAGE_ROWS,
  liquidationsJson,
  PERIOD_NAMES,
  readLiquidations,
  selectLiquidations,
} from "../lib/liquidations/mod.ts";
import { UnknownMarketError } from "../lib/at_risk/mod.ts";
import { argsObject, choiceArg, marketArg, wholeNumberArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { ToolError } from "./types.ts";

const input = argsObject({
  window: choiceArg(
    PERIOD_NAMES as ["1h", "24h", "7d"],
    DEFAULT_SELECTION.window as "24h",
    "Only liquidations of the last hour, day or week.",
  ),
  market: marketArg(
    "Only this market (BTC, ETH); the totals are then this market's. A market Papertrade does " +
      "not list is refused with an error naming the markets.",
  ),
  cursor: z.string({ error: "expected the next_cursor string of a previous call" })
    .regex(/^\d{1,15}-\d{1,30}$/, "expected next_cursor unchanged (digits, a hyphen, digits)")
    .optional()
    .describe("next_cursor from a previous call with the same window and market."),
  limit: wholeNumberArg(
    `Most rows returned. Default ${DEFAULT_SELECTION.limit}, at most ${LIQUIDATION_PAGE_ROWS.max}.`,
    { min: 1, max: LIQUIDATION_PAGE_ROWS.max, fallback: DEFAULT_SELECTION.limit },
  ),
});

export const getLiquidationsTool = defineTool({
  name: "get_liquidations",
  title: "Liquidations, with totals per market and side",
  description:
    "Every Papertrade liquidation the explorer can see: the latest trades feed and the " +
    "Exchange's Liquidated events of the last 7 days (the blocks read are given). Each row: " +
    "wallet, leaderboard name (untrusted), market, side, size (margin × leverage, USD), " +
    "leverage, the mark it was liquidated at, the bust price, the time and the settling " +
    "transaction. Totals per market and side for 1h, 24h and 7d (count and size, summed " +
    "exactly; `complete` says whether the events reach back that far). Filter by window and " +
    "market; page with next_cursor. Next: get_trade_history or decode_transaction.",
  input,
  output: liquidationsJson.schema,
  // A market Papertrade does not list, or a cursor not its own, is the caller's argument.
  explainFailure: (error) =>
    error instanceof UnknownMarketError
      ? new ToolError(`market: ${error.message}`)
      : error instanceof BadLiquidationCursorError
      ? new ToolError(`cursor: ${error.message}`)
      : undefined,
  async run(args, context) {
    const list = await readLiquidations(context, { signal: context.signal });
    const selection = { ...args };
    const view = selectLiquidations(list, selection);
    return { structured: liquidationsJson.of({ list, selection, view }) };
  },
});
