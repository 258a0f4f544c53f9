/**
 * Reading Deno's test summary (`ok | 12 passed (3 steps) | 0 failed | 2 ignored (1s)`) and
 * restating it in the plain form CI reads: `N passed, N failed`, with `, N skipped` added
 * only when tests were ignored, so an ignored test is never silently left out.
 */

/** Counts from one summary line of `deno test`. */
export interface TestCounts {
  passed: number;
  failed: number;
  ignored: number;
}

const SUMMARY =
  /(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed(?: \(\d+ steps?\))?(?: \| (\d+) ignored(?: \(\d+ steps?\))?)?/;

/** The counts of a `deno test` summary line, or undefined when `line` is not one. */
export function parseTestSummary(line: string): TestCounts | undefined {
  const match = SUMMARY.exec(line);
  if (!match) return undefined;
  return { passed: Number(match[1]), failed: Number(match[2]), ignored: Number(match[3] ?? 0) };
}

/** The closing line for CI. */
export function ciSummaryLine(counts: TestCounts): string {
  const base = `${counts.passed} passed, ${counts.failed} failed`;
  return counts.ignored > 0 ? `${base}, ${counts.ignored} skipped` : base;
}
