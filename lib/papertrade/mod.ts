/**
 * The Papertrade API, as typed domain objects. This folder is the only place that knows the
 * wire format; everything exported here speaks bigint money, raw bigint prices, lower-case
 * addresses and ms timestamps. Every read is a row of `endpoints.ts`.
 */
export type * from "./wire.ts";
export type { Address, Hash } from "./_wire_scalars.ts";
export {
  LEADERBOARD_SORT_KEYS,
  LEADERBOARD_WINDOWS,
  OPERATION_ACTIONS,
  PROTOCOL_HISTORY_COLUMNS,
} from "./wire.ts";
export {
  type CallOptions,
  createPapertradeClient,
  type PapertradeClient,
  type PapertradeClientOptions,
  type ReadArgs,
} from "./client.ts";
export {
  PapertradeApiError,
  type PapertradeErrorKind,
  parseRetryAfter,
  type RetryPolicy,
} from "./http.ts";
export { applyWalletPatch, type WalletOutOfSync, type WalletPatched } from "./apply_patch.ts";
export { openWalletStream, type WalletStreamEvent } from "./wallet_stream.ts";
export { MODELLED_KEY_NOT_FOUND, type ModelledGap, modelledGapsOf } from "./modelled_gaps.ts";
export {
  findEndpoint,
  findEndpointName,
  MODELLED_SHAPES,
  type ModelledPart,
  type ModelledShape,
  PAPERTRADE_ENDPOINT_NAMES,
  PAPERTRADE_ENDPOINTS,
  type PapertradeEndpoint,
  type PapertradeEndpointName,
  type ReadParams,
  readParams,
  type ReadResult,
  requestTarget,
} from "./endpoints.ts";
