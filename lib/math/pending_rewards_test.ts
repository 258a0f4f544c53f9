import { equal, throws } from "node:assert/strict";
import { pendingRewardsWad } from "./pending_rewards.ts";

const WAD = 10n ** 18n;
/** The protocol summary's accumulator read 2026-10-13 (≈ 0.0105 USD per staked PAPER). */
const ACC = 10_508_152_974_861_028_961_272_120n;
const e = (power: number) => 10n ** BigInt(power);
const U128_MAX = (1n << 128n) - 1n;

// The SDK's own test vectors (df-papertrade-core, account/state/tests/funds.rs;
// papertrade-facts.md §13.3): pending base 7, (staked, reward debt, accumulator) → pending.
const SDK_VECTORS: Array<[bigint, bigint, bigint, bigint]> = [
  [3n * e(24), e(22), e(25), 7n + 3n * e(22) - e(22)],
  [3n * e(24), e(22), 0n, 7n],
  [3n * e(24), 4n * e(22), e(25), 7n],
  [0n, 0n, e(25), 7n],
  // An accrual that does not fit 128 bits yields the base.
  [U128_MAX, 0n, U128_MAX, 7n],
];

Deno.test("pendingRewardsWad gives the SDK's answer for each of its test vectors", () => {
  for (const [staked, rewardDebt, accumulator, expected] of SDK_VECTORS) {
    equal(
      pendingRewardsWad({ pendingBase: 7n, staked, accumulator, rewardDebt }),
      expected,
      `${staked} staked at ${accumulator}`,
    );
  }
});

Deno.test("an accrual just inside 128 bits is counted, one just outside is not", () => {
  // staked · acc / 1e27 = 2^128 − 1 and 2^128 exactly.
  const inside = pendingRewardsWad({
    pendingBase: 7n,
    staked: U128_MAX,
    accumulator: e(27),
    rewardDebt: 0n,
  });
  equal(inside, 7n + U128_MAX);
  const outside = pendingRewardsWad({
    pendingBase: 7n,
    staked: U128_MAX + 1n,
    accumulator: e(27),
    rewardDebt: 0n,
  });
  equal(outside, 7n);
});

Deno.test("pendingRewardsWad credits 1000 staked PAPER about $10.51 at the real accumulator", () => {
  // 1000e18 * ACC / 1e27 = 10508152974861028961
  equal(
    pendingRewardsWad({ pendingBase: 0n, staked: 1000n * WAD, accumulator: ACC, rewardDebt: 0n }),
    10_508_152_974_861_028_961n,
  );
});

Deno.test("pendingRewardsWad adds the banked base and subtracts the reward debt", () => {
  // 1234.5e18 * ACC / 1e27 = 12972314847465940252; + 1e18 - 5e18
  equal(
    pendingRewardsWad({
      pendingBase: WAD,
      staked: 12_345n * WAD / 10n,
      accumulator: ACC,
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
      accumulator: ACC,
      rewardDebt: 11n * WAD,
    }),
    3n * WAD,
  );
  // debt exactly equal to the accrual leaves just the base
  equal(
    pendingRewardsWad({
      pendingBase: 7n,
      staked: 1000n * WAD,
      accumulator: ACC,
      rewardDebt: 10_508_152_974_861_028_961n,
    }),
    7n,
  );
});

Deno.test("pendingRewardsWad rejects negative inputs", () => {
  throws(
    () => pendingRewardsWad({ pendingBase: 0n, staked: -1n, accumulator: ACC, rewardDebt: 0n }),
    { name: "RangeError", message: /staked must not be negative/ },
  );
});
