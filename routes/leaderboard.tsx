/**
 * `/leaderboard`: ranked wallets per window, sortable by every column, searchable by name or
 * address, 25 rows a page. Every control is a link or a GET form: no script.
 */
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { fetchRankedLeaderboard, type RankedLeaderboardPage } from "../lib/wallet/ranks.ts";
import {
  LEADERBOARD_ROWS_PER_PAGE,
  type LeaderboardView,
  parseLeaderboardView,
} from "../lib/leaderboard_view.ts";
import { LeaderboardPageView } from "../components/LeaderboardPageView.tsx";
import { badRequestPage, upstreamFailurePage } from "./page_errors.tsx";

/** Routes of the leaderboard page. */
export function leaderboardRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get("/leaderboard", async (c) => {
    const parsed = parseLeaderboardView(new URL(c.req.url).searchParams);
    if (!parsed.ok) {
      return badRequestPage(
        "That leaderboard link is not valid",
        `In this link, ${parsed.problem}.`,
        [
          "Open the leaderboard without parameters and use its links to sort and page.",
        ],
      );
    }
    const view: LeaderboardView = parsed.view;
    let page: RankedLeaderboardPage;
    try {
      page = await fetchRankedLeaderboard(deps.papertrade, {
        window: view.window,
        sortKey: view.sortKey,
        sortDir: view.sortDir,
        page: view.page,
        pageSize: LEADERBOARD_ROWS_PER_PAGE,
        query: view.query || undefined,
        signal: c.req.raw.signal,
      });
    } catch (error) {
      return upstreamFailurePage(error, "The leaderboard");
    }
    return htmlResponse(<LeaderboardPageView view={view} page={page} />);
  });
  return app;
}
