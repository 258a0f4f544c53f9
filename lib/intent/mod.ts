/**
 * The intent feature's public face: an intent's parameters in units, its look-up across the
 * relayer, the feed and the chain, and its verdict.
 */
export { type IntentParams, paramsOfCalldata, paramsOfOperation } from "./intent_params.ts";
export { type IntentLookup, intentPhase, lookupIntent } from "./lookup.ts";
export { countVerdicts, type IntentVerdict, intentVerdict } from "./verdict.ts";
