/**
 * Runs `deno test` and ends with the plain line CI reads: `N passed, N failed`, with `, N
 * skipped` added only when tests were ignored, so an ignored test is never silently left out.
 *
 * Deno's own summary (`ok | 12 passed (3 steps) | 0 failed`) is not in that form, so this
 * wrapper streams the output through, picks the summary up and restates it. Extra arguments
 * go to `deno test` (paths, --filter ...).
 *
 * Run without paths, it runs the whole suite in groups: Deno gives every test file its own
 * worker, which loads the file's module graph anew (about a third of a CPU-second for a file that
 * imports the app), so most files are imported by a few group modules that each load it once
 * (`DENO_JOBS` × {@link GROUPS_PER_JOB} groups). The browser files and the longest files run
 * alone, started first. All of them run side by side (`--parallel`, `DENO_JOBS` at a time) under
 * `nice`, and the files of {@link REAL_TIME} beside them at normal priority. No file may depend on
 * what another left behind (CONTRIBUTING, "The gate"). Type checking is `deno task check`'s job,
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

/**
 * Files that start real processes (the entry, HAProxy) and hold them to real, scaled-down
 * timeouts, which the rest of the suite's load on two cores can overrun (a flood's normal client
 * refused, a KV write timing out): they run beside the rest at normal priority while the rest
 * runs under `nice`, so they get a core when they need one. They mostly wait, so the rest loses
 * little.
 */
export const REAL_TIME = [
  "tests/front_door_test.ts",
  "tests/process_survival_test.ts",
  // Holds a silent viewer for the live stream's real 60 s lifetime: it mostly waits.
  "tests/live_stream_truth_test.ts",
  // Four explorer processes and a replay with a 10 s lease handed on after a kill -9: it mostly
  // waits on viewers and the lease.
  "tests/scale_processes_test.ts",
];

/**
 * Real-time files that run after the other real-time files, not beside them: the several-process
 * board counts its upstream reads against a lease, and the open-file floods of
 * `process_survival_test.ts` beside it could stall a leader past its lease (seen once: a second
 * process stepped the board).
 */
export const REAL_TIME_LAST = ["tests/scale_processes_test.ts"];

/**
 * The longest files, started first so that none of them starts last: the link crawl renders
 * about 3,800 pages (it runs alone, or its group would be the run's tail), and the two axe
 * audits load 14 pages each and audit each in both schemes.
 */
export const FIRST = [
  "tests/site_links_test.ts",
  "tests/browser/a11y_test.ts",
  "tests/browser/a11y_desktop_test.ts",
];

/** How many groups per job: smaller groups even out what a byte count cannot predict. */
const GROUPS_PER_JOB = 2;

/**
 * How the suite runs: some files alone (in the order they start), the rest in groups that share
 * a worker, and beside them the {@link REAL_TIME} files.
 */
export interface SuitePlan {
  alone: string[];
  groups: string[][];
  realTime: string[];
}

/**
 * {@link FIRST}, then the other browser files, alone; {@link REAL_TIME} apart; the rest in `count`
 * groups of about the same size in bytes (a rough measure of a file's work), in name order.
 */
export function planSuite(
  files: readonly string[],
  count: number,
  size: (file: string) => number,
): SuitePlan {
  const realTime = files.filter((file) => REAL_TIME.includes(file));
  const alone = [
    ...FIRST.filter((file) => files.includes(file)),
    ...files.filter((file) => file.startsWith("tests/browser/") && !FIRST.includes(file)),
  ];
  const grouped = files.filter((file) => !alone.includes(file) && !realTime.includes(file))
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
    realTime,
  };
}

/** The text of a group module: one import per file, so its tests register in this worker. */
export function groupModule(root: URL, files: readonly string[]): string {
  return files.map((file) => `import ${JSON.stringify(new URL(file, root).href)};\n`).join("");
}

/**
 * The `deno test` targets of the whole suite: `--ignore=` is applied here (a group module would
 * otherwise import an ignored file), and the group modules are written to `dir`.
 */
async function suiteTargets(root: URL, dir: string, ignore: string[], jobs: number) {
  const ignored = ignore.flatMap((flag) => flag.slice("--ignore=".length).split(","))
    .map((path) => path.replace(/^\.\//, "")).filter(Boolean);
  const files = (await findTestFiles(root)).filter((file) =>
    !ignored.some((path) => file === path || file.startsWith(path.replace(/\/?$/, "/")))
  );
  const plan = planSuite(
    files,
    jobs * GROUPS_PER_JOB,
    (file) => Deno.statSync(new URL(file, root)).size,
  );
  // Deno starts test modules in the order of their names, so each unit of work gets a module
  // here named by its place: the files that run alone (the longest first), then the groups.
  const units = [...plan.alone.map((file) => [file]), ...plan.groups];
  const modules: string[] = [];
  for (const [index, unit] of units.entries()) {
    const name = unit.length === 1
      ? unit[0].replace(/_test\.tsx?$/, "").replaceAll("/", "_")
      : `group_of_${unit.length}`;
    const path = `${dir}/${String(index + 1).padStart(2, "0")}_${name}_test.ts`;
    await Deno.writeTextFile(path, groupModule(root, unit));
    modules.push(path);
  }
  console.log(
    `${files.length} test files: ${plan.alone.length} alone (the longest, the browser files), ` +
      `${plan.groups.flat().length} in ${plan.groups.length} groups, and beside them ` +
      `${plan.realTime.length} real-time files (tests/support/run_tests.ts)`,
  );
  return { rest: modules, realTime: plan.realTime };
}

/** The counts of a `deno test` run, whether it succeeded, and its output when not echoed. */
interface TestRun {
  counts: TestCounts | undefined;
  success: boolean;
  output: Uint8Array[];
}

/**
 * Runs `deno test` with `args` (under `nice` when asked and available), streaming its output
 * through when `echo`, else keeping it for later.
 */
async function denoTest(
  args: string[],
  jobs: number,
  { echo, nice }: { echo: boolean; nice: boolean },
): Promise<TestRun> {
  const deno = [
    Deno.execPath(),
    "test",
    "-A",
    "--unstable-kv",
    "--parallel",
    "--no-check",
    ...args,
  ];
  const spawn = (command: string[]) =>
    new Deno.Command(command[0], {
      args: command.slice(1),
      stdout: "piped",
      stderr: echo ? "inherit" : "piped",
      env: { RUST_BACKTRACE: "0", NO_COLOR: "1", DENO_JOBS: String(jobs) },
    }).spawn();
  let child: Deno.ChildProcess;
  try {
    child = spawn(nice ? ["nice", "-n", "10", ...deno] : deno);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    child = spawn(deno);
  }
  const output: Uint8Array[] = [];
  const errors = echo ? Promise.resolve() : Array.fromAsync(child.stderr).then((chunks) => {
    output.push(...chunks);
  });
  let counts: TestCounts | undefined;
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    if (echo) await Deno.stdout.write(chunk);
    else output.push(chunk);
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4096);
    for (const line of tail.split("\n")) counts = parseTestSummary(line) ?? counts;
  }
  await errors;
  return { counts, success: (await child.status).success, output };
}

async function main(): Promise<number> {
  const jobs = Number(Deno.env.get("DENO_JOBS")) || DEFAULT_JOBS;
  const paths = Deno.args.filter((arg, i) =>
    !arg.startsWith("-") && !VALUE_FLAGS.has(Deno.args[i - 1] ?? "")
  );
  const ignore = Deno.args.filter((arg) => arg.startsWith("--ignore="));
  const flags = Deno.args.filter((arg) => !ignore.includes(arg));
  const dir = paths.length === 0 ? await Deno.makeTempDir({ prefix: "suite-groups-" }) : "";
  const root = new URL("../../", import.meta.url);
  let runs: TestRun[];
  if (dir) {
    const { rest, realTime } = await suiteTargets(root, dir, ignore, jobs);
    // The real-time files' output comes after the rest's, so the two do not interleave.
    const realTimeRuns = async () => {
      const done: TestRun[] = [];
      for (
        const batch of [realTime.filter((file) => !REAL_TIME_LAST.includes(file)), REAL_TIME_LAST]
      ) {
        const files = batch.filter((file) => realTime.includes(file));
        if (files.length > 0) {
          done.push(await denoTest([...flags, ...files], jobs, { echo: false, nice: false }));
        }
      }
      return done;
    };
    const [restRun, realTimeDone] = await Promise.all([
      denoTest([...flags, ...rest], jobs, { echo: true, nice: realTime.length > 0 }),
      realTimeRuns(),
    ]);
    runs = [restRun, ...realTimeDone];
    for (const run of runs.slice(1)) for (const chunk of run.output) await Deno.stdout.write(chunk);
    await Deno.remove(dir, { recursive: true });
  } else runs = [await denoTest(Deno.args, jobs, { echo: true, nice: false })];
  const total: TestCounts = { passed: 0, failed: 0, ignored: 0 };
  for (const { counts, success } of runs) {
    total.passed += counts?.passed ?? 0;
    total.failed += counts?.failed ?? (success ? 0 : 1);
    total.ignored += counts?.ignored ?? 0;
  }
  console.log(`\n${ciSummaryLine(total)}`);
  const ok = runs.every((run) => run.success && run.counts !== undefined);
  return ok && total.passed > 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main());
