/**
 * The official MCP inspector CLI (`@modelcontextprotocol/inspector-cli` 1.0.3) against the real
 * app's `/mcp` with the ten real tools over the replay upstream: lists the tools and calls
 * `get_protocol_overview`. Usage: `deno run -A --unstable-kv tests/support/inspector.ts`. The first
 * run downloads the CLI from npm into Deno's global cache.
 *
 * Against a deployed server the same check is:
 *   deno run -A --no-config --no-lock \
 *     npm:@modelcontextprotocol/inspector-cli@1.0.3/build/index.js URL/mcp --method tools/list
 * run from a directory whose parent holds a package.json (see `runInspector`).
 */
import { startReplayApp } from "../../replay_app.ts";

/** The CLI entry itself; the package's `bin` is a launcher for the web inspector. */
export const INSPECTOR_CLI = "npm:@modelcontextprotocol/inspector-cli@1.0.3/build/index.js";

/** What one CLI run printed and how it ended. */
export interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the inspector CLI against `url` with `args` (e.g. `--method tools/list`). The CLI picks
 * its client name by checking `../package.json` against the working directory but importing
 * it relative to its own file, so it only starts from a directory whose parent holds a
 * package.json: a throwaway one is made for each run.
 */
export async function runInspector(
  url: URL | string,
  args: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<InspectorRun> {
  const scratch = await Deno.makeTempDir({ prefix: "inspector-" });
  try {
    await Deno.writeTextFile(`${scratch}/package.json`, '{ "private": true }\n');
    await Deno.mkdir(`${scratch}/run`);
    const output = await new Deno.Command(Deno.execPath(), {
      // The CLI is a tool, not an app dependency: leave deno.json and deno.lock alone.
      args: ["run", "-A", "--no-config", "--no-lock", INSPECTOR_CLI, String(url), ...args],
      cwd: `${scratch}/run`,
      stdout: "piped",
      stderr: "piped",
      signal: options.signal,
      env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
    }).output();
    const decoder = new TextDecoder();
    return {
      code: output.code,
      stdout: decoder.decode(output.stdout),
      stderr: decoder.decode(output.stderr),
    };
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
}

/** Parses the JSON the CLI prints, or throws with what it printed instead. */
// deno-lint-ignore no-explicit-any -- the CLI prints arbitrary MCP results
export function parseInspectorJson(run: InspectorRun): any {
  if (run.code !== 0) throw new Error(`inspector exited ${run.code}: ${run.stderr.slice(-2000)}`);
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`inspector printed no JSON: ${run.stdout.slice(0, 500)}`);
  }
}

/** What the two inspector runs returned: the tools/list result and one tools/call result. */
export interface InspectorCheck {
  // deno-lint-ignore no-explicit-any -- the CLI prints arbitrary MCP results
  listed: any;
  // deno-lint-ignore no-explicit-any -- the CLI prints arbitrary MCP results
  called: any;
}

/** Lists the tools at `url`, then calls `get_protocol_overview` with `recent_trades=2`. */
export async function inspectServer(
  url: URL | string,
  options: { signal?: AbortSignal } = {},
): Promise<InspectorCheck> {
  const listed = parseInspectorJson(await runInspector(url, ["--method", "tools/list"], options));
  const called = parseInspectorJson(
    await runInspector(url, [
      "--method",
      "tools/call",
      "--tool-name",
      "get_protocol_overview",
      "--tool-arg",
      "recent_trades=2",
    ], options),
  );
  return { listed, called };
}

if (import.meta.main) {
  const app = await startReplayApp();
  let failed = false;
  try {
    const { listed, called } = await inspectServer(app.mcpUrl);
    const names = listed.tools.map((tool: { name: string }) => tool.name);
    console.log(`tools/list: ${names.length} tools: ${names.join(", ")}`);
    console.log(`tools/call get_protocol_overview: isError=${called.isError ?? false}`);
    console.log(called.content?.[0]?.text ?? "(no text)");
    failed = names.length !== 9 || called.isError === true || !called.structuredContent;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    failed = true;
  } finally {
    await app.close();
  }
  Deno.exit(failed ? 1 : 0);
}
