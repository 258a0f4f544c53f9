/**
 * Layers point one way, private modules stay in their folder, and no module imports itself
 * back. Each rule scans the import statements of every source file. The known exceptions are
 * listed by name: a new violation fails the test, and an entry can be deleted once fixed.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const SKIPPED = new Set(["node_modules", ".git", "static"]);
const IMPORT =
  /(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

/** Every .ts/.tsx file under the root, as a root-relative path. */
async function sourceFiles(dir = ""): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir || ".", ROOT))) {
    const path = dir + entry.name;
    if (entry.isDirectory && !SKIPPED.has(entry.name)) files.push(...await sourceFiles(`${path}/`));
    else if (entry.isFile && /\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** The local modules each file imports, as root-relative paths. */
async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const file of await sourceFiles()) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? match[3])
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => new URL(specifier, new URL(file, ROOT)).href.slice(ROOT.href.length));
    graph.set(file, targets);
  }
  return graph;
}

function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/") + 1);
}

/** Violations not in `known`, so that fixing a known one never fails the test. */
function unexpected(found: string[], known: readonly string[]): string[] {
  return found.filter((item) => !known.includes(item)).sort();
}

const graph = await importGraph();

// Empty: the live view types sit in lib/wallet/view_types.ts and the formatters in lib/format.ts.
const KNOWN_UPWARD_IMPORTS: readonly string[] = [];

Deno.test("lib/ imports nothing from routes/, components/, islands/ or client/", () => {
  const found = [...graph].filter(([file]) => file.startsWith("lib/")).flatMap(([file, targets]) =>
    targets.filter((target) => /^(routes|components|islands|client)\//.test(target))
      .map((target) => `${file} -> ${target}`)
  );
  assert.deepEqual(unexpected(found, KNOWN_UPWARD_IMPORTS), []);
});

Deno.test("tools/ imports only tools/ and lib/: the MCP runtime and the pages sit above it", () => {
  // Test code (tests beside a tool, its harness) may reach the fixtures.
  const product = (file: string) => file.startsWith("tools/") && !/(_test|testing)\.ts$/.test(file);
  const found = [...graph].filter(([file]) => product(file)).flatMap((
    [file, targets],
  ) =>
    targets.filter((target) => !/^(tools|lib)\//.test(target)).map((target) =>
      `${file} -> ${target}`
    )
  );
  assert.deepEqual(found, []);
});

Deno.test("the MCP runtime (routes/mcp/) stands on tools/ and lib/ alone; nothing below imports it", () => {
  const runtime = (path: string) => path.startsWith("routes/mcp/");
  const found = [...graph].flatMap(([file, targets]) =>
    targets.filter((target) =>
      runtime(file) && !/^(routes\/mcp|tools|lib|tests)\//.test(target) ||
      runtime(target) && /^(lib|tools|components|islands|client)\//.test(file)
    ).map((target) => `${file} -> ${target}`)
  );
  assert.deepEqual(found, []);
});

// Empty: private modules that other folders needed got public names (tests/harness.ts,
// routes/page_errors.tsx).
const KNOWN_CROSS_FOLDER_PRIVATE: readonly string[] = [];

Deno.test("no _private module is imported from another folder", () => {
  const found = [...graph].flatMap(([file, targets]) =>
    targets.filter((target) =>
      target.slice(target.lastIndexOf("/") + 1).startsWith("_") &&
      folderOf(target) !== folderOf(file)
    ).map((target) => `${file} -> ${target}`)
  );
  assert.deepEqual(unexpected(found, KNOWN_CROSS_FOLDER_PRIVATE), []);
});

/** Groups of modules that import each other (strongly connected, more than one module). */
function cycles(): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort().join(" <-> "));
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const KNOWN_CYCLES: readonly string[] = [];

Deno.test("no module imports itself back through others", () => {
  assert.deepEqual(unexpected(cycles(), KNOWN_CYCLES), []);
});
