import { deepEqual, equal, throws } from "node:assert/strict";
import { closePayout, type ClosePayoutParams } from "./close_payout.ts";
import { WAD } from "./units.ts";

/** Live BTC curve (from /state/trading) with the 2% win fee. */
const BTC: ClosePayoutParams = {
  rateMultiplierWad: 15_000n * WAD,
  positionMultiplierWad: 814_598n * 10n ** 15n,
  baseRateWad: WAD / 10n,
  referenceNotionalWad: 100_000n * WAD,
  winFeeRateWad: 2n * 10n ** 16n,
};

/** $100 margin at 100x on BTC at $100,000 (raw 1,000,000, deadband d = 20). */
const at = (markRaw: bigint, isLong: boolean) => ({
  entryRaw: 1_000_000n,
  markRaw,
  marginWad: 100n * WAD,
  leverage: 100,
  isLong,
});

/** Kept share of raw PnL in basis points (10000 = 100%). */
const keptBps = (r: { rawPnlWad: bigint; adjustedPnlWad: bigint }) =>
  r.adjustedPnlWad * 10_000n / r.rawPnlWad;

// Worked example, 1% move (X' = 1,010,000, move 10,000):
//   mWad = 1e16; rateTerm = 150e18; positionTerm = 1e6 * 1e16 * 814.598 = 8.14598e24
//   1/rateTerm = 1e36 / 150e18 = 6666666666666666
//   ref/positionTerm = 1e23 * 1e18 / 8.14598e24 = 12275993803078328
//   kept = 0.9e36 / 1018942660469744994 = 883268543869867047 (88.33%)
//   raw = 100e18 * 100 * 10000 / 1e6 = 100e18; adjusted = 100 * kept
//   fee = floor(88326854386986704700 * 0.02) = 1766537087739734094
const ONE_PERCENT = {
  rawPnlWad: 100n * WAD,
  adjustedPnlWad: 88326854386986704700n,
  winFeeWad: 1766537087739734094n,
  closePnlWad: 86560317299246970606n,
  // the $100 margin comes back with the PnL
  payoutWad: 186560317299246970606n,
};

Deno.test("closePayout keeps about 88.3% of a 1% BTC gain on a long before the win fee", () => {
  // mark 1,010,020 - deadband 20 = exactly +1%
  const result = closePayout(at(1_010_020n, true), BTC);
  deepEqual(result, ONE_PERCENT);
  equal(keptBps(result), 8832n);
});

Deno.test("closePayout values a 1% BTC gain on a short exactly like the long", () => {
  // mark 989,980 + deadband 20 = exactly -1%
  deepEqual(closePayout(at(989_980n, false), BTC), ONE_PERCENT);
});

Deno.test("closePayout keeps about 75.7% of a 0.1% BTC gain", () => {
  // mWad 1e15: 1/rateTerm = 1/15 = 0.0667, ref/positionTerm = 1e5/814598 = 0.1228
  // kept = 0.9 / 1.18943 = 0.756667117118108919
  const result = closePayout(at(1_001_020n, true), BTC);
  equal(result.rawPnlWad, 10n * WAD);
  equal(result.adjustedPnlWad, 7566671171181089190n);
  equal(result.winFeeWad, 151333423423621783n);
  equal(result.closePnlWad, 7415337747757467407n);
  equal(result.payoutWad, 107415337747757467407n);
  equal(keptBps(result), 7566n);
});

Deno.test("closePayout values a real-price BTC long at 83065.5 closing 0.1% higher", () => {
  // E 830655, d 16, X 831502 -> X' 831486, move 831; raw = 250 * 50 * 831 / 830655
  const result = closePayout(
    { entryRaw: 830655n, markRaw: 831502n, marginWad: 250n * WAD, leverage: 50, isLong: true },
    BTC,
  );
  deepEqual(result, {
    rawPnlWad: 12505191686079058092n,
    adjustedPnlWad: 9462893012109249235n,
    winFeeWad: 189257860242184984n,
    closePnlWad: 9273635151867064251n,
    payoutWad: 259273635151867064251n,
  });
});

Deno.test("closePayout realizes nothing for a gain inside the deadband, paying back the margin", () => {
  const zero = {
    rawPnlWad: 0n,
    adjustedPnlWad: 0n,
    winFeeWad: 0n,
    closePnlWad: 0n,
    payoutWad: 100n * WAD,
  };
  deepEqual(closePayout(at(1_000_001n, true), BTC), zero);
  deepEqual(closePayout(at(1_000_020n, true), BTC), zero); // exactly E + d
  deepEqual(closePayout(at(999_999n, false), BTC), zero);
  deepEqual(closePayout(at(999_980n, false), BTC), zero); // exactly E - d
  deepEqual(closePayout(at(1_000_000n, true), BTC), zero);
});

Deno.test("closePayout keeps under half a percent of a gain one raw unit past the deadband", () => {
  // X' = 1,000,001: raw $0.01, kept 0.004726230357517119
  const result = closePayout(at(1_000_021n, true), BTC);
  equal(result.rawPnlWad, WAD / 100n);
  equal(result.adjustedPnlWad, 47262303575171n);
  equal(result.winFeeWad, 945246071503n);
});

Deno.test("closePayout passes a loss through with no deadband and no fee", () => {
  // long -0.5% at 100x on $100 -> -$50; a 1-raw loss is -$0.01 (deadband only helps wins)
  const half = -50n * WAD;
  deepEqual(closePayout(at(995_000n, true), BTC), {
    rawPnlWad: half,
    adjustedPnlWad: half,
    winFeeWad: 0n,
    closePnlWad: half,
    payoutWad: 50n * WAD,
  });
  equal(closePayout(at(999_999n, true), BTC).closePnlWad, -WAD / 100n);
  equal(closePayout(at(1_000_001n, false), BTC).closePnlWad, -WAD / 100n);
});

Deno.test("closePayout floors a loss at the full margin, which then pays back nothing", () => {
  // short, +2% at 100x = -$200 on $100 margin
  const result = closePayout(at(1_020_000n, false), BTC);
  equal(result.rawPnlWad, -100n * WAD);
  equal(result.closePnlWad, -100n * WAD);
  equal(result.payoutWad, 0n);
  equal(result.winFeeWad, 0n);
});

Deno.test("closePayout takes no win fee when the fee rate is zero", () => {
  const result = closePayout(at(1_010_020n, true), { ...BTC, winFeeRateWad: 0n });
  equal(result.winFeeWad, 0n);
  equal(result.closePnlWad, ONE_PERCENT.adjustedPnlWad);
});

Deno.test("closePayout keeps nothing when the rate multiplier is zero", () => {
  const result = closePayout(at(1_010_020n, true), { ...BTC, rateMultiplierWad: 0n });
  equal(result.rawPnlWad, 100n * WAD);
  equal(result.closePnlWad, 0n);
  equal(result.payoutWad, 100n * WAD);
});

Deno.test("closePayout rejects bad positions and bad parameters", () => {
  throws(() => closePayout({ ...at(1n, true), entryRaw: 0n }, BTC), /entry price/);
  throws(() => closePayout(at(-1n, true), BTC), /mark price/);
  throws(() => closePayout({ ...at(1n, true), leverage: 1001 }, BTC), /leverage/);
  throws(() => closePayout(at(1n, true), { ...BTC, baseRateWad: WAD + 1n }), /baseRateWad/);
  throws(() => closePayout(at(1n, true), { ...BTC, winFeeRateWad: -1n }), /winFeeRateWad/);
});
