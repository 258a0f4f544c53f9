/**
 * `/leaderboard`: ranked wallets per window, sortable by every column, searchable by name or
 * address, 25 rows a page. Every control is a link or a GET form: no script.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import { fetchRankedLeaderboard } from "../lib/wallet/ranks.ts";
import { LEADERBOARD_ROWS_PER_PAGE, parseLeaderboardView } from "../lib/leaderboard_view.ts";
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
  const page = await fetchRankedLeaderboard(c.var.deps.papertrade, {
    window: view.window,
    sortKey: view.sortKey,
    sortDir: view.sortDir,
    page: view.page,
    pageSize: LEADERBOARD_ROWS_PER_PAGE,
    query: view.query || undefined,
    signal: c.req.raw.signal,
  });
  return pageResponse(c, <LeaderboardPageView view={view} page={page} />);
}
