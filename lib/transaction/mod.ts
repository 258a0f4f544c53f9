/**
 * The transaction feature's public face: a HyperEVM transaction decoded as Papertrade's.
 */
export { describeEvent, fetchTransactionDetails, type TransactionDetails } from "./details.ts";
