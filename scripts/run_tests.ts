/**
 * Runs `deno test` and ends with the plain line CI reads: `N passed, N failed`.
 *
 * Deno's own summary (`ok | 12 passed (3 steps) | 0 failed`) is not in that form, so this
 * wrapper streams the output through, picks the summary up and restates it. Extra arguments
 * go to `deno test` (paths, --filter ...).
 */
const summary = /(?:ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed/;

async function main(): Promise<number> {
  const args = [
    "test",
    "-A",
    "--unstable-kv",
    ...(Deno.args.length ? Deno.args : []),
  ];
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdout: "piped",
    stderr: "inherit",
    env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
  }).spawn();
  let passed = 0;
  let failed = 0;
  let sawSummary = false;
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    await Deno.stdout.write(chunk);
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4096);
    for (const line of tail.split("\n")) {
      const match = summary.exec(line);
      if (match) {
        passed = Number(match[1]);
        failed = Number(match[3]);
        sawSummary = true;
      }
    }
  }
  const status = await child.status;
  if (!sawSummary) failed = Math.max(failed, status.success ? 0 : 1);
  console.log(`\n${passed} passed, ${failed} failed`);
  return status.success && sawSummary && passed > 0 ? 0 : 1;
}

Deno.exit(await main());
