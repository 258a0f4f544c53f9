/** Output schema building blocks shared by the tools' structured results. */
import { LOWERCASE_ADDRESS_PATTERN } from "./address.ts";
import { z } from "zod";
import type { UnavailablePart } from "./parts.ts";

export const addressOut = z.string().regex(LOWERCASE_ADDRESS_PATTERN);
export const hashOut = z.string().regex(/^0x[0-9a-f]{64}$/);
export const isoOut = z.iso.datetime();
/** A decimal integer string (ids and nonces that may exceed 2^53). */
export const integerStringOut = z.string().regex(/^[0-9]+$/);
export const sideOut = z.enum(["long", "short"]);
/** Risk band of an open position: distance to bust under 0.08 % is close, under 0.03 % near. */
export const riskOut = z.enum(["ok", "close", "near_bust"]);
export const windowOut = z.enum(["24h", "7d", "30d", "all"]);

export function sideOf(isLong: boolean): "long" | "short" {
  return isLong ? "long" : "short";
}

export const unavailableOut = z.array(z.strictObject({
  part: z.string().describe("What is missing from this result, e.g. `latest trades`."),
  field: z.string().optional().describe(
    "Only the upstream field that is missing (a modelled key not found), when not the whole part.",
  ),
  reason: z.string().describe("Why, naming the upstream endpoint or method that failed."),
})).describe(
  "Parts that could not be read this time; the rest of the result is current. Empty when " +
    "everything arrived. Retrying later may fill them in.",
);

export const rowsSkippedOut = z.number().int().min(0).describe(
  "Malformed upstream rows left out of this result's lists (0 when none).",
);

/** One field of a JSON result: its schema (what every face publishes) and the value it reads. */
type Field<S> = readonly [schema: z.ZodType, read: (source: S) => unknown];

/** Each field's reader must give what its own schema accepts. */
type Readers<S, F extends Record<string, Field<S>>> = {
  [K in keyof F]: readonly [F[K][0], (source: S) => z.input<F[K][0]>];
};

/**
 * A JSON object declared once per field, its schema beside the domain value it reads, so the
 * published schema and the conversion cannot drift apart (the keys keep their order). Written
 * `jsonObject<Source>()({ key: [schema, (source) => value], ... })`: the source type is given,
 * the fields are inferred. `of` converts one source; `schema` is the strict object schema.
 */
export function jsonObject<S>(description?: string) {
  return <const F extends Record<string, Field<S>>>(fields: F & Readers<S, F>) => {
    const entries = Object.entries(fields);
    const shape = Object.fromEntries(entries.map(([key, [schema]]) => [key, schema]));
    const object = z.strictObject(shape as { [K in keyof F]: F[K][0] });
    const schema = description === undefined ? object : object.describe(description);
    type Json = z.input<typeof object>;
    const of = (source: S) =>
      Object.fromEntries(entries.map(([key, [, read]]) => [key, read(source)])) as Json;
    return { schema, of };
  };
}

export function unavailableJson(items: readonly UnavailablePart[]): z.input<typeof unavailableOut> {
  return items.map(({ part, field, reason }) =>
    field === undefined ? { part, reason } : { part, field, reason }
  );
}
