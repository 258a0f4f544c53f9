/**
 * How a stale answer is labelled for people and for agents: `as_of` (ISO time of the oldest
 * last-good answer used) and `stale: true` in tool results, and one sentence for text and pages.
 */
import { z } from "zod";
import type { StaleRead } from "./freshness.ts";

/** Fields added to a tool's structured result when part of it is a last good copy. */
const STALE_FIELDS = {
  as_of: z.string().optional().describe(
    "Only when the upstream failed: ISO time of the oldest last-good answer this result uses.",
  ),
  stale: z.boolean().optional().describe(
    "True when part of this result is a last-good copy served because the upstream failed.",
  ),
};

// ISO time of the oldest last-good answer among `reads` (not empty).
const oldestAsOf = (reads: readonly StaleRead[]) =>
  new Date(Math.min(...reads.map((read) => read.asOf))).toISOString();

/** The sentence that says so, or undefined when every answer was fresh. */
export function staleSentence(reads: readonly StaleRead[]): string | undefined {
  if (reads.length === 0) return undefined;
  const ageS = Math.round(Math.max(...reads.map((read) => read.ageMs)) / 1000);
  return `Stale: the Papertrade API is not answering, so part of this is the last good copy, as of ${
    oldestAsOf(reads)
  } (${ageS} s old).`;
}

/** A tool result with the stale fields and sentence added when `reads` is not empty. */
export function labelStaleResult(
  result: { structured: Record<string, unknown>; text: string },
  reads: readonly StaleRead[],
): { structured: Record<string, unknown>; text: string } {
  if (reads.length === 0) return result;
  return {
    structured: { ...result.structured, as_of: oldestAsOf(reads), stale: true },
    text: `${result.text}\n\n${staleSentence(reads)}`,
  };
}

/** `schema` (a tool's object output schema) with the optional stale fields added. */
export function withStaleFields<S extends z.ZodType>(schema: S): S {
  return schema instanceof z.ZodObject ? schema.extend(STALE_FIELDS) as unknown as S : schema;
}
