/**
 * Runs `deno test` and ends with the plain line CI reads: `N passed, N failed`, with `, N
 * skipped` added only when tests were ignored, so an ignored test is never silently left out.
 *
 * Deno's own summary (`ok | 12 passed (3 steps) | 0 failed`) is not in that form, so this
 * wrapper streams the output through, picks the summary up and restates it. Extra arguments
 * go to `deno test` (paths, --filter ...).
 *
 * Test files run side by side (`--parallel`), {@link DEFAULT_JOBS} at a time unless `DENO_JOBS`
 * says otherwise: many of them wait on a browser, a child process or a socket, so more files
 * than cores keep the cores busy. No file may depend on running alone (CONTRIBUTING, "The
 * gate"). Type checking is `deno task check`'s job, which `deno task ok` and CI run first, so
 * the tests run with `--no-check`.
 */

/** Test files run at once when `DENO_JOBS` is unset. */
const DEFAULT_JOBS = 4;

/** Counts from one summary line of `deno test`. */
interface TestCounts {
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

async function main(): Promise<number> {
  const args = ["test", "-A", "--unstable-kv", "--parallel", "--no-check", ...Deno.args];
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdout: "piped",
    stderr: "inherit",
    env: {
      RUST_BACKTRACE: "0",
      NO_COLOR: "1",
      DENO_JOBS: Deno.env.get("DENO_JOBS") ?? String(DEFAULT_JOBS),
    },
  }).spawn();
  let counts: TestCounts | undefined;
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    await Deno.stdout.write(chunk);
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4096);
    for (const line of tail.split("\n")) counts = parseTestSummary(line) ?? counts;
  }
  const status = await child.status;
  const final = counts ?? { passed: 0, failed: status.success ? 0 : 1, ignored: 0 };
  console.log(`\n${ciSummaryLine(final)}`);
  return status.success && counts !== undefined && final.passed > 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main());
