/**
 * A wallet's balance sheet: funds, PAPER with pending staking rewards, lifetime totals, active
 * session keys and leaderboard standing per window. Shared by get_wallet, search, the preview
 * card and the wallet page (which issues its reads itself and composes them here). A read that
 * failed arrives as null and leaves only what depends on it out.
 */
import type { PapertradeClient, WalletAccount } from "../papertrade/mod.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
import { fetchWalletRanks, type WalletRank } from "../leaderboard/mod.ts";
import { pendingRewardsWad } from "../math/mod.ts";

/**
 * Reads the snapshot, the staking accumulator (the protocol summary) and the leaderboard
 * windows, all in parallel. Only the snapshot is required (its failure propagates; 404 is an
 * unknown wallet); the others degrade to `unavailable` parts.
 */
export async function fetchWalletSummary(
  papertrade: PapertradeClient,
  address: string,
  options: { now: () => number; signal?: AbortSignal },
): Promise<WalletSummary> {
  const { signal } = options;
  const parts = new Parts();
  const [account, accumulator, ranks] = await Promise.all([
    papertrade.read("walletStream", { wallet: address }, { signal }).then((account) =>
      parts.note(account)
    ),
    readStakingAccumulator(papertrade, parts, signal),
    fetchWalletRanks(papertrade, address, { signal, parts }),
  ]);
  return summarizeWallet(account, accumulator, ranks, options.now(), parts.unavailable);
}

/**
 * PaperStaking's accumulator (10^27 scale) from the protocol summary's `paper.accumulator`, or
 * null, named as the "staking rewards" part, when the summary could not be read.
 */
export async function readStakingAccumulator(
  papertrade: PapertradeClient,
  parts: Parts,
  signal?: AbortSignal,
): Promise<bigint | null> {
  const summary = await parts.read(
    papertrade.read("protocolSummary", {}, { signal }),
    "staking rewards",
  );
  return summary?.stakingAccumulator ?? null;
}

/** The balance sheet of one wallet (money in wad). */
export type WalletSummary = ReturnType<typeof summarizeWallet>;

export function summarizeWallet(
  account: WalletAccount,
  accumulator: bigint | null,
  ranks: WalletRank[],
  now: number,
  unavailable: UnavailablePart[] = [],
) {
  return {
    account,
    /** Self-chosen (untrusted text), from the first window that ranks the wallet. */
    leaderboardName: ranks.find((rank) => rank.row !== null)?.row?.leaderboardName ?? null,
    /** Claimable staking rewards (USD wad); null without the accumulator. */
    pendingRewards: pendingRewardsOf(account, accumulator),
    activeSessionKeys: account.sessionKeys.filter((key) => key.expiresAt > now),
    /** The windows that answered. */
    ranks,
    unavailable,
  };
}

/**
 * The staking rewards a wallet can claim at PaperStaking's accumulator (the protocol summary's
 * `paper.accumulator`, a fact). The wallet's PAPER keys are modelled: without one of them, or
 * without the accumulator, there is no figure, never a guess.
 */
export function pendingRewardsOf(
  account: WalletAccount,
  accumulator: bigint | null,
): bigint | null {
  const { pendingBase, staked, rewardDebt } = account.paper;
  if (pendingBase === null || staked === null || rewardDebt === null || accumulator === null) {
    return null;
  }
  return pendingRewardsWad({ pendingBase, staked, accumulator, rewardDebt });
}
