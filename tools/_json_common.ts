/** Output schema building blocks shared by the tools' structured results. */
import { LOWERCASE_ADDRESS_PATTERN } from "../lib/address.ts";
import { z } from "zod";
import type { UnavailablePart } from "../lib/parts.ts";

/** A lower-case 0x address. */
export const addressOut = z.string().regex(LOWERCASE_ADDRESS_PATTERN);
/** A lower-case 0x 32-byte hash. */
export const hashOut = z.string().regex(/^0x[0-9a-f]{64}$/);
/** An ISO 8601 UTC timestamp. */
export const isoOut = z.iso.datetime();
/** A decimal integer string (ids and nonces that may exceed 2^53). */
export const integerStringOut = z.string().regex(/^[0-9]+$/);
/** Side of a position. */
export const sideOut = z.enum(["long", "short"]);
/** Risk band of an open position: distance to bust under 0.08 % is close, under 0.03 % near. */
export const riskOut = z.enum(["ok", "close", "near_bust"]);
/** Leaderboard windows. */
export const windowOut = z.enum(["24h", "7d", "30d", "all"]);

/** `long` or `short`. */
export function sideOf(isLong: boolean): "long" | "short" {
  return isLong ? "long" : "short";
}

/** The parts of a result that could not be read, each naming the upstream endpoint. */
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

/** Malformed upstream rows left out of the result's lists. */
export const rowsSkippedOut = z.number().int().min(0).describe(
  "Malformed upstream rows left out of this result's lists (0 when none).",
);

/** JSON of the unavailable parts. */
export function unavailableJson(
  items: readonly UnavailablePart[],
): Array<{ part: string; field?: string; reason: string }> {
  return items.map(({ part, field, reason }) =>
    field === undefined ? { part, reason } : { part, field, reason }
  );
}
