/**
 * `/leaderboard`: ranked wallets per window, sortable by every column, searchable by name or
 * address, 25 rows a page. Every control is a link or a GET form: no script. `/leaderboard.csv`
 * takes the same parameters and downloads the rows on screen, with exact figures.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import {
  LEADERBOARD_FIGURES,
  LEADERBOARD_SORT_KEYS,
  parseLeaderboardView,
  readLeaderboardView,
} from "../lib/leaderboard/mod.ts";
import { LeaderboardPageView } from "./leaderboard/LeaderboardPageView.tsx";
import { pageResponse } from "../lib/render.tsx";
import { csvLine } from "../lib/csv.ts";

/** The view the request asks for and its page of the board. */
async function readLeaderboard(c: Context<AppEnv>) {
  const parsed = parseLeaderboardView(new URL(c.req.url).searchParams);
  if (!parsed.ok) {
    throw new Failure("bad_request", "That leaderboard link is not valid", {
      message: `In this link, ${parsed.problem}.`,
      hints: ["Open the leaderboard without parameters and use its links to sort and page."],
    });
  }
  const { view } = parsed;
  const page = await readLeaderboardView(c.var.deps, view, c.req.raw.signal);
  return { view, page };
}

export async function leaderboardPage(c: Context<AppEnv>): Promise<Response> {
  const { view, page } = await readLeaderboard(c);
  return pageResponse(c, <LeaderboardPageView view={view} page={page} now={c.var.deps.now()} />);
}

/**
 * The rows of the same view as CSV: place (`position`), PnL rank (`rank`), wallet, name, then
 * every sort key's figure, money as exact decimals (viem's `formatUnits`, loaded with the first
 * export), each column named as get_leaderboard names the field (`lib/leaderboard/model.ts`).
 */
export async function leaderboardCsv(c: Context<AppEnv>): Promise<Response> {
  const [{ view, page }, { formatUnits }] = await Promise.all([readLeaderboard(c), import("viem")]);
  const figure = (value: bigint | number | null) =>
    typeof value === "bigint" ? formatUnits(value, 18) : value;
  const rows = page.accounts.map((row) => {
    const nearest = page.nearest.get(row.address);
    return [
      row.rank,
      page.pnlRanks.get(row.address),
      row.address,
      row.leaderboardName,
      ...LEADERBOARD_SORT_KEYS.map((key) => figure(row[key])),
      // The nearest distance to bust on the at-risk board, blank when it has none.
      figure(nearest && "row" in nearest ? nearest.row.distanceToBustPercent : null),
    ];
  });
  const header = [
    ...["position", "rank", "address", "leaderboard_name"],
    ...LEADERBOARD_SORT_KEYS.map((key) => LEADERBOARD_FIGURES[key].field),
    "nearest_to_bust_percent",
  ];
  const name = `papertrade-leaderboard-${view.window}-${view.sortKey}-${view.sortDir}-page${
    view.page + 1
  }${view.query ? "-search" : ""}.csv`;
  return c.body([header, ...rows].map(csvLine).join(""), 200, {
    "content-type": "text/csv; charset=utf-8; header=present",
    "content-disposition": `attachment; filename="${name}"`,
  });
}
