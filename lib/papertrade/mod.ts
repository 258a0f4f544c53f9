/**
 * The Papertrade API, as typed domain objects. This folder is the only place that knows the
 * wire format; everything exported here speaks bigint money, raw bigint prices, lower-case
 * addresses and ms timestamps. Every read is a row of `endpoints.ts`.
 */
export type * from "./wire.ts";
export type { Address } from "./_wire_scalars.ts";
export { LEADERBOARD_SORT_KEYS, LEADERBOARD_WINDOWS, OPERATION_ACTIONS } from "./wire.ts";
export { type CallOptions, createPapertradeClient, type PapertradeClient } from "./client.ts";
export { PapertradeApiError, type RetryPolicy } from "./http.ts";
export { applyWalletPatch } from "./apply_patch.ts";
export type { WalletStreamEvent } from "./wallet_stream.ts";
export {
  findEndpoint,
  MODELLED_SHAPES,
  type ModelledGap,
  modelledGapsOf,
  PAPERTRADE_ENDPOINT_NAMES,
  PAPERTRADE_ENDPOINTS,
  type PapertradeEndpoint,
  type PapertradeEndpointName,
  type ReadParams,
  readParams,
  type ReadResult,
  requestTarget,
} from "./endpoints.ts";
