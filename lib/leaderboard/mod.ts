/**
 * The leaderboard feature's public face: ranked pages and a wallet's ranks, the view a link
 * asks for, each figure's label and field, and the nearest-to-bust order over the whole window.
 */
export { LEADERBOARD_SORT_KEYS, LEADERBOARD_WINDOWS } from "../papertrade/mod.ts";
export { LEADERBOARD_FIGURES, leaderboardJson, leaderboardRowJson } from "./model.ts";
export { type NearestCoverage, readWindowAccounts } from "./nearest.ts";
export {
  fetchWalletRanks,
  PNL_RANK_MAX_PAGES,
  PNL_RANK_PAGE_SIZE,
  type WalletRank,
} from "./ranks.ts";
export {
  LEADERBOARD_ROWS_PER_PAGE,
  leaderboardHref,
  leaderboardPageCount,
  type LeaderboardView,
  type LeaderboardViewSort,
  NEAREST_TO_BUST,
  parseLeaderboardView,
  sortDirOf,
  sortHref,
  WINDOW_LABELS,
} from "./view.ts";
export { type LeaderboardViewPage, readLeaderboardView } from "./read_view.ts";
