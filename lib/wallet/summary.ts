/**
 * A wallet's balance sheet: funds, PAPER with pending staking rewards, lifetime totals, active
 * session keys and leaderboard standing per window. Shared by get_wallet, search, the preview
 * card and the wallet page, which issues every read of a wallet at once and composes its views
 * here, so the snapshot and the trading state are fetched once. A read that failed arrives as
 * null and leaves only what depends on it out.
 */
import type {
  Operation,
  PapertradeClient,
  QueueRanks,
  SessionKey,
  TradingState,
  WalletAccount,
} from "../papertrade/mod.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
import { fetchWalletRanks, type WalletRank } from "./ranks.ts";
import { pendingRewardsWad } from "../math/mod.ts";

/**
 * Reads the snapshot, the trading state (for the staking accumulator) and the leaderboard
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
  const [account, trading, ranks] = await Promise.all([
    papertrade.read("walletStream", { wallet: address }, { signal }).then((account) =>
      parts.note(account)
    ),
    parts.read(papertrade.read("tradingState", {}, { signal }), "staking rewards"),
    fetchWalletRanks(papertrade, address, { signal, parts }),
  ]);
  return summarizeWallet(account, trading, ranks, options.now(), parts.unavailable);
}

/** The balance sheet of one wallet (money in wad). */
export interface WalletSummary {
  account: WalletAccount;
  /** Self-chosen leaderboard name (untrusted text), from the first window that ranks it. */
  leaderboardName: string | null;
  /** Claimable staking rewards (USD wad), from the live accumulator; null without it. */
  pendingRewards: bigint | null;
  /** Session keys that have not expired at `now`. */
  activeSessionKeys: SessionKey[];
  /** The windows that answered. */
  ranks: WalletRank[];
  /** Reads that failed, each naming its part and endpoint. */
  unavailable: UnavailablePart[];
}

/** The balance sheet from a snapshot, the trading state (staking accumulator) and the ranks. */
export function summarizeWallet(
  account: WalletAccount,
  trading: TradingState | null,
  ranks: WalletRank[],
  now: number,
  unavailable: UnavailablePart[] = [],
): WalletSummary {
  return {
    account,
    leaderboardName: ranks.find((rank) => rank.row !== null)?.row?.leaderboardName ?? null,
    pendingRewards: pendingRewardsOf(account, trading),
    activeSessionKeys: account.sessionKeys.filter((key) => key.expiresAt > now),
    ranks,
    unavailable,
  };
}

/** The operations with their queue positions filled in from the queue-rank read. */
export function withQueuePositions(
  operations: readonly Operation[],
  ranks: QueueRanks | null,
): Operation[] {
  return operations.map((op) => ({
    ...op,
    queuePosition: ranks?.positions.get(op.intentId) ?? op.queuePosition,
  }));
}

/**
 * The PAPER rewards a wallet can claim at the trading state's accumulator. Every input is a
 * modelled key: without one of them there is no figure, never a guess.
 */
export function pendingRewardsOf(
  account: WalletAccount,
  trading: TradingState | null,
): bigint | null {
  const { pendingBase, staked, rewardDebt } = account.paper;
  const accRewardPerShare = trading?.accRewardPerShare ?? null;
  if (
    pendingBase === null || staked === null || rewardDebt === null || accRewardPerShare === null
  ) {
    return null;
  }
  return pendingRewardsWad({ pendingBase, staked, accRewardPerShare, rewardDebt });
}
