/** Scale of PaperStaking's reward accumulator (`paper.accumulator` of the summary): 10^27. */
const ACCUMULATOR_SCALE: bigint = 10n ** 27n;
/** The accrual is a 128-bit quantity in PaperStaking; one that does not fit is not counted. */
const U128_LIMIT: bigint = 1n << 128n;

/**
 * Claimable staking rewards (USDC, 18 decimals), as the SDK computes them
 * (papertrade-facts.md §13.3): pendingBase + ⌊staked · accumulator / 10^27⌋ − rewardDebt, never
 * below pendingBase (a stale or oversized debt cannot eat banked rewards), and just pendingBase
 * when the accrual does not fit 128 bits. All inputs are the staker's PaperStaking state, 18
 * decimals except the accumulator (10^27, the protocol summary's `paper.accumulator`).
 */
export function pendingRewardsWad(
  { pendingBase, staked, accumulator, rewardDebt }: {
    pendingBase: bigint;
    staked: bigint;
    accumulator: bigint;
    rewardDebt: bigint;
  },
): bigint {
  for (const [name, value] of Object.entries({ pendingBase, staked, accumulator, rewardDebt })) {
    if (value < 0n) throw new RangeError(`${name} must not be negative, got ${value}`);
  }
  const accrued = (staked * accumulator) / ACCUMULATOR_SCALE;
  if (accrued >= U128_LIMIT) return pendingBase;
  return accrued > rewardDebt ? pendingBase + accrued - rewardDebt : pendingBase;
}
