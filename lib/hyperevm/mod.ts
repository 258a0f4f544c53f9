/**
 * HyperEVM adapter: JSON-RPC reads with fallback, the Exchange's events and the settlement
 * trail they give, EIP-712 intent hashing and ids, and the modelled BatchExecutor calldata and
 * events. Everything it returns is a typed domain value. The modules the app needs at start
 * (`client.ts`, `bbo.ts`, `hyperevm_error.ts`, `sources.ts`) load no viem; this entry does.
 *
 * @module
 */
export { CONTRACTS, INTENT_KINDS } from "./contracts.ts";
export { type ExchangeEvent, walletsOf } from "./exchange_events.ts";
export { findTradeSettlements } from "./settlement_trail.ts";
export { HyperEvmError } from "./hyperevm_error.ts";
export { createHyperEvmClient, type HyperEvmClient } from "./client.ts";
export type { IntentFields } from "./contracts.ts";
export { decodeBatchCalldata } from "./decode_batch.ts";
export { readExecutions } from "./executions.ts";
export { decodeTransaction, type SettledIntent, type Settlement } from "./decode_settlement.ts";
export { findIntentSettlement, type IntentSettlementMatch } from "./find_settlement.ts";
export { type Bbo, BBO_PRECOMPILE, createBboReader } from "./bbo.ts";
export { CHAIN_ITEMS, RPC_METHODS } from "./sources.ts";
