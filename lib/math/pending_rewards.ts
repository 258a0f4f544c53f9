/** Scale of PaperStaking's accRewardPerShare accumulator: 1e27. */
const ACC_REWARD_SCALE: bigint = 10n ** 27n;

/** A staker's PaperStaking state, all 18-decimal integers except the accumulator. */
interface PendingRewardsOptions {
  /** Rewards already banked for the staker, USD wad. */
  pendingBase: bigint;
  /** Staked PAPER, 18 decimals. */
  staked: bigint;
  /** Global accRewardPerShare, scaled by 1e27. */
  accRewardPerShare: bigint;
  /** The staker's reward debt, USD wad. */
  rewardDebt: bigint;
}

/**
 * Claimable staking rewards (USDC, 18 decimals):
 * pendingBase + ⌊staked · accRewardPerShare / 1e27⌋ − rewardDebt, never below
 * pendingBase (a stale or oversized debt cannot eat banked rewards).
 *
 * @throws {RangeError} when any input is negative.
 */
export function pendingRewardsWad(
  { pendingBase, staked, accRewardPerShare, rewardDebt }: PendingRewardsOptions,
): bigint {
  for (
    const [name, value] of [
      ["pendingBase", pendingBase],
      ["staked", staked],
      ["accRewardPerShare", accRewardPerShare],
      ["rewardDebt", rewardDebt],
    ] as const
  ) {
    if (value < 0n) throw new RangeError(`${name} must not be negative, got ${value}`);
  }
  const accrued = (staked * accRewardPerShare) / ACC_REWARD_SCALE;
  return accrued > rewardDebt ? pendingBase + accrued - rewardDebt : pendingBase;
}
