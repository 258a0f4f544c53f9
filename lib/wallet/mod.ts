/**
 * The wallet feature's public face: the wallet page's read, its summary, trade export and PnL
 * chart, its model (get_wallet's, get_trade_history's, the risk summary and the live wallet) and
 * its live view (the shared wallet stream, the viewer stream).
 */
export { type RiskSummary, riskSummaryJson, tradeHistoryJson, walletSummaryJson } from "./model.ts";
export {
  LIVE_POSITIONS_LISTED,
  type LiveWallet,
  liveWalletOf,
  liveWalletSchema,
} from "./live_wallet.ts";
export { isPnlWindow, PNL_WINDOWS, pnlSeries, type PnlWindow } from "./pnl_chart.ts";
export { fetchWalletSummary, readStakingAccumulator, type WalletSummary } from "./summary.ts";
export {
  EXPORT_MAX_PAGES,
  EXPORT_TRAIL_PAGES,
  streamTradePages,
  TRADE_CSV_HEADER,
  tradeCsvRows,
} from "./trade_export.ts";
export { openViewerStream } from "./viewer_stream.ts";
export { sharedWalletHub, type WalletHubOptions } from "./wallet_hub.ts";
export {
  readWalletPage,
  type TradeFilter,
  type TradeTablePage,
  WALLET_TRADES_PAGE_SIZE,
  type WalletPageData,
} from "./wallet_page.ts";
export { type LiveEvent, watchWalletPositions } from "./watch_positions.ts";
