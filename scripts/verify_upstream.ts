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
import {
  formatReport,
  parseUpstreamArgs,
  VERIFY_EXIT,
  verifyExitCode,
  verifyUpstream,
} from "../lib/upstream_check/mod.ts";

const USAGE =
  `usage: deno task verify-upstream [--api URL] [--rpc URL] [--wallet ADDRESS]... [--tx HASH]...
  --api     Papertrade API origin (default PAPERTRADE_API_URL or https://exchange.papertrade.xyz)
  --rpc     HyperEVM JSON-RPC URL (default HYPEREVM_RPC_URL or https://rpc.hyperliquid.xyz/evm)
  --wallet  also check this wallet's stream snapshot and first trade-history page (repeatable)
  --tx      also check this transaction, its receipt and its block's logs (repeatable)`;

/** Run the verifier with command-line arguments; returns the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseUpstreamArgs(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return VERIFY_EXIT.usage;
  }
  if (parsed.help) {
    console.log(USAGE);
    return 0;
  }
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
