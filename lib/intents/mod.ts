/**
 * Intent look-up across the live trades feed, the relayer queue and the chain, shared by the
 * tools and the web pages.
 *
 * @module
 */
export {
  FEED_CHECK_LIMIT,
  type IntentLookup,
  type IntentLookupSources,
  type IntentSettlement,
  type IntentState,
  lookupIntent,
  type LookupIntentOptions,
} from "./lookup.ts";
export {
  type IntentAmountUnit,
  type IntentParams,
  marketName,
  msFromSeconds,
  paramsOfCalldata,
  paramsOfOperation,
} from "./intent_params.ts";
export {
  countVerdicts,
  type IntentVerdict,
  intentVerdict,
  type SettledEvidence,
  type Verdict,
  type VerdictEvidence,
} from "./verdict.ts";
