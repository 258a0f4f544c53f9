/**
 * Modelled keys are read per field. A key the endpoint table marks as modelled (our best guess)
 * that is missing or malformed leaves that one figure `null` and is named as a gap
 * `{part, endpoint, field, reason: "modelled key not found"}`; the read and every fact in it
 * stay whole. Known keys are required as before.
 *
 * How: {@link modelled} wraps a key's schema so a failure parses to a marker; while a body is
 * mapped to domain values ({@link collectGaps}), every marker in it (and in rows parsed on the
 * way, see `_rows.ts`) becomes `null` and its path is noted, then reported under the table's
 * field name and attached to the domain value (`modelledGaps`).
 */
import type { z } from "zod";

/** A field path in an answer: keys, and indices of arrays and tuples. */
export type FieldPath = ReadonlyArray<string | number>;

const NOT_FOUND: unique symbol = Symbol("modelled key not found");

/** The schema of a modelled key: its value, or null (and a gap) when missing or malformed. */
export function modelled<S extends z.ZodType>(
  schema: S,
): z.ZodType<z.output<S> | null, z.input<S>> {
  return schema.catch(() => NOT_FOUND as never) as unknown as z.ZodType<
    z.output<S> | null,
    z.input<S>
  >;
}

let noted: FieldPath[] | null = null;

/**
 * Turns every marker under `value` (at `path` in the answer) into `null`, noting its path for
 * the {@link collectGaps} in progress.
 */
export function sweepGaps(value: unknown, path: FieldPath): void {
  if (value === null || typeof value !== "object") return;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (item === NOT_FOUND) {
      (value as Record<string | number, unknown>)[key] = null;
      noted?.push([...path, key]);
    } else sweepGaps(item, [...path, key]);
  }
}

/**
 * Maps a parsed answer with `map`, returning the result and the paths of the modelled keys the
 * answer lacked: in `body` (under `prefix`) and in every row parsed while mapping.
 */
export function collectGaps<T>(
  body: unknown,
  map: () => T,
  prefix: FieldPath = [],
): { value: T; gaps: FieldPath[] } {
  const outer = noted;
  const gaps: FieldPath[] = [];
  noted = gaps;
  try {
    sweepGaps(body, prefix);
    return { value: map(), gaps };
  } finally {
    noted = outer;
  }
}
