/**
 * The official MCP conformance suite against the real app's `/mcp`, for 2025-11-25 and
 * 2026-07-28, as part of `deno task test`. It runs tests/support/conformance.ts in a child process
 * (the suite is an npm CLI; the first run downloads it) and fails on any failure its baselines
 * do not list, or on a baseline entry that now passes.
 */
import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url).pathname;
/** Both suites take a few seconds once cached; the bound leaves room for the npm download. */
const BOUND_MS = 180_000;

Deno.test("the official conformance suite passes for 2025-11-25 and 2026-07-28 apart from the baselines", async () => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), BOUND_MS);
  try {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--unstable-kv", "tests/support/conformance.ts"],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
      signal: controller.signal,
      env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
    }).output();
    const output = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    const tail = output.slice(-4000);
    assert.ok(!controller.signal.aborted, `the suites took longer than ${BOUND_MS / 1000} s`);
    assert.equal(code, 0, tail);
    assert.match(output, /== conformance 2025-11-25: ok/, tail);
    assert.match(output, /== conformance 2026-07-28: ok/, tail);
    assert.doesNotMatch(output, /Unexpected failures|Stale baseline/, tail);
    // Both eras answer the (empty) resource and prompt lists, with cache hints under 2026-07-28.
    for (const scenario of ["resources-list", "prompts-list", "caching"]) {
      assert.match(output, new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`), scenario);
    }
  } finally {
    clearTimeout(timer);
  }
});
