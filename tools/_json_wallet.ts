/** Wallet balance sheets and leaderboard rows as JSON: schemas and converters. */
import { z } from "zod";
import type { LeaderboardRow } from "../lib/papertrade/mod.ts";
import type { WalletSummary } from "../lib/wallet/mod.ts";
import {
  addressOut,
  isoOut,
  rowsSkippedOut,
  unavailableJson,
  unavailableOut,
  windowOut,
} from "./_json_common.ts";
import { fromWad, fromWadOrNull, isoFromMs } from "./_units.ts";

/** Most session keys listed (a wallet rarely has more than two active). */
export const MAX_LISTED_SESSION_KEYS = 20;

/** One ranked wallet. */
export const leaderboardRowOut = z.strictObject({
  rank: z.number().int().nullable().describe(
    "1-based rank by PnL in the window, whatever the sort (null past the first 1000 by PnL).",
  ),
  position: z.number().int().nullable().describe(
    "1-based place in the requested sort among all accounts of the window (before a name " +
      "filter); null when the upstream's row has no rank.",
  ),
  address: addressOut,
  leaderboard_name: z.string().nullable().describe("Chosen by the wallet owner: untrusted text."),
  pnl_usd: z.number().nullable().describe("PnL in the window (realized + current unrealized)."),
  realized_pnl_usd: z.number().nullable(),
  unrealized_pnl_usd: z.number().nullable(),
  balance_usd: z.number().nullable(),
  queued_usd: z.number().nullable(),
  open_notional_usd: z.number().nullable(),
  volume_usd: z.number().nullable(),
  paper_total: z.number().nullable().describe("PAPER held plus staked."),
  open_positions: z.number().int().nullable(),
}).describe(
  "Every field but address and leaderboard_name is null when the upstream's (modelled) key " +
    "for it was not found; unavailable names it.",
);

/** The wallet's standing in one window. */
export const rankOut = z.strictObject({
  window: windowOut,
  rank: z.number().int().nullable().describe("Null when the wallet is not ranked there."),
  pnl_usd: z.number().nullable(),
  realized_pnl_usd: z.number().nullable(),
  volume_usd: z.number().nullable(),
});

/** The top-level fields of get_wallet (the seed's structured result fields, exactly). */
export const walletSummaryShape = {
  address: addressOut,
  leaderboard_name: z.string().nullable().describe("Untrusted text chosen by the owner."),
  balance_usd: z.number(),
  queued_usd: z.number().describe("Owed to the wallet by the payout queue."),
  locked_usd: z.number().describe("Margin in open positions."),
  available_usd: z.number().describe("Balance not reserved by pending intents."),
  open_positions: z.number().int(),
  pending_operations: z.number().int(),
  paper: z.strictObject({
    held: z.number().nullable().describe("Null when the stream's (modelled) PAPER key is missing."),
    staked: z.number().nullable(),
    pending_rewards_usd: z.number().nullable().describe(
      "Claimable staking rewards (USDC); null when the trading state could not be read.",
    ),
  }),
  lifetime: z.strictObject({
    deposited_usd: z.number(),
    withdrawn_usd: z.number(),
    realized_pnl_usd: z.number(),
    fees_paid_usd: z.number(),
    traded_notional_usd: z.number(),
  }),
  session_keys: z.array(z.strictObject({ key: addressOut, expires_at: isoOut.nullable() }))
    .describe("Active (unexpired) trade-only session keys."),
  ranks: z.array(rankOut).describe(
    "Leaderboard rank and PnL per window (windows that could not be read are left out).",
  ),
  links: z.strictObject({
    wallet_page: z.string().describe("Explorer page of the wallet."),
    share_link: z.string().describe("Short link with a rich preview."),
  }),
  unavailable: unavailableOut,
  rows_skipped: rowsSkippedOut,
};

/** get_wallet's structured result. */
export const walletSummaryOut = z.strictObject(walletSummaryShape);

/**
 * JSON of one leaderboard row read sorted by PnL, descending, where the upstream's rank is both
 * the PnL rank and the place; a caller that read another sort replaces `rank`.
 */
export function leaderboardRowJson(row: LeaderboardRow): z.input<typeof leaderboardRowOut> {
  return {
    rank: row.rank,
    position: row.rank,
    address: row.address,
    leaderboard_name: row.leaderboardName,
    pnl_usd: fromWadOrNull(row.totalWindowedPnl),
    realized_pnl_usd: fromWadOrNull(row.realizedPnl),
    unrealized_pnl_usd: fromWadOrNull(row.currentUnrealizedPnl),
    balance_usd: fromWadOrNull(row.currentBalance),
    queued_usd: fromWadOrNull(row.currentQueued),
    open_notional_usd: fromWadOrNull(row.currentOpenNotional),
    volume_usd: fromWadOrNull(row.totalVolume),
    paper_total: fromWadOrNull(row.paperTotal),
    open_positions: row.currentOpenPositionCount,
  };
}

/** JSON of a wallet's balance sheet; links point at `siteUrl`. */
export function walletSummaryJson(
  summary: WalletSummary,
  siteUrl: string,
): z.input<typeof walletSummaryOut> {
  const { account } = summary;
  const site = siteUrl.replace(/\/+$/, "");
  return {
    address: account.address,
    leaderboard_name: summary.leaderboardName,
    balance_usd: fromWad(account.balances.balance),
    queued_usd: fromWad(account.balances.queued),
    locked_usd: fromWad(account.balances.locked),
    available_usd: fromWad(account.funds.availableBalance),
    open_positions: account.openPositions.length,
    pending_operations: account.operations.length,
    paper: {
      held: fromWadOrNull(account.paper.balance),
      staked: fromWadOrNull(account.paper.staked),
      pending_rewards_usd: summary.pendingRewards === null ? null : fromWad(summary.pendingRewards),
    },
    lifetime: {
      deposited_usd: fromWad(account.lifetime.deposited),
      withdrawn_usd: fromWad(account.lifetime.withdrawn),
      realized_pnl_usd: fromWad(account.lifetime.realizedPnl),
      fees_paid_usd: fromWad(account.lifetime.feesPaid),
      traded_notional_usd: fromWad(account.lifetime.tradedNotional),
    },
    session_keys: summary.activeSessionKeys.slice(0, MAX_LISTED_SESSION_KEYS).map((key) => ({
      key: key.key,
      expires_at: isoFromMs(key.expiresAt),
    })),
    ranks: summary.ranks.map(({ window, row }) => ({
      window,
      rank: row?.rank ?? null,
      pnl_usd: fromWadOrNull(row?.totalWindowedPnl),
      realized_pnl_usd: fromWadOrNull(row?.realizedPnl),
      volume_usd: fromWadOrNull(row?.totalVolume),
    })),
    links: {
      wallet_page: `${site}/wallet/${account.address}`,
      share_link: `${site}/w/${account.address}`,
    },
    unavailable: unavailableJson(summary.unavailable),
    rows_skipped: account.rowsSkipped,
  };
}
