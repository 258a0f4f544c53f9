/**
 * Issue 18: the suite, run the two ways `tests/support/run_tests.ts` can run it, side by side in
 * interleaved rounds: every test file in its own worker (all paths given, as before the groups)
 * and the grouped run (no paths: browser files alone, the rest in `DENO_JOBS` group modules).
 * Each run's wall time is measured, and its CPU time with every descendant (the browsers
 * included) where a cgroup v1 `cpuacct` hierarchy is writable (`time` misses Chromium, which the
 * browser library reaps itself). `deno run -A bench/suite_bench.ts 2` for two rounds (default 1).
 */
import { findTestFiles } from "../tests/support/run_tests.ts";

const ROUNDS = Number(Deno.args[0] ?? 1);
const root = new URL("..", import.meta.url);
const CPUACCT = "/sys/fs/cgroup/cpuacct";
const files = await findTestFiles(root);

interface Run {
  wall: number;
  cpu: number | null;
  summary: string;
}

async function cgroup(): Promise<string | null> {
  const dir = `${CPUACCT}/suite_bench_${Deno.pid}`;
  try {
    await Deno.mkdir(dir);
    return dir;
  } catch {
    return null;
  }
}

async function run(args: string[]): Promise<Run> {
  const group = await cgroup();
  // The shell joins the cgroup, then becomes the runner, so every descendant is counted.
  const command = group
    ? ["bash", "-c", `echo $$ > ${group}/cgroup.procs; exec "$@"`, "_", Deno.execPath(), ...args]
    : [Deno.execPath(), ...args];
  const started = performance.now();
  const { stdout } = await new Deno.Command(command[0], {
    args: command.slice(1),
    cwd: root,
    stdout: "piped",
    stderr: "null",
    env: { NO_COLOR: "1" },
  }).output();
  const wall = (performance.now() - started) / 1000;
  const text = new TextDecoder().decode(stdout);
  const lines = text.trim().split("\n");
  // The whole output is kept, so a failing run can be read afterwards.
  const log = await Deno.makeTempFile({ prefix: "suite_bench_", suffix: ".log" });
  await Deno.writeTextFile(log, text);
  let cpu: number | null = null;
  if (group) {
    cpu = Number(await Deno.readTextFile(`${group}/cpuacct.usage`)) / 1e9;
    await Deno.remove(group).catch(() => {});
  }
  return { wall, cpu, summary: `${lines.at(-1) ?? ""}", output in ${log}` };
}

const WAYS = [
  {
    name: "each file in its own worker",
    args: ["run", "-A", "tests/support/run_tests.ts", ...files],
  },
  { name: "grouped (deno task test)", args: ["run", "-A", "tests/support/run_tests.ts"] },
];
const results = new Map<string, Run[]>(WAYS.map((way) => [way.name, []]));
for (let round = 1; round <= ROUNDS; round++) {
  for (const way of round % 2 ? WAYS : [...WAYS].reverse()) {
    const result = await run(way.args);
    results.get(way.name)!.push(result);
    const cpu = result.cpu === null ? "CPU not measured" : `${result.cpu.toFixed(1)} s CPU`;
    console.log(
      `round ${round}, ${way.name}: ${result.wall.toFixed(1)} s wall, ${cpu}, "${result.summary}`,
    );
  }
}
const [each, grouped] = WAYS.map((way) => results.get(way.name)!);
const sum = (runs: Run[], key: "wall" | "cpu") =>
  runs.reduce((total, run) => total + (run[key] ?? 0), 0);
console.log(
  `\n${files.length} test files, ${ROUNDS} round(s): grouped takes ` +
    `${(sum(grouped, "wall") / sum(each, "wall")).toFixed(2)}x the wall time` +
    (grouped.every((run) => run.cpu !== null) && each.every((run) => run.cpu !== null)
      ? ` and ${(sum(grouped, "cpu") / sum(each, "cpu")).toFixed(2)}x the CPU time`
      : "") +
    " of each file in its own worker",
);
