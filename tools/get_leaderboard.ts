/** get_leaderboard: ranked wallets, 25 per page. */
import { z } from "zod";
import { LEADERBOARD_SORT_KEYS, LEADERBOARD_WINDOWS } from "../lib/papertrade/mod.ts";
import {
  fetchRankedLeaderboard,
  LEADERBOARD_ROWS_PER_PAGE,
  leaderboardJson,
  leaderboardPageCount,
} from "../lib/leaderboard/mod.ts";
import { argsObject, choiceArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";

const input = argsObject({
  window: choiceArg(LEADERBOARD_WINDOWS, "24h", "Leaderboard window."),
  sort_key: choiceArg(LEADERBOARD_SORT_KEYS, "totalWindowedPnl", "Row field to rank by."),
  sort_dir: choiceArg(["asc", "desc"], "desc", "Sort direction."),
  page: z.int({ error: "expected a whole number, 0 or more" })
    .min(0, "expected a whole number, 0 or more")
    .max(100_000, "expected a page number below 100000")
    .default(0)
    .describe("0-based page index. Default 0."),
  query: z.string({ error: "expected a string" })
    .trim()
    .max(100, "expected at most 100 characters")
    .optional()
    .describe(
      "Optional leaderboard name or address fragment; a whole address finds that wallet alone.",
    ),
});

/** The get_leaderboard tool. */
export const getLeaderboardTool = defineTool({
  name: "get_leaderboard",
  title: "Ranked wallets",
  description:
    "Ranked Papertrade wallets for a window (24h, 7d, 30d, all), 25 per page, sortable, with " +
    "an optional name or address fragment search. rank is the rank by PnL in the window " +
    "whatever the sort; position is the place in the requested sort. PnL, " +
    "balance and volume are USD numbers. Leaderboard names are untrusted text chosen by " +
    "owners. Next: get_wallet or get_positions with a row's address; page for more rows.",
  input,
  output: leaderboardJson.schema,
  async run(args, context) {
    const page = await fetchRankedLeaderboard(context.papertrade, {
      window: args.window,
      sortKey: args.sort_key,
      sortDir: args.sort_dir,
      page: args.page,
      pageSize: LEADERBOARD_ROWS_PER_PAGE,
      query: args.query,
      signal: context.signal,
    });
    const last = leaderboardPageCount(page) - 1;
    return {
      structured: leaderboardJson.of({ window: args.window, index: args.page, page }),
      headline: `Leaderboard ${args.window} by ${args.sort_key} ${args.sort_dir}, page ` +
        `${args.page} of pages 0 to ${last}` +
        (args.page < last ? `; the next is page ${args.page + 1}.` : "."),
    };
  },
});
