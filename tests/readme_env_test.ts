/**
 * The README's configuration table is the one list of environment variables: every variable a
 * source file reads must have a row, and every row must still be read somewhere.
 */
import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);
/** A file that reads the environment, however it spells the lookup. */
const READS_ENV = /Deno\.env|\benv\.get\(|\(env[,)]|\benv: Env\b/;
/** Every all-capitals string in such a file is taken for a variable name (signals aside). */
const NAME = /"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)"/g;

/** Capitals that are HTTP methods, not variables. */
const HTTP_METHODS = new Set(["POST", "HEAD", "DELETE", "PATCH", "OPTIONS"]);

const SKIPPED_DIRECTORIES = new Set(["node_modules", "tests", ".git", "static"]);
/** The suite runner sits in tests/ but reads a variable the table documents (`DENO_JOBS`). */
const RUNNER = new URL("tests/support/run_tests.ts", ROOT);

/** Source files outside tests (test files set their own variables), and the suite runner. */
async function* sourceFiles(dir: URL): AsyncGenerator<URL> {
  if (dir.href === ROOT.href) yield RUNNER;
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory && !SKIPPED_DIRECTORIES.has(entry.name)) {
      yield* sourceFiles(new URL(`${entry.name}/`, dir));
    } else if (entry.isFile && /\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) {
      yield new URL(entry.name, dir);
    }
  }
}

async function variablesReadBySources(): Promise<Set<string>> {
  const found = new Set<string>();
  for await (const file of sourceFiles(ROOT)) {
    const text = await Deno.readTextFile(file);
    if (!READS_ENV.test(text)) continue;
    for (const [, name] of text.matchAll(NAME)) {
      if (name.length >= 4 && !name.startsWith("SIG") && !HTTP_METHODS.has(name)) found.add(name);
    }
  }
  return found;
}

Deno.test("the README's configuration table names exactly the environment variables sources read", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  const section = readme.slice(
    readme.indexOf("## Configuration"),
    readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
  );
  const documented = new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]));
  const read = await variablesReadBySources();
  assert.ok(read.has("RATE_LIMIT_STORE") && read.has("SITE_URL"), "the scan finds the readers");
  assert.deepEqual(
    [...read].filter((name) => !documented.has(name)).sort(),
    [],
    "read but undocumented",
  );
  assert.deepEqual(
    [...documented].filter((name) => !read.has(name)).sort(),
    [],
    "documented but never read",
  );
});

Deno.test("the self-hosting docs list every variable an operator sets for the app", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  const forApp = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` *\|[^|]*\| *app\b/gm)]
    .map((m) => m[1])
    // Deno Deploy sets this one itself.
    .filter((name) => name !== "DENO_DEPLOYMENT_ID");
  const docs = await Deno.readTextFile(new URL("docs/self-hosting.md", ROOT));
  // The app's variables; the front door's own (FRONT_*) have their table further down.
  const section = docs.slice(
    docs.indexOf("## Configuration"),
    docs.indexOf("\n## ", docs.indexOf("## Configuration") + 1),
  );
  const documented = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]);
  assert.ok(forApp.includes("SITE_URL"), "the README rows are found");
  assert.deepEqual(documented.sort(), forApp.sort());
});
