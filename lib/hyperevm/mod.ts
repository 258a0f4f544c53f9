/**
 * HyperEVM adapter: JSON-RPC reads with fallback, the Exchange's events and the settlement
 * trail they give, EIP-712 intent hashing and ids, and the modelled BatchExecutor calldata and
 * events. Everything it returns is a typed domain value.
 *
 * @module
 */
export * from "./contracts.ts";
export { BLOCK_TIME_ANCHOR, BLOCKS_PER_SECOND, hyperEvm, HYPEREVM_DEFAULT_RPC } from "./chain.ts";
export {
  type ExchangeEvent,
  type ExchangeEventName,
  readExchangeEvents,
  walletsOf,
} from "./exchange_events.ts";
export {
  findTradeSettlement,
  type TradeToSettle,
  TRAIL,
  type TrailMatch,
} from "./settlement_trail.ts";
export type { HyperEvmBlock, HyperEvmLog, HyperEvmReceipt, HyperEvmTransaction } from "./types.ts";
export {
  type EndpointFailure,
  type EndpointFailureKind,
  HyperEvmError,
  type HyperEvmErrorOptions,
  type HyperEvmRefusal,
} from "./hyperevm_error.ts";
export {
  createHyperEvmClient,
  type CreateHyperEvmClientReturnType,
  DEFAULT_RPC_TIMEOUT_MS,
  type HyperEvmClient,
  type HyperEvmClientOptions,
  type LogFilter,
} from "./client.ts";
export type { IntentFields, IntentFieldValue, IntentMessage } from "./intent_fields.ts";
export {
  asViemTypedData,
  type IntentTypedData,
  intentTypedData,
  type IntentTypedDataReturnType,
} from "./typed_data.ts";
export { intentDigest, type IntentDigestReturnType } from "./intent_digest.ts";
export { intentId, type IntentIdReturnType } from "./intent_id.ts";
export {
  type BatchIntent,
  decodeBatchCalldata,
  type DecodeBatchCalldataReturnType,
  decodeIntentPayload,
  EXECUTE_BATCH_SELECTOR,
} from "./decode_batch.ts";
export {
  describeReason,
  INTENT_EXECUTED_TOPIC,
  type IntentExecution,
  readExecutions,
  type ReadExecutionsReturnType,
} from "./executions.ts";
export {
  verifyIntent,
  type VerifyIntentParameters,
  type VerifyIntentReturnType,
} from "./verify_intent.ts";
export {
  decodeSettlement,
  type DecodeSettlementOptions,
  type DecodeSettlementReturnType,
  decodeTransaction,
  type DecodeTransactionOptions,
  type DecodeTransactionReturnType,
  type SettledIntent,
  type Settlement,
} from "./decode_settlement.ts";
export {
  type BlockWindow,
  findIntentSettlement,
  type FindIntentSettlementReturnType,
  type IntentSettlementMatch,
  MAX_LOG_RANGE,
  type ScanOptions,
  scanWindows,
} from "./find_settlement.ts";
export { createHeadCache, HEAD_CACHE_TTL_MS } from "./head_cache.ts";
export {
  type Bbo,
  BBO_PRECOMPILE,
  bboCalldata,
  type BboReader,
  type BboReaderOptions,
  createBboReader,
  decodeBbo,
} from "./bbo.ts";
export { HEAD_SLACK_BLOCKS } from "./find_settlement.ts";
export {
  CHAIN_ITEMS,
  chainIdSchema,
  type ChainItem,
  RPC_METHODS,
  type RpcMethod,
  type RpcMethodName,
} from "./sources.ts";
