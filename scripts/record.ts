/**
 * `deno task record`: record the Papertrade API and HyperEVM RPC into the replay's data format.
 *
 *   deno task record --wallet 0x… --tx 0x… [--api URL] [--rpc URL] [--out DIR]
 *
 * Writes into a new temporary directory unless `--out` names one; `fixtures/data` is only ever
 * overwritten when given as `--out` explicitly. A recording is all or nothing: when an answer
 * failed or did not match, nothing is written and no folder is created. Serve a recording with
 * `startReplayUpstream({ dataDir })`. Exit code 0 when every file was written, 1 when nothing
 * was (see the problems printed), 2 for bad flags.
 */
import { parseScriptArgs, UPSTREAM_FLAGS_USAGE } from "./upstream/args.ts";
import { formatMismatch } from "./upstream/check.ts";
import {
  isCompleteRecording,
  RECORDED_FILES,
  recordUpstream,
  writeRecording,
} from "./upstream/record.ts";

const USAGE = `usage: deno task record [--api URL] [--rpc URL] [--wallet ADDRESS]... [--tx HASH]...
                        [--out DIR]
${UPSTREAM_FLAGS_USAGE}
  --wallet  record this wallet's stream snapshot and full trade history (repeatable)
  --tx      record this transaction, its receipt and its block (repeatable)
  --out     directory to write (default: a new temporary directory)`;

/** Runs the recorder with command-line arguments; returns the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  const parsed = parseScriptArgs(args, { usage: USAGE, usageExit: 2, allowOut: true });
  if (typeof parsed === "number") return parsed;
  console.log(`recording ${parsed.apiUrl} and ${parsed.rpcUrl}`);
  if (parsed.wallets.length === 0) console.log("no --wallet given: wallets.json will be empty");
  const result = await recordUpstream({
    apiUrl: parsed.apiUrl,
    rpcUrl: parsed.rpcUrl,
    wallets: parsed.wallets,
    txs: parsed.txs,
    log: (line) => console.log(`  ${line}`),
  });
  for (const problem of result.problems) console.log(formatMismatch(problem));
  for (const note of result.notes) console.log(`note: ${note}`);
  const files = `of ${RECORDED_FILES.length} files`;
  if (!isCompleteRecording(result)) {
    console.log(
      `nothing written: ${result.problems.length} problems, ` +
        `${Object.keys(result.files).length} ${files} complete, ${result.requests} requests`,
    );
    return 1;
  }
  const out = parsed.out ?? await Deno.makeTempDir({ prefix: "papertrade-record-" });
  const written = await writeRecording(out, result.files);
  console.log(`${written.length} ${files} written to ${out}, ${result.requests} requests`);
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
