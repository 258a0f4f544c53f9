/**
 * The search feature's public face: what a query names and where it leads, pasted links, and
 * the owner of a bare position or intent id.
 */
export { findOwner } from "./owner.ts";
export { resolveSearch, type SearchResolution } from "./resolve.ts";
export { linkTargetPath, parsePastedUrl } from "./url.ts";
