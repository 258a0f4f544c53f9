/**
 * `deno task verify-upstream`: check a live upstream against our wire schemas.
 *
 *   deno task verify-upstream [--api URL] [--rpc URL] [--wallet 0x…]... [--tx 0x…]...
 *
 * Prints unreachable endpoints, each mismatch as `endpoint field: problem` grouped into known
 * and modelled shapes, the verdict on each modelled item, then
 * `N endpoints checked, M mismatches, U unreachable`. Exit status (VERIFY_EXIT): 0 everything
 * answered and matched, 1 a known shape no longer holds, 2 bad flags, 3 a modelled item is
 * contradicted, 4 some endpoint did not answer (and nothing else was wrong).
 */
import { parseScriptArgs, UPSTREAM_FLAGS_USAGE } from "./upstream/args.ts";
import { formatReport, VERIFY_EXIT, verifyExitCode, verifyUpstream } from "./upstream/verify.ts";

const USAGE =
  `usage: deno task verify-upstream [--api URL] [--rpc URL] [--wallet ADDRESS]... [--tx HASH]...
${UPSTREAM_FLAGS_USAGE}
  --wallet  also check this wallet's stream snapshot and first trade-history page (repeatable)
  --tx      also check this transaction, its receipt and its block's logs (repeatable)`;

/** Runs the verifier with command-line arguments; returns the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  const parsed = parseScriptArgs(args, { usage: USAGE, usageExit: VERIFY_EXIT.usage });
  if (typeof parsed === "number") return parsed;
  console.log(`verifying ${parsed.apiUrl} and ${parsed.rpcUrl}`);
  const report = await verifyUpstream({
    apiUrl: parsed.apiUrl,
    rpcUrl: parsed.rpcUrl,
    wallets: parsed.wallets,
    txs: parsed.txs,
  });
  console.log(formatReport(report));
  return verifyExitCode(report);
}

if (import.meta.main) Deno.exit(await main(Deno.args));
