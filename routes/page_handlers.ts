/**
 * Every page's handler, loaded together on the first page request: one lazy boundary
 * (`routes/pages.tsx`), since a page's module graph is most of the app and a first request for
 * robots.txt or a static file needs none of it.
 */
import type { AppDeps } from "../lib/deps.ts";
import type { AppHandler } from "../lib/http/app_env.ts";
import { homePage } from "./home.tsx";
import { walletPage } from "./wallet.tsx";
import { leaderboardCsv, leaderboardPage } from "./leaderboard.tsx";
import { txPage } from "./tx.tsx";
import { intentPage } from "./intent.tsx";
import { positionChart, positionPage } from "./position.tsx";
import { marketPage, marketsPage } from "./markets.tsx";
import { searchPage } from "./search.tsx";
import { atRiskPage } from "./at_risk.tsx";
import { watchlistJson, watchlistPage } from "./watchlist.tsx";
import { liquidationsFeed, walletFeed } from "./feeds.ts";
import { liquidationsPage } from "./liquidations.tsx";
import { liveRoutes, type LiveRoutesOptions } from "./wallet/live.ts";
import { walletCsv, type WalletCsvOptions } from "./wallet/csv.ts";
import { previewRoutes } from "./wallet/preview.tsx";

/** Tuning of the stateful pages (tests shorten the live stream and shrink the export pool). */
export interface PageRoutesOptions {
  live?: LiveRoutesOptions;
  csv?: WalletCsvOptions;
}

/** The handlers by name; the stateful ones (live slots, export pool, card cache) per app. */
export function pageHandlers(deps: AppDeps, options: PageRoutesOptions = {}) {
  const live = liveRoutes(deps, options.live);
  const preview = previewRoutes(deps);
  return {
    homePage,
    walletPage,
    walletCsv: walletCsv(options.csv),
    positionsJson: live.positions,
    liveStream: live.stream,
    leaderboardPage,
    leaderboardCsv,
    txPage,
    intentPage,
    positionPage,
    positionChart,
    marketsPage,
    marketPage,
    searchPage,
    atRiskPage,
    watchlistPage,
    watchlistJson,
    walletFeed,
    liquidationsFeed,
    liquidationsPage,
    previewPage: preview.page,
    previewPng: preview.png,
    previewSvg: preview.svg,
  } satisfies Record<string, AppHandler>;
}

export type PageHandlerName = keyof ReturnType<typeof pageHandlers>;
