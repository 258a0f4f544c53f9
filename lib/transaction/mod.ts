/**
 * The transaction feature's public face: a HyperEVM transaction decoded as Papertrade's, its
 * model, and its events in words.
 */
export { fetchTransactionDetails, type TransactionDetails } from "./details.ts";
export { eventDetails } from "./event_text.ts";
export {
  decodedJson,
  type DecodedTransactionJson,
  decodedTransactionOut,
  MAX_LISTED_INTENTS,
} from "./model.ts";
