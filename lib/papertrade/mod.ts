/**
 * The Papertrade API, as typed domain objects. This folder is the only place that knows the
 * wire format; everything exported here speaks bigint money, raw bigint prices, lower-case
 * addresses and ms timestamps.
 */
export type * from "./types.ts";
export {
  LEADERBOARD_SORT_KEYS,
  LEADERBOARD_WINDOWS,
  PROTOCOL_HISTORY_COLUMNS,
} from "./query_types.ts";
export { OPERATION_ACTIONS } from "./types.ts";
export {
  type CallOptions,
  createPapertradeClient,
  type LeaderboardQuery,
  type PapertradeClient,
  type PapertradeClientOptions,
  type TradeHistoryQuery,
} from "./client.ts";
export {
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  fetchUpstream,
  type FetchUpstreamOptions,
  PapertradeApiError,
  type PapertradeApiErrorOptions,
  type PapertradeErrorKind,
  type RetryPolicy,
} from "./http.ts";
export {
  applyWalletPatch,
  RECENT_EVENTS_KEPT,
  type WalletOutOfSync,
  type WalletPatched,
} from "./apply_patch.ts";
export {
  fetchWalletSnapshot,
  openWalletStream,
  type WalletStreamEvent,
  type WalletStreamOptions,
} from "./wallet_stream.ts";
export {
  MODELLED_KEY_NOT_FOUND,
  modelledGapsOf,
  modelledPartAt,
  sweepModelledGaps,
} from "./modelled_gaps.ts";
export {
  type EndpointParam,
  endpointPath,
  findEndpoint,
  findEndpointName,
  isFact,
  type ModelledPart,
  PAPERTRADE_ENDPOINT_LIST,
  PAPERTRADE_ENDPOINTS,
  type PapertradeEndpoint,
  type PapertradeEndpointName,
  walletFramesSchema,
} from "./endpoints.ts";
