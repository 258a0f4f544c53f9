/**
 * `/leaderboard`: ranked wallets per window, sortable by every column, searchable by name or
 * address, 25 rows a page. Every control is a link or a GET form: no script.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import { fetchRankedLeaderboard } from "../lib/wallet/ranks.ts";
import {
  LEADERBOARD_ROWS_PER_PAGE,
  NEAREST_TO_BUST,
  parseLeaderboardView,
} from "../lib/leaderboard_view.ts";
import { nearestOf, orderByNearest, readAtRiskBoard } from "../lib/at_risk.ts";
import { Parts } from "../lib/parts.ts";
import { LeaderboardPageView } from "../components/LeaderboardPageView.tsx";
import { pageResponse } from "../lib/render.tsx";

/** The leaderboard page. */
export async function leaderboardPage(c: Context<AppEnv>): Promise<Response> {
  const parsed = parseLeaderboardView(new URL(c.req.url).searchParams);
  if (!parsed.ok) {
    throw new Failure("bad_request", "That leaderboard link is not valid", {
      message: `In this link, ${parsed.problem}.`,
      hints: ["Open the leaderboard without parameters and use its links to sort and page."],
    });
  }
  const { view } = parsed;
  const { deps } = c.var;
  // Nearest to bust sorts the page's rows (read in the default order) by the shared board.
  const sortKey = view.sortKey === NEAREST_TO_BUST ? null : view.sortKey;
  const byNearest = sortKey === null;
  const [read, board] = await Promise.all([
    fetchRankedLeaderboard(deps.papertrade, {
      window: view.window,
      sortKey: sortKey ?? undefined,
      sortDir: byNearest ? undefined : view.sortDir,
      page: view.page,
      pageSize: LEADERBOARD_ROWS_PER_PAGE,
      query: view.query || undefined,
      signal: c.req.raw.signal,
    }),
    new Parts().read(readAtRiskBoard(deps, {}, { signal: c.req.raw.signal })),
  ]);
  const nearest = new Map(read.accounts.map((row) => [row.address, nearestOf(board, row.address)]));
  const accounts = byNearest ? orderByNearest(read.accounts, nearest, view.sortDir) : read.accounts;
  // The page view hands the page to the table, which reads `nearest` beside `pnlRanks`.
  const page = { ...read, accounts, nearest };
  return pageResponse(c, <LeaderboardPageView view={view} page={page} />);
}
