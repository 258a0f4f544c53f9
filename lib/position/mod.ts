/**
 * The position feature's public face: a wallet's open positions valued at the live mark, the
 * valuation of one position, its JSON model, and the look-ups of a closed trade and its settling
 * transaction.
 */
export { positionJson, positionsModel, totalsJson, tradeJson } from "./model.ts";
export {
  fetchWalletPositions,
  findClosedTrade,
  readMarket,
  readWinFee,
  valueWalletPositions,
  type WalletPositions,
} from "./positions.ts";
export {
  findIntentInHistory,
  findOpenPositionByIntent,
  type IntentInHistory,
  settlingTransaction,
  withSettlingTransactions,
} from "./trade_by_intent.ts";
export {
  type Market,
  marketOf,
  nearestToBust,
  type PositionTotals,
  type PositionValuation,
  totalPositions,
  valuePosition,
  walletTotalPnl,
} from "./value_positions.ts";
