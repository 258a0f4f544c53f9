/**
 * Building a wallet's summary and valued positions from reads already made. The wallet page
 * issues every read of a wallet at once (one round trip), then composes both views here, so
 * the snapshot and the trading state are fetched once rather than once per view.
 */
import type { PricePoint, TradingState, WalletAccount } from "../papertrade/mod.ts";
import { pendingRewardsWad } from "../math/mod.ts";
import { marksByInstrument } from "../marks.ts";
import type { WalletRank } from "./ranks.ts";
import type { WalletSummary } from "./summary.ts";
import type { WalletPositions } from "./positions.ts";
import { totalPositions, valuePositions } from "./value_positions.ts";

/** The balance sheet from a snapshot, the trading state (staking accumulator) and the ranks. */
export function summarizeWallet(
  account: WalletAccount,
  trading: TradingState,
  ranks: WalletRank[],
  now: number,
): WalletSummary {
  return {
    account,
    leaderboardName: ranks.find((rank) => rank.row !== null)?.row?.leaderboardName ?? null,
    pendingRewards: pendingRewardsWad({
      pendingBase: account.paper.pendingBase,
      staked: account.paper.staked,
      accRewardPerShare: trading.accRewardPerShare,
      rewardDebt: account.paper.rewardDebt,
    }),
    activeSessionKeys: account.sessionKeys.filter((key) => key.expiresAt > now),
    ranks,
  };
}

/** Every open position of the snapshot valued at the marks of the latest prices. */
export function valueWalletPositions(
  account: WalletAccount,
  trading: TradingState,
  prices: readonly PricePoint[],
): WalletPositions {
  const marks = marksByInstrument(trading.instruments, prices);
  const positions = valuePositions(account.openPositions, {
    instruments: trading.instruments,
    marks,
    winFeeRate: trading.winFeeRate,
  });
  return { account, trading, marks, positions, totals: totalPositions(positions), closed: null };
}
