/**
 * How a wire schema maps to the domain, keeping two promises:
 * - a key the endpoint table marks as modelled that is missing or malformed leaves that one
 *   figure `null` and is named as a gap (`modelled key not found`); the read and every fact in
 *   it stay whole (known keys stay required);
 * - one malformed row of a list is dropped and counted; the rest is kept.
 *
 * In zod's terms: {@link modelled} and the rows of {@link rowsOf} `.catch` to a marker;
 * {@link mapped} (the wire → domain step) turns each marker below it into `null` and hands the
 * gaps' paths up as `gapPaths` on its value, or in a {@link Rows}, until the step above takes
 * them (`parseAnswer` names them after the endpoint table as `modelledGaps`).
 */
import { z } from "zod";

/** A field path in an answer: keys, and indices of arrays and tuples. */
export type FieldPath = ReadonlyArray<string | number>;

// Markers a `.catch` leaves in the wire value; the step above replaces each in the same parse.
const NOT_FOUND: unique symbol = Symbol("modelled key not found");
const DROPPED: unique symbol = Symbol("row dropped");

type Modelled<S extends z.ZodType> = z.ZodType<z.output<S> | null, z.input<S>>;

/** The schema of a modelled key: its value, or null (and a gap) when missing or malformed. */
export function modelled<S extends z.ZodType>(schema: S): Modelled<S> {
  return schema.catch(() => NOT_FOUND as never) as unknown as Modelled<S>;
}

type WithGapPaths = { gapPaths?: FieldPath[] };

/** `wire` mapped to the domain by `map`, once its modelled markers are null (and their paths kept). */
export function mapped<S extends z.ZodType, T extends object>(
  wire: S,
  map: (value: z.output<S>) => T,
) {
  return wire.transform((value) => {
    const gaps = collectGaps(value);
    const domain = map(value);
    return gaps.length === 0 ? domain : Object.assign(domain, { gapPaths: gaps }) as T;
  });
}

/** A list read row by row: the rows kept, how many were dropped, the gaps of the kept rows. */
export class Rows<T> {
  constructor(readonly rows: T[], readonly dropped: number, readonly gaps: FieldPath[]) {}
}

/**
 * A list read row by row with `row`, a row that does not parse dropped and counted. An array of
 * caught rows, so the row schema stays reachable (and typed for the replay's wire builders).
 */
export function rowsOf<S extends z.ZodType>(row: S) {
  const rows = row.catch(() => DROPPED as never);
  return z.array(rows).transform((items) => {
    const kept: z.output<S>[] = [];
    const gaps: FieldPath[] = [];
    for (const item of items) {
      if (item === DROPPED) continue;
      collectGaps(item, [kept.length], gaps);
      kept.push(item);
    }
    return new Rows(kept, items.length - kept.length, gaps);
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

/**
 * The paths of the modelled keys `value` was read without: each marker below it becomes null; a
 * mapped value or row list below brings its own paths (taken off the value).
 */
export function collectGaps(
  value: unknown,
  path: FieldPath = [],
  into: FieldPath[] = [],
): FieldPath[] {
  // One path, grown and shrunk as the walk goes: a path is copied only for a gap it records
  // (every answer is walked, and most of its nodes have none).
  const at: (string | number)[] = [...path];
  const record = (gaps: readonly FieldPath[]) => {
    for (const gap of gaps) into.push([...at, ...gap]);
  };
  const visit = (holder: Record<string | number, unknown>, key: string | number) => {
    const item = holder[key];
    if (item === NOT_FOUND) {
      holder[key] = null;
      into.push([...at, key]);
    } else if (item !== null && typeof item === "object") {
      at.push(key);
      walk(item);
      at.pop();
    }
  };
  const walk = (value: object) => {
    if (value instanceof Rows) return record(value.gaps);
    const own = (value as WithGapPaths).gapPaths;
    if (own) {
      delete (value as WithGapPaths).gapPaths;
      return record(own);
    }
    const holder = value as Record<string | number, unknown>;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) visit(holder, index);
    } else for (const key of Object.keys(value)) visit(holder, key);
  };
  if (value !== null && typeof value === "object") walk(value);
  return into;
}
