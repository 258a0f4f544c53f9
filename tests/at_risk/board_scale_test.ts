/**
 * Issue 27 point 5: the at-risk board covers a protocol of 5,000 wallets holding positions (the
 * replay with synthetic wallets, `bench/board_coverage.ts`), reading the whole leaderboard within
 * its one budget. The clock is simulated (one board step each time), so nothing here depends on
 * how fast the machine reads.
 */
import assert from "node:assert/strict";
import { coverBoard } from "../../bench/board_coverage.ts";
import {
  AT_RISK_REQUESTS_PER_MINUTE,
  AT_RISK_WALLET_READS_PER_MINUTE,
} from "../../lib/at_risk/limits.ts";

Deno.test("the board covers 5,000 wallets with positions within its budget", async () => {
  const wallets = 5_000;
  const run = await coverBoard({ wallets, steadyMinutes: 0, maxMinutes: 90 });
  assert.equal(run.known, wallets, "every wallet of the leaderboard with positions is known");
  assert.ok(
    run.mostRequestsInAMinute <= AT_RISK_REQUESTS_PER_MINUTE,
    `${run.mostRequestsInAMinute} requests in one minute`,
  );
  // Full coverage takes the wallet reads the budget allows, and not much more.
  const least = wallets / AT_RISK_WALLET_READS_PER_MINUTE;
  assert.ok(run.minutesToCover >= least - 1, `covered in ${run.minutesToCover} min`);
  assert.ok(run.minutesToCover <= least * 1.1 + 2, `covered in ${run.minutesToCover} min`);
});
