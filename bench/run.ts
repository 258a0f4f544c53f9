/**
 * Runs every benchmark in bench/ (`*_bench.ts`), one after another so they never compete for
 * the CPU, each in its own `deno run -A --unstable-kv` process with its output passed through.
 * Extra arguments filter by file name (`deno task bench mcp` runs mcp_bench.ts only). Exits
 * non-zero if any benchmark fails.
 */

/** The benchmark files in `dir`, sorted, optionally only those whose name contains a filter. */
export async function benchFiles(dir: URL, filters: readonly string[] = []): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isFile || !entry.name.endsWith("_bench.ts")) continue;
    if (filters.length && !filters.some((filter) => entry.name.includes(filter))) continue;
    names.push(entry.name);
  }
  return names.sort();
}

async function main(): Promise<number> {
  const dir = new URL("./", import.meta.url);
  const files = await benchFiles(dir, Deno.args);
  if (files.length === 0) {
    console.error(`no bench/*_bench.ts matches ${Deno.args.join(" ") || "(all)"}`);
    return 1;
  }
  const failed: string[] = [];
  for (const file of files) {
    console.log(`\n## ${file}\n`);
    const { code } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--unstable-kv", new URL(file, dir).pathname],
      cwd: new URL("..", dir).pathname,
      stdout: "inherit",
      stderr: "inherit",
      env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
    }).output();
    if (code !== 0) failed.push(`${file} (exit ${code})`);
  }
  if (failed.length) console.error(`\nfailed: ${failed.join(", ")}`);
  return failed.length ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main());
