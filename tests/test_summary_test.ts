import assert from "node:assert/strict";
import {
  ciSummaryLine,
  findTestFiles,
  FIRST,
  groupModule,
  parseTestSummary,
  planSuite,
  REAL_TIME,
} from "./support/run_tests.ts";

const ROOT = new URL("../", import.meta.url);

Deno.test("the CI line restates Deno's summary, ignored tests included", () => {
  const plain = parseTestSummary("ok | 12 passed (3 steps) | 0 failed (1s)");
  assert.deepEqual(plain, { passed: 12, failed: 0, ignored: 0 });
  assert.equal(ciSummaryLine(plain!), "12 passed, 0 failed");
  const ignored = parseTestSummary("FAILED | 10 passed (2 steps) | 1 failed | 2 ignored (5s)");
  assert.deepEqual(ignored, { passed: 10, failed: 1, ignored: 2 });
  assert.equal(ciSummaryLine(ignored!), "10 passed, 1 failed, 2 skipped");
  assert.equal(parseTestSummary("running 3 tests from ./x_test.ts"), undefined);
});

Deno.test("no test in the suite is ignored on a condition: a missing piece fails instead", async () => {
  const offenders: string[] = [];
  for (const dir of ["lib", "routes", "tools", "tests", "fixtures", "components"]) {
    for await (const file of walk(new URL(`../${dir}/`, import.meta.url))) {
      if (!/_test\.tsx?$/.test(file.pathname) || file.pathname.endsWith("test_summary_test.ts")) {
        continue;
      }
      const text = await Deno.readTextFile(file);
      if (/\bignore:\s*[^f\s]/.test(text)) offenders.push(file.pathname);
    }
  }
  assert.deepEqual(offenders, []);
});

async function* walk(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* walk(url);
    else yield url;
  }
}

Deno.test("the suite runner finds every test file the repository holds", async () => {
  const { stdout } = await new Deno.Command("git", { args: ["ls-files"], cwd: ROOT }).output();
  const tracked = new TextDecoder().decode(stdout).split("\n")
    .filter((path) => /(^|[_.\/])test\.tsx?$/.test(path));
  const found = new Set(await findTestFiles(ROOT));
  assert.ok(tracked.length > 100, "git lists the test files");
  assert.deepEqual(tracked.filter((path) => !found.has(path)), []);
  assert.ok(!found.has("tests/support/run_tests.ts") && !found.has("tests/harness.ts"));
  assert.deepEqual(REAL_TIME.filter((path) => !found.has(path)), [], "the real-time files exist");
  assert.deepEqual(FIRST.filter((path) => !found.has(path)), [], "the longest files exist");
});

Deno.test("the suite plan runs each file once: browser files alone, the real-time ones apart, the rest in even groups", () => {
  const files = [
    "tests/browser/a_test.ts",
    "tests/browser/b_test.ts",
    ...REAL_TIME,
    ...Array.from({ length: 30 }, (_, i) => `lib/f${String(i).padStart(2, "0")}_test.ts`),
  ];
  const size = (file: string) => 100 + Number(/\d+/.exec(file)?.[0] ?? 0) * 37;
  const plan = planSuite(files, 4, size);
  assert.deepEqual(plan.alone, ["tests/browser/a_test.ts", "tests/browser/b_test.ts"]);
  const withFirst = planSuite([...files, ...FIRST].sort(), 4, size);
  assert.deepEqual(withFirst.alone.slice(0, FIRST.length), FIRST, "the longest start first");
  assert.equal(withFirst.groups.flat().length, 30);
  assert.equal(plan.groups.length, 4);
  const grouped = plan.groups.flat();
  assert.deepEqual(plan.realTime, REAL_TIME);
  assert.deepEqual([...grouped].sort(), files.slice(2 + REAL_TIME.length));
  const weights = plan.groups.map((group) => group.reduce((sum, file) => sum + size(file), 0));
  assert.ok(Math.max(...weights) - Math.min(...weights) <= 100 + 29 * 37, `${weights}`);
  for (const group of plan.groups) assert.deepEqual(group, [...group].sort());
  const few = planSuite([...files.slice(0, 2 + REAL_TIME.length), "lib/f00_test.ts"], 4, size);
  assert.deepEqual(few.groups, [["lib/f00_test.ts"]]);
});

Deno.test("a group module runs its files' tests in one worker and names a failure's own file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const root = new URL(`file://${dir}/`);
    await Deno.writeTextFile(`${dir}/one_test.ts`, 'Deno.test("one passes", () => {});\n');
    await Deno.writeTextFile(
      `${dir}/two_test.ts`,
      'Deno.test("two fails", () => {\n  throw new Error("boom");\n});\n',
    );
    await Deno.writeTextFile(
      `${dir}/group_test.ts`,
      groupModule(root, ["one_test.ts", "two_test.ts"]),
    );
    const { code, stdout } = await new Deno.Command(Deno.execPath(), {
      args: ["test", "--no-check", "--no-config", "group_test.ts"],
      cwd: dir,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "null",
    }).output();
    const text = new TextDecoder().decode(stdout);
    assert.notEqual(code, 0);
    assert.match(text, /running 2 tests from/);
    assert.deepEqual(
      parseTestSummary(text.split("\n").findLast((line) => parseTestSummary(line))!),
      {
        passed: 1,
        failed: 1,
        ignored: 0,
      },
    );
    assert.match(text, /two fails => \.\/two_test\.ts:1:6/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
