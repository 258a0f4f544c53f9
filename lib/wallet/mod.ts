/**
 * Wallet business logic shared by the tools and the web pages: the balance sheet, leaderboard
 * standing per window, and open positions valued at the live mark. Money stays bigint here.
 *
 * @module
 */
export {
  type Market,
  marketOf,
  type PositionTotals,
  type PositionValuation,
  totalPositions,
  type ValuationInputs,
  valuePosition,
  valuePositions,
} from "./value_positions.ts";
export {
  CLOSED_SEARCH_MAX_PAGES,
  fetchWalletPositions,
  type FetchWalletPositionsOptions,
  findClosedTrade,
  type FindClosedTradeOptions,
  valueWalletPositions,
  type WalletPositions,
} from "./positions.ts";
export {
  fetchRankedLeaderboard,
  fetchWalletRanks,
  LEADERBOARD_WINDOWS,
  PNL_RANK_MAX_PAGES,
  PNL_RANK_PAGE_SIZE,
  type RankedLeaderboardPage,
  type WalletRank,
} from "./ranks.ts";
export {
  fetchWalletSummary,
  type FetchWalletSummaryOptions,
  type WalletSummary,
} from "./summary.ts";
export { summarizeWallet, withQueuePositions } from "./compose.ts";
export {
  fetchWalletPage,
  type FetchWalletPageOptions,
  type TradeFilter,
  type TradeTablePage,
  WALLET_TRADES_PAGE_SIZE,
  type WalletPageData,
} from "./wallet_page.ts";
