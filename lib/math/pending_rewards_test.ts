import { equal, throws } from "node:assert/strict";
import { pendingRewardsWad } from "./pending_rewards.ts";

const WAD = 10n ** 18n;
/** Live accRewardPerShare read 2026-10-13 (≈ 0.0105 USD per staked PAPER). */
const ACC = 10_508_152_974_861_028_961_272_120n;

Deno.test("pendingRewardsWad credits 1000 staked PAPER about $10.51 at the real accumulator", () => {
  // 1000e18 * ACC / 1e27 = 10508152974861028961
  equal(
    pendingRewardsWad({
      pendingBase: 0n,
      staked: 1000n * WAD,
      accRewardPerShare: ACC,
      rewardDebt: 0n,
    }),
    10_508_152_974_861_028_961n,
  );
});

Deno.test("pendingRewardsWad adds the banked base and subtracts the reward debt", () => {
  // 1234.5e18 * ACC / 1e27 = 12972314847465940252; + 1e18 - 5e18
  equal(
    pendingRewardsWad({
      pendingBase: WAD,
      staked: 12_345n * WAD / 10n,
      accRewardPerShare: ACC,
      rewardDebt: 5n * WAD,
    }),
    8_972_314_847_465_940_252n,
  );
});

Deno.test("pendingRewardsWad never falls below the banked base when debt exceeds accrual", () => {
  equal(
    pendingRewardsWad({
      pendingBase: 3n * WAD,
      staked: 1000n * WAD,
      accRewardPerShare: ACC,
      rewardDebt: 11n * WAD,
    }),
    3n * WAD,
  );
  // debt exactly equal to the accrual leaves just the base
  equal(
    pendingRewardsWad({
      pendingBase: 7n,
      staked: 1000n * WAD,
      accRewardPerShare: ACC,
      rewardDebt: 10_508_152_974_861_028_961n,
    }),
    7n,
  );
});

Deno.test("pendingRewardsWad rejects negative inputs", () => {
  throws(
    () =>
      pendingRewardsWad({ pendingBase: 0n, staked: -1n, accRewardPerShare: ACC, rewardDebt: 0n }),
    { name: "RangeError", message: /staked must not be negative/ },
  );
});
