/**
 * Search: classifying a pasted string (address, hash, position id, name, or a link holding
 * one) and resolving it against the upstreams. Shared by the search tool and the site.
 *
 * @module
 */
export { classifyQuery, type QueryClass } from "./classify.ts";
export {
  POSITION_FEED_LIMIT,
  resolveSearch,
  type ResolveSearchOptions,
  type SearchResolution,
  type SearchSources,
} from "./resolve.ts";
export {
  findIntentInHistory,
  findOpenPositionByIntent,
  findTradeByIntent,
  type FindTradeByIntentOptions,
  INTENT_HISTORY_MAX_PAGES,
  type IntentInHistory,
  settlingTransaction,
} from "./trade_by_intent.ts";
export { type LinkTarget, linkTargetPath, parsePastedUrl } from "./url.ts";
