import assert from "node:assert/strict";
import { ciSummaryLine, parseTestSummary } from "../scripts/run_tests.ts";

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
