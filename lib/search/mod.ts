/**
 * The search feature's public face: what a query names and where it leads, pasted links, the
 * owner of a bare position or intent id, and the search's model.
 */
export {
  NAME_MATCHES,
  nameMatchesJson,
  nothingFoundJson,
  positionPreviewJson,
  searchHeadOf,
  searchHeadOut,
} from "./model.ts";
export { findOwner, resolveSearch, type SearchResolution } from "./resolve.ts";
export { linkTargetPath, parsePastedUrl } from "./url.ts";
