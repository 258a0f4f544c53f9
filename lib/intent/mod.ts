/**
 * The intent feature's public face: an intent looked for everywhere and its one state and
 * verdict, a wallet's pending intents, their fields in units and words, and the models.
 */
export { type IntentFieldRow, intentFieldRows } from "./field_text.ts";
export { fieldsOfCalldata, type IntentFieldsJson } from "./fields.ts";
export { findingsOf, findIntent, type IntentFindings, intentPhase } from "./find.ts";
export { type IntentLookup, lookupIntent } from "./lookup.ts";
export { pendingIntentsModel, readPendingIntents } from "./pending.ts";
export { lookupModel, type SettledIntentJson, settledIntentJson } from "./model.ts";
export { countVerdicts, type IntentVerdict } from "./verdict.ts";
