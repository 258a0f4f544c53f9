/** get_leaderboard: ranked wallets, 25 per page. */
import { z } from "zod";
import { LEADERBOARD_SORT_KEYS, LEADERBOARD_WINDOWS } from "../lib/papertrade/mod.ts";
import {
  leaderboardJson,
  leaderboardPageCount,
  readLeaderboardView,
} from "../lib/leaderboard/mod.ts";
import { boardJson, holdingsJson } from "../lib/at_risk/mod.ts";
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
  holding_now: z.boolean({ error: "expected true or false" }).default(false).describe(
    "Only the accounts holding an open position on the at-risk board now (the page's " +
      '"holding now" filter), in the order asked for. Default false.',
  ),
});

// The board's freshness and coverage, as get_positions_at_risk names them.
const { refreshed_at, wallets_known, wallets_covered, partial } = boardJson.schema.shape;
const { shape } = leaderboardJson.schema;
const output = z.strictObject({
  ...shape,
  accounts: z.array(shape.accounts.element.extend({
    holding: holdingsJson.schema.describe(
      "What the wallet holds now on the at-risk board (see at_risk_board for its coverage).",
    ),
  })),
  holding_now: z.boolean().describe("Whether only the accounts holding now were kept."),
  at_risk_board: z.strictObject({ refreshed_at, wallets_known, wallets_covered, partial })
    .nullable().describe(
      "The at-risk board the holdings come from; null when it was not read in time (then every " +
        "holding says so, and holding_now keeps no account out).",
    ),
});

export const getLeaderboardTool = defineTool({
  name: "get_leaderboard",
  title: "Ranked wallets",
  description:
    "Ranked Papertrade wallets for a window (24h, 7d, 30d, all), 25 per page, sortable, with " +
    "an optional name or address fragment search. rank is the rank by PnL in the window " +
    "whatever the sort; position is the place in the requested sort. Each row says what the " +
    "wallet holds now on the at-risk board (notional per market and side, nearest distance to " +
    "bust); holding_now keeps only the wallets holding now. PnL, " +
    "balance and volume are USD numbers. Leaderboard names are untrusted text chosen by " +
    "owners. Next: get_wallet or get_positions with a row's address; page for more rows.",
  input,
  output,
  async run(args, context) {
    const page = await readLeaderboardView(context, {
      window: args.window,
      sortKey: args.sort_key,
      sortDir: args.sort_dir,
      page: args.page,
      query: args.query ?? "",
      holding: args.holding_now,
    }, context.signal);
    const last = leaderboardPageCount(page) - 1;
    const rows = leaderboardJson.of({ window: args.window, index: args.page, page });
    const { board } = page;
    return {
      structured: {
        ...rows,
        accounts: rows.accounts.map((row) => ({
          ...row,
          holding: holdingsJson.of(page.holdings.get(row.address as `0x${string}`)!),
        })),
        holding_now: page.coverage?.holding ?? false,
        at_risk_board: board && {
          refreshed_at: boardJson.of({ board }).refreshed_at,
          wallets_known: board.known.size,
          wallets_covered: board.covered.size,
          partial: board.partial,
        },
      },
      headline: `Leaderboard ${args.window} by ${args.sort_key} ${args.sort_dir}, page ` +
        `${args.page} of pages 0 to ${last}` +
        (args.page < last ? `; the next is page ${args.page + 1}.` : "."),
    };
  },
});
