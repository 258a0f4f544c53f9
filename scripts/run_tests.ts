/**
 * Runs `deno test` and ends with the plain line CI reads: `N passed, N failed`, with `, N
 * skipped` added only when tests were ignored, so an ignored test is never silently left out.
 *
 * Deno's own summary (`ok | 12 passed (3 steps) | 0 failed`) is not in that form, so this
 * wrapper streams the output through, picks the summary up and restates it. Extra arguments
 * go to `deno test` (paths, --filter ...).
 *
 * Run without paths, it runs the whole suite in groups: Deno gives every test file its own
 * worker, which loads the file's module graph anew (about a third of a CPU-second for a file
 * that imports the app), so the files outside `tests/browser/` are imported by
 * {@link DEFAULT_JOBS} group modules that each load it once, and each browser file runs alone
 * (it waits on its browser, and the groups keep the cores busy meanwhile). The groups run side by
 * side (`--parallel`), `DENO_JOBS` at a time. No file may depend on running alone or on what
 * another left behind (CONTRIBUTING, "The gate"). Type checking is `deno task check`'s job,
 * which `deno task ok` and CI run first, so the tests run with `--no-check`.
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

/** `deno test` flags whose value may come as the next argument (not a path). */
const VALUE_FLAGS = new Set(["--filter", "--reporter", "--junit-path"]);

/** Deno's default test file names: `test.ts`, `*_test.ts`, `*.test.ts` (and js, jsx, tsx...). */
const TEST_FILE = /(^|[_.])test\.(ts|tsx|mts|js|jsx|mjs)$/;
/** Folders with no test of ours. */
const NOT_SEARCHED = new Set(["node_modules", "test-artifacts", "build"]);

/** The suite's test files under `root`, as sorted paths relative to it. */
export async function findTestFiles(root: URL): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(new URL(dir, root))) {
      if (entry.isDirectory) {
        if (!entry.name.startsWith(".") && !NOT_SEARCHED.has(entry.name)) {
          await walk(`${dir}${entry.name}/`);
        }
      } else if (TEST_FILE.test(entry.name)) found.push(dir + entry.name);
    }
  }
  await walk("");
  return found.sort();
}

/** How the suite runs: files that run alone, and groups of files that share a worker. */
export interface SuitePlan {
  alone: string[];
  groups: string[][];
}

/**
 * Browser files alone, the rest in `count` groups of about the same size in bytes (a rough
 * measure of the work in a file), each group's files in name order.
 */
export function planSuite(
  files: readonly string[],
  count: number,
  size: (file: string) => number,
): SuitePlan {
  const alone = files.filter((file) => file.startsWith("tests/browser/"));
  const grouped = files.filter((file) => !alone.includes(file))
    .map((file) => ({ file, size: size(file) }))
    .sort((a, b) => b.size - a.size || a.file.localeCompare(b.file));
  const groups = Array.from(
    { length: Math.max(1, count) },
    () => ({ files: [] as string[], size: 0 }),
  );
  for (const item of grouped) {
    const lightest = groups.reduce((min, group) => group.size < min.size ? group : min);
    lightest.files.push(item.file);
    lightest.size += item.size;
  }
  return {
    alone,
    groups: groups.filter((group) => group.files.length > 0).map((group) => group.files.sort()),
  };
}

/** The text of a group module: one import per file, so its tests register in this worker. */
export function groupModule(root: URL, files: readonly string[]): string {
  return files.map((file) => `import ${JSON.stringify(new URL(file, root).href)};\n`).join("");
}

/**
 * The `deno test` arguments for the whole suite: `--ignore=` is applied here (the group modules
 * would otherwise import an ignored file), the group modules are written to `dir`.
 */
async function suiteArgs(root: URL, dir: string, flags: string[], jobs: number): Promise<string[]> {
  const ignored = flags.filter((flag) => flag.startsWith("--ignore="))
    .flatMap((flag) => flag.slice("--ignore=".length).split(","))
    .map((path) => path.replace(/^\.\//, "")).filter(Boolean);
  const files = (await findTestFiles(root)).filter((file) =>
    !ignored.some((path) => file === path || file.startsWith(path.replace(/\/?$/, "/")))
  );
  const plan = planSuite(files, jobs, (file) => Deno.statSync(new URL(file, root)).size);
  const modules: string[] = [];
  for (const [index, group] of plan.groups.entries()) {
    const path = `${dir}/group_${index + 1}_of_${plan.groups.length}_test.ts`;
    await Deno.writeTextFile(path, groupModule(root, group));
    modules.push(path);
  }
  console.log(
    `${files.length} test files: ${plan.alone.length} browser files alone, the other ` +
      `${files.length - plan.alone.length} in ${modules.length} groups (scripts/run_tests.ts)`,
  );
  return [...flags.filter((flag) => !flag.startsWith("--ignore=")), ...plan.alone, ...modules];
}

async function main(): Promise<number> {
  const jobs = Number(Deno.env.get("DENO_JOBS")) || DEFAULT_JOBS;
  const paths = Deno.args.filter((arg, i) =>
    !arg.startsWith("-") && !VALUE_FLAGS.has(Deno.args[i - 1] ?? "")
  );
  const dir = paths.length === 0 ? await Deno.makeTempDir({ prefix: "suite-groups-" }) : "";
  const root = new URL("../", import.meta.url);
  const targets = dir ? await suiteArgs(root, dir, Deno.args, jobs) : Deno.args;
  const args = ["test", "-A", "--unstable-kv", "--parallel", "--no-check", ...targets];
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdout: "piped",
    stderr: "inherit",
    env: {
      RUST_BACKTRACE: "0",
      NO_COLOR: "1",
      DENO_JOBS: String(jobs),
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
  if (dir) await Deno.remove(dir, { recursive: true });
  const final = counts ?? { passed: 0, failed: status.success ? 0 : 1, ignored: 0 };
  console.log(`\n${ciSummaryLine(final)}`);
  return status.success && counts !== undefined && final.passed > 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main());
