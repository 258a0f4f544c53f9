/**
 * The at-risk feature's public face: every known open position across wallets, nearest to bust
 * first, one refresh per deployment (in KV where configured), and the bust ladder.
 */
export {
  type AtRiskBoard,
  type AtRiskFilters,
  type AtRiskRow,
  keepBand,
  marketsSentence,
  nearestOf,
  orNullAfter,
  ownerOnBoard,
  readAtRiskBoard,
  readHeldAtRiskBoard,
  RISK_BANDS,
  UnknownMarketError,
  type WalletNearest,
} from "./board.ts";
export { AT_RISK_REFRESH_MS, AT_RISK_WALLET_READS_PER_MINUTE } from "./limits.ts";
export { AT_RISK_WAIT_MS } from "./refresh.ts";
export { boardJson, boardRowJson, holdingsJson, ladderJson } from "./model.ts";
export { type WalletHoldings, walletHoldings, walletsHolding } from "./holdings.ts";
export {
  type BustLadder,
  bustLadder,
  cumulative,
  LADDER_STEP_BPS,
  LADDER_STEPS,
  ladderPrice,
  type LadderSide,
  type LadderSum,
  type MarketLadder,
} from "./ladder.ts";
