/**
 * The at-risk feature's public face: the board of every known open position across wallets,
 * nearest to bust first, one refresh per deployment (in KV where it is configured). Other features, routes and tools import
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
export {
  AT_RISK_LEASE_MS,
  AT_RISK_REFRESH_MS,
  AT_RISK_REQUESTS_PER_MINUTE,
  AT_RISK_TICK_MS,
  AT_RISK_WAIT_MS,
  AT_RISK_WALLET_READS_PER_MINUTE,
} from "./refresh.ts";
export { boardJson, boardRowJson } from "./model.ts";
