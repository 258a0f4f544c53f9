/**
 * Row-by-row parsing of an answer's list: a malformed row is dropped and counted, the rest of
 * the list is kept. Unknown extra keys in a row are ignored by the row schemas themselves.
 */
import type { z } from "zod";
import { type FieldPath, sweepGaps } from "./_modelled.ts";

/** The rows that parsed, mapped, and how many were dropped. */
export interface ParsedRows<T> {
  rows: T[];
  skipped: number;
}

/**
 * Parses every row with `schema` and maps it; a row that fails either step is skipped. `at` is
 * where the list sits in the answer, so a row's missing modelled keys are named by their path.
 */
export function parseRows<S extends z.ZodType, T>(
  rows: readonly unknown[],
  schema: S,
  map: (row: z.output<S>) => T,
  at: FieldPath = [],
): ParsedRows<T> {
  const out: T[] = [];
  let skipped = 0;
  for (const [index, row] of rows.entries()) {
    const parsed = schema.safeParse(row);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    sweepGaps(parsed.data, [...at, index]);
    try {
      out.push(map(parsed.data));
    } catch {
      skipped++;
    }
  }
  return { rows: out, skipped };
}
