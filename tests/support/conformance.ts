/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance@0.2.0-alpha.12`,
 * the newest on npm) against the real app's `/mcp`, with the ten real tools over the replay
 * upstream, once per protocol era, each with the suite's frozen requirement set for it
 * (`server --requirements <revision>`):
 *
 * - 2025-11-25 (the handshake era), baseline `tests/support/conformance_baseline.yml`;
 * - 2026-07-28 (the stateless era), baseline `tests/support/conformance_baseline_2026.yml`.
 *
 * Each baseline lists the scenarios (or single checks) this server fails on purpose or for
 * want of the suite's fixture tools, each with its reason. Exits non-zero when a suite reports
 * an unexpected failure (or a baseline entry that now passes). Usage: `deno run -A
 * --unstable-kv tests/support/conformance.ts [2025-11-25|2026-07-28]`. The first run downloads the
 * suite from npm.
 */
import { startReplayApp } from "../../replay_app.ts";

/** The suite, run as a tool (see `runSuite`). */
const SUITE_PACKAGE = "npm:@modelcontextprotocol/conformance@0.2.0-alpha.12";

/** One suite run: the revision whose requirement set runs, and its baseline. */
export interface SuiteRun {
  revision: "2025-11-25" | "2026-07-28";
  baseline: string;
}

/** The two runs, in order. */
export const SUITE_RUNS: readonly SuiteRun[] = [
  { revision: "2025-11-25", baseline: "tests/support/conformance_baseline.yml" },
  { revision: "2026-07-28", baseline: "tests/support/conformance_baseline_2026.yml" },
];

const ROOT = new URL("../..", import.meta.url);

/** Runs one suite against a fresh app (a fresh rate-limit budget) and returns its exit code. */
export async function runSuite(run: SuiteRun): Promise<number> {
  const app = await startReplayApp();
  try {
    console.log(`\n== conformance ${run.revision} (${SUITE_PACKAGE}) against ${app.mcpUrl}`);
    const command = new Deno.Command(Deno.execPath(), {
      // --no-config and --no-lock: the suite is a tool, not a dependency of the app, so it
      // comes from Deno's global npm cache and leaves deno.json, deno.lock and node_modules alone.
      args: [
        "run",
        "-A",
        "--no-config",
        "--no-lock",
        SUITE_PACKAGE,
        "server",
        "--url",
        app.mcpUrl.href,
        "--requirements",
        run.revision,
        "--expected-failures",
        new URL(run.baseline, ROOT).pathname,
      ],
      cwd: ROOT.pathname,
      stdout: "inherit",
      stderr: "inherit",
      env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
    });
    const { code } = await command.output();
    console.log(`== conformance ${run.revision}: ${code === 0 ? "ok" : `FAILED (exit ${code})`}`);
    return code;
  } finally {
    await app.close();
  }
}

if (import.meta.main) {
  const wanted = Deno.args.length ? Deno.args : SUITE_RUNS.map((run) => run.revision);
  const unknown = wanted.filter((revision) => !SUITE_RUNS.some((run) => run.revision === revision));
  if (unknown.length) {
    console.error(`unknown revision ${unknown.join(", ")}; use 2025-11-25 or 2026-07-28`);
    Deno.exit(2);
  }
  let failed = 0;
  for (const run of SUITE_RUNS.filter((run) => wanted.includes(run.revision))) {
    if (await runSuite(run) !== 0) failed += 1;
  }
  Deno.exit(failed === 0 ? 0 : 1);
}
