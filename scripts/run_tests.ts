/**
 * Runs `deno test` and ends with the plain line CI reads: `N passed, N failed` (plus
 * `, N skipped` when any test was ignored; see `test_summary.ts`).
 *
 * Deno's own summary (`ok | 12 passed (3 steps) | 0 failed`) is not in that form, so this
 * wrapper streams the output through, picks the summary up and restates it. Extra arguments
 * go to `deno test` (paths, --filter ...).
 */
import { ciSummaryLine, parseTestSummary, type TestCounts } from "./test_summary.ts";

async function main(): Promise<number> {
  const args = ["test", "-A", "--unstable-kv", ...Deno.args];
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdout: "piped",
    stderr: "inherit",
    env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
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
