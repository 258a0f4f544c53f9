/**
 * The mutation tool's list stays true to the code: every mutant's text occurs exactly once in
 * the file it names and its tests exist, so the list is updated in the change that moves the
 * code, not found stale on the next mutation run. CONTRIBUTING's table names the same mutants.
 */
import assert from "node:assert/strict";
import { mutantProblems, MUTANTS } from "./support/mutations.ts";

const ROOT = new URL("../", import.meta.url).pathname;

Deno.test("every mutant applies: its file exists, its text occurs there once, its tests exist", async () => {
  assert.deepEqual(await mutantProblems(ROOT, MUTANTS), []);
});

Deno.test("a stale mutant is named with what is wrong and where its text went", async () => {
  const [first] = MUTANTS;
  const problems = await mutantProblems(ROOT, [
    { ...first, name: "moved", file: "lib/nowhere.ts" },
    { ...first, name: "rewritten", from: "a text no module holds \u0000" },
    { ...first, name: "untested", tests: ["tests/no_such_test.ts"] },
    { ...first, name: "untested" },
  ]);
  assert.equal(problems.length, 4, problems.join("\n"));
  assert.match(problems[0], new RegExp(`^moved: .*lib/nowhere\\.ts.*${first.file}`));
  assert.match(problems[1], new RegExp(`^rewritten: .*0 times.*${first.file}`));
  assert.match(problems[2], /^untested: .*tests\/no_such_test\.ts/);
  assert.match(problems[3], /^untested: /);
});

Deno.test("CONTRIBUTING's table of mutants lists exactly the tool's mutants", async () => {
  const text = await Deno.readTextFile(new URL("../CONTRIBUTING.md", import.meta.url));
  const rows = [...text.matchAll(/^\| `([a-z0-9-]+)` +\|/gm)].map((match) => match[1]);
  assert.deepEqual(rows.sort(), MUTANTS.map((mutant) => mutant.name).sort());
});
