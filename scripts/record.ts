/**
 * `deno task record`: record the Papertrade API and HyperEVM RPC into the replay's data format.
 *
 *   deno task record --wallet 0x… --tx 0x… [--api URL] [--rpc URL] [--out DIR]
 *
 * Writes into a new temporary directory unless `--out` names one; `fixtures/data` is only ever
 * overwritten when given as `--out` explicitly. Serve a recording with
 * `startReplayUpstream({ dataDir })`. Exit code 0 when every answer matched and every file was
 * written, 1 otherwise, 2 for bad flags.
 */
import {
  formatMismatch,
  parseUpstreamArgs,
  RECORDED_FILES,
  recordUpstream,
  writeRecording,
} from "../lib/upstream_check/mod.ts";

const USAGE = `usage: deno task record [--api URL] [--rpc URL] [--wallet ADDRESS]... [--tx HASH]...
                        [--out DIR]
  --api     Papertrade API origin (default PAPERTRADE_API_URL or https://exchange.papertrade.xyz)
  --rpc     HyperEVM JSON-RPC URL (default HYPEREVM_RPC_URL or https://rpc.hyperliquid.xyz/evm)
  --wallet  record this wallet's stream snapshot and full trade history (repeatable)
  --tx      record this transaction, its receipt and its block (repeatable)
  --out     directory to write (default: a new temporary directory)`;

/** Run the recorder with command-line arguments; returns the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseUpstreamArgs(args, { allowOut: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    console.log(USAGE);
    return 0;
  }
  const out = parsed.out ?? await Deno.makeTempDir({ prefix: "papertrade-record-" });
  console.log(`recording ${parsed.apiUrl} and ${parsed.rpcUrl} into ${out}`);
  if (parsed.wallets.length === 0) console.log("no --wallet given: wallets.json will be empty");
  const result = await recordUpstream({
    apiUrl: parsed.apiUrl,
    rpcUrl: parsed.rpcUrl,
    wallets: parsed.wallets,
    txs: parsed.txs,
    log: (line) => console.log(`  ${line}`),
  });
  const written = await writeRecording(out, result.files);
  for (const problem of result.problems) console.log(formatMismatch(problem));
  for (const note of result.notes) console.log(`note: ${note}`);
  console.log(
    `${written.length} of ${RECORDED_FILES.length} files written to ${out}, ` +
      `${result.problems.length} problems, ${result.requests} requests`,
  );
  return result.problems.length === 0 && written.length === RECORDED_FILES.length ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
