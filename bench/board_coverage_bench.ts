/**
 * Issue 27 point 5: the at-risk board over 1,000, 5,000 and 10,000 wallets holding positions
 * (the replay with synthetic wallets, the board's real budget, a simulated clock:
 * `bench/board_coverage.ts`): the simulated minutes to full coverage, the most upstream requests
 * in any minute (the board's Papertrade reads), and the age of the reads of the 100 positions
 * nearest to bust at full coverage and 10 minutes later.
 *
 * Run: deno run -A --unstable-kv bench/board_coverage_bench.ts   (BOARD_WALLETS=1000,5000 picks)
 */
import { type Ages, coverBoard } from "./board_coverage.ts";
import { AT_RISK_REQUESTS_PER_MINUTE } from "../lib/at_risk/limits.ts";

const ages = (a: Ages) => `${a.medianS} s / ${a.maxS} s`;
const sizes = (Deno.env.get("BOARD_WALLETS") ?? "1000,5000,10000").split(",").map(Number);
console.log(
  `| wallets with positions | known | minutes to full coverage | most requests in a minute ` +
    `(budget ${AT_RISK_REQUESTS_PER_MINUTE}) | nearest 100 at full coverage: median / largest ` +
    `read age | 10 min later | real time |`,
);
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const wallets of sizes) {
  const started = performance.now();
  const run = await coverBoard({ wallets, steadyMinutes: 10 });
  const real = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `| ${wallets.toLocaleString("en")} | ${run.known.toLocaleString("en")} | ` +
      `${run.minutesToCover.toFixed(1)} | ${run.mostRequestsInAMinute} | ` +
      `${ages(run.nearest100.atCoverage)} | ${ages(run.nearest100.afterSteady)} | ${real} s |`,
  );
}
