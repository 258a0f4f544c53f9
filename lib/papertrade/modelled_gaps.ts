/**
 * Which field of an answer a modelled part of the endpoint table covers, and the gaps of a read
 * named by those fields (see `_modelled.ts`): the one matcher of table fields, used by the
 * client and by `verify-upstream`.
 */
import type { FieldPath } from "./_modelled.ts";
import { findEndpoint, type ModelledPart } from "./endpoints.ts";

/**
 * A modelled key the answer lacked (missing or malformed): the one figure it feeds is null.
 * Shaped like the unavailable parts of pages and tools, which list it as it is: the part the
 * endpoint feeds ("markets"), its path, the field in the table's notation
 * (`accounts.*.totalVolume`) and the reason, always "modelled key not found".
 */
export interface ModelledGap {
  part: string;
  endpoint: string;
  field: string;
  reason: string;
}

/** The modelled part of `endpoint` (a path) covering the field at `path`, if any. */
export function modelledPartAt(
  endpoint: string,
  path: readonly PropertyKey[],
): ModelledPart | undefined {
  const segments = path.map((s) => (typeof s === "number" ? s : String(s)));
  return findEndpoint(endpoint)?.modelled.find((part) =>
    part.fields.some((field) => startsWith(segments, field)) &&
    !(part.except ?? []).some((field) => startsWith(segments, field))
  );
}

/**
 * `value` with the gaps found at `paths` attached as `modelledGaps`, each named by its field in
 * the table's notation (`*` for a list index): `accounts.*.totalVolume`, `wallet.operations.*.8`.
 */
export function withModelledGaps<T>(endpoint: string, value: T, paths: readonly FieldPath[]): T {
  if (paths.length === 0 || value === null || typeof value !== "object") return value;
  const part = findEndpoint(endpoint)?.part ?? endpoint;
  const fields = new Set(paths.map((path) => fieldName(endpoint, path)));
  const modelledGaps: ModelledGap[] = [...fields].map((field) => ({
    part,
    endpoint,
    field,
    reason: "modelled key not found",
  }));
  return Object.assign(value, { modelledGaps });
}

/** The gaps a domain value carries (none for most). */
export function modelledGapsOf(value: unknown): readonly ModelledGap[] {
  const gaps = value !== null && typeof value === "object"
    ? (value as { modelledGaps?: unknown }).modelledGaps
    : undefined;
  return Array.isArray(gaps) ? gaps : [];
}

// A list index reads `*` unless the table names that slot (a tuple's `8`).
function fieldName(endpoint: string, path: FieldPath): string {
  const pattern = modelledPartAt(endpoint, path)?.fields.find((f) => startsWith(path, f));
  const want = pattern ? pattern.split(".") : [];
  return path.map((segment, i) =>
    typeof segment === "number" && want[i] !== String(segment) ? "*" : String(segment)
  ).join(".");
}

// `*` matches any array index; a number matches that index (a tuple slot) only.
function startsWith(segments: FieldPath, pattern: string): boolean {
  if (pattern === "") return true;
  const want = pattern.split(".");
  return want.length <= segments.length &&
    want.every((s, i) => s === "*" ? typeof segments[i] === "number" : s === String(segments[i]));
}
