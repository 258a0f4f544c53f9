/** Every explorer page except the home page, as one Hono app to mount at `/`. */
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { walletRoutes } from "./wallet.tsx";
import { walletCsvRoutes } from "./wallet_csv.ts";
import { leaderboardRoutes } from "./leaderboard.tsx";
import { txRoutes } from "./tx.tsx";
import { intentRoutes } from "./intent.tsx";
import { positionRoutes } from "./position.tsx";
import { marketsRoutes } from "./markets.tsx";
import { searchRoutes } from "./search.tsx";
import { previewRoutes } from "./preview.tsx";

/**
 * The wallet page and its CSV, the leaderboard, transaction, intent, position and markets
 * pages, the search and the link previews.
 */
export function pageRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.route("/", walletCsvRoutes(deps));
  app.route("/", walletRoutes(deps));
  app.route("/", leaderboardRoutes(deps));
  app.route("/", txRoutes(deps));
  app.route("/", intentRoutes(deps));
  app.route("/", positionRoutes(deps));
  app.route("/", marketsRoutes(deps));
  app.route("/", searchRoutes(deps));
  app.route("/", previewRoutes(deps));
  return app;
}
