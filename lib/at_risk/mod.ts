/**
 * The at-risk feature's public face: the board of every known open position across wallets,
 * nearest to bust first, one shared refresh per process. Other features, routes and tools import
 * the board from here.
 */
export {
  type AtRiskBoard,
  type AtRiskFilters,
  type AtRiskRow,
  compareDistance,
  marketsSentence,
  nearestOf,
  orNullAfter,
  ownerOnBoard,
  readAtRiskBoard,
  RISK_BANDS,
  UnknownMarketError,
  type WalletNearest,
} from "./board.ts";
export { AT_RISK_REFRESH_MS, AT_RISK_WAIT_MS, AT_RISK_WALLET_READS_PER_MINUTE } from "./refresh.ts";
