/**
 * How a wire schema maps to the domain, keeping two promises: modelled keys are read per field,
 * and lists are read row by row.
 *
 * - A key the endpoint table marks as modelled (our best guess) that is missing or malformed
 *   leaves that one figure `null` and is named as a gap `{part, endpoint, field, reason:
 *   "modelled key not found"}`; the read and every fact in it stay whole. Known keys are
 *   required as before.
 * - One malformed row of a list is dropped and counted; the rest of the list is kept.
 *
 * How: {@link modelled} wraps a key's schema so a failure parses to a marker. {@link mapped} is
 * the wire → domain step of a schema: it first turns every marker in its wire value into `null`,
 * noting where, then maps. What it noted (and what the mapped values and row lists inside it
 * noted) rides on the result, out of sight of JSON and equality, until the client names the gaps
 * after the endpoint table (`modelled_gaps.ts`) and the domain value counts the dropped rows
 * (`rowsSkipped`).
 */
import { z } from "zod";

/** A field path in an answer: keys, and indices of arrays and tuples. */
export type FieldPath = ReadonlyArray<string | number>;

/** A row of a list that did not parse and was left out: where it sat and what was wrong. */
export interface DroppedRow {
  path: FieldPath;
  issues: readonly z.core.$ZodIssue[];
}

/** What a parse found besides the value: the modelled keys it lacked and the rows it dropped. */
export interface ParseNotes {
  gaps: FieldPath[];
  dropped: DroppedRow[];
}

const NOT_FOUND: unique symbol = Symbol("modelled key not found");
const NOTES: unique symbol = Symbol("parse notes");

/** The schema of a modelled key: its value, or null (and a gap) when missing or malformed. */
export function modelled<S extends z.ZodType>(
  schema: S,
): z.ZodType<z.output<S> | null, z.input<S>> {
  return schema.catch(() => NOT_FOUND as never) as unknown as z.ZodType<
    z.output<S> | null,
    z.input<S>
  >;
}

/** `wire` mapped to the domain by `map`, once its modelled markers are null (and noted). */
export function mapped<S extends z.ZodType, T extends object>(
  wire: S,
  map: (value: z.output<S>) => T,
) {
  return wire.transform((value) => {
    const notes = collect(value);
    return noted(map(value), notes);
  });
}

/**
 * A list read row by row with `row`: a row that does not parse is dropped and noted. Built as an
 * array of caught rows, so the row schema stays reachable (and the wire builders of the replay
 * and the tests stay typed by it).
 */
export function rowsOf<S extends z.ZodType>(row: S) {
  const rows = row.catch((ctx) => new Dropped(ctx.error.issues) as never);
  return z.array(rows).transform((items) => {
    const kept: z.output<S>[] = [];
    const notes: ParseNotes = { gaps: [], dropped: [] };
    items.forEach((item, index) => {
      if (item instanceof Dropped) {
        return notes.dropped.push({ path: [index], issues: item.issues });
      }
      collect(item, [kept.length], notes);
      kept.push(item);
    });
    return noted(kept, notes);
  });
}

type Slots = readonly (readonly [string, z.ZodType])[];
/** The object a tuple of these slots is read into, field by field. */
type Named<T extends Slots> = { [I in keyof T & `${number}` as T[I][0]]: z.output<T[I][1]> };
type Wire<T extends Slots> = { -readonly [I in keyof T]: z.input<T[I][1]> };

/** A tuple of the wire read into named fields: `slots` lists each slot's name and schema. */
export function namedTuple<const T extends Slots>(slots: T): z.ZodType<Named<T>, Wire<T>> {
  const schemas = slots.map(([, schema]) => schema) as [z.ZodType, ...z.ZodType[]];
  return z.tuple(schemas).transform((tuple) =>
    Object.fromEntries(slots.map(([name], i) => [name, tuple[i]]))
  ) as unknown as z.ZodType<Named<T>, Wire<T>>;
}

class Dropped {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {}
}

/** What the parse of `value` noted (for a value no {@link mapped} step produced: found now). */
export function notesOf(value: unknown): ParseNotes {
  return (value as { [NOTES]?: ParseNotes } | null)?.[NOTES] ?? collect(value);
}

/** How many rows the row lists of `value` dropped (its `rowsSkipped`). */
export function droppedIn(value: unknown): number {
  return notesOf(value).dropped.length;
}

function noted<T extends object>(value: T, notes: ParseNotes): T {
  return Object.defineProperty(value, NOTES, { value: notes, enumerable: false });
}

// Notes of `value` at `path`: a value a mapped step or a row list produced brings its own, whole;
// anything else is searched for markers, each turned into null where it sits.
function collect(
  value: unknown,
  path: FieldPath = [],
  into: ParseNotes = { gaps: [], dropped: [] },
): ParseNotes {
  if (value === null || typeof value !== "object") return into;
  const own = (value as { [NOTES]?: ParseNotes })[NOTES];
  if (own) {
    into.gaps.push(...own.gaps.map((gap) => [...path, ...gap]));
    into.dropped.push(...own.dropped.map((row) => ({ ...row, path: [...path, ...row.path] })));
    return into;
  }
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (item === NOT_FOUND) {
      (value as Record<string | number, unknown>)[key] = null;
      into.gaps.push([...path, key]);
    } else collect(item, [...path, key], into);
  }
  return into;
}
