/**
 * Row-by-row parsing of an answer's list: a malformed row is dropped and counted, the rest of
 * the list is kept. Unknown extra keys in a row are ignored by the row schemas themselves.
 */
import type { z } from "zod";

/** The rows that parsed, mapped, and how many were dropped. */
export interface ParsedRows<T> {
  rows: T[];
  skipped: number;
}

/** Parses every row with `schema` and maps it; a row that fails either step is skipped. */
export function parseRows<S extends z.ZodType, T>(
  rows: readonly unknown[],
  schema: S,
  map: (row: z.output<S>) => T,
): ParsedRows<T> {
  const out: T[] = [];
  let skipped = 0;
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    try {
      out.push(map(parsed.data));
    } catch {
      skipped++;
    }
  }
  return { rows: out, skipped };
}
