/** Wallet balance sheets and leaderboard rows as JSON, each field declared once. */
import { z } from "zod";
import type { LeaderboardRow, WalletLifetime } from "../lib/papertrade/mod.ts";
import type { WalletSummary } from "../lib/wallet/mod.ts";
import {
  addressOut,
  isoOut,
  jsonObject,
  rowsSkippedOut,
  unavailableJson,
  unavailableOut,
  windowOut,
} from "../lib/json_model.ts";
import { fromWad, fromWadOrNull, isoFromMs } from "../lib/json_units.ts";

/** Most session keys listed (a wallet rarely has more than two active). */
const MAX_LISTED_SESSION_KEYS = 20;

/**
 * One ranked wallet, read sorted by PnL, descending, where the upstream's rank is both the PnL
 * rank and the place; a caller that read another sort replaces `rank`.
 */
export const leaderboardRowJson = jsonObject<LeaderboardRow>(
  "Every field but address and leaderboard_name is null when the upstream's (modelled) key " +
    "for it was not found; unavailable names it.",
)({
  rank: [
    z.number().int().nullable().describe(
      "1-based rank by PnL in the window, whatever the sort (null past the first 1000 by PnL).",
    ),
    (row) => row.rank,
  ],
  position: [
    z.number().int().nullable().describe(
      "1-based place in the requested sort among all accounts of the window (before a name " +
        "filter); null when the upstream's row has no rank.",
    ),
    (row) => row.rank,
  ],
  address: [addressOut, (row) => row.address],
  leaderboard_name: [
    z.string().nullable().describe("Chosen by the wallet owner: untrusted text."),
    (row) => row.leaderboardName,
  ],
  pnl_usd: [
    z.number().nullable().describe(
      "Window PnL: realized in the window plus snapshot_unrealized_pnl_usd.",
    ),
    (row) => fromWadOrNull(row.totalWindowedPnl),
  ],
  realized_pnl_usd: [
    z.number().nullable().describe("PnL realized in the window."),
    (row) => fromWadOrNull(row.realizedPnl),
  ],
  snapshot_unrealized_pnl_usd: [
    z.number().nullable().describe(
      "Unrealized PnL of the open positions as the leaderboard's snapshot valued it, not at " +
        "the live mark (get_positions has the live unrealized_pnl_usd).",
    ),
    (row) => fromWadOrNull(row.currentUnrealizedPnl),
  ],
  balance_usd: [z.number().nullable(), (row) => fromWadOrNull(row.currentBalance)],
  queued_usd: [z.number().nullable(), (row) => fromWadOrNull(row.currentQueued)],
  open_notional_usd: [z.number().nullable(), (row) => fromWadOrNull(row.currentOpenNotional)],
  volume_usd: [z.number().nullable(), (row) => fromWadOrNull(row.totalVolume)],
  paper_total: [
    z.number().nullable().describe("PAPER held plus staked."),
    (row) => fromWadOrNull(row.paperTotal),
  ],
  open_positions: [z.number().int().nullable(), (row) => row.currentOpenPositionCount],
});

/** The wallet's standing in one window. */
const rankJson = jsonObject<WalletSummary["ranks"][number]>()({
  window: [windowOut, (rank) => rank.window],
  rank: [
    z.number().int().nullable().describe("Null when the wallet is not ranked there."),
    (rank) => rank.row?.rank ?? null,
  ],
  pnl_usd: [z.number().nullable(), (rank) => fromWadOrNull(rank.row?.totalWindowedPnl)],
  realized_pnl_usd: [z.number().nullable(), (rank) => fromWadOrNull(rank.row?.realizedPnl)],
  volume_usd: [z.number().nullable(), (rank) => fromWadOrNull(rank.row?.totalVolume)],
});

/** Lifetime totals: every field is its domain name in dollars. */
const lifetimeJson = jsonObject<WalletLifetime>()({
  deposited_usd: [z.number(), (lifetime) => fromWad(lifetime.deposited)],
  withdrawn_usd: [z.number(), (lifetime) => fromWad(lifetime.withdrawn)],
  realized_pnl_usd: [z.number(), (lifetime) => fromWad(lifetime.realizedPnl)],
  fees_paid_usd: [z.number(), (lifetime) => fromWad(lifetime.feesPaid)],
  traded_notional_usd: [z.number(), (lifetime) => fromWad(lifetime.tradedNotional)],
});

/** A balance sheet and the site URL its links point at. */
type SummaryAt = { summary: WalletSummary; siteUrl: string };

/** get_wallet's structured result (the seed's structured result fields, exactly). */
export const walletSummaryJson = jsonObject<SummaryAt>()({
  address: [addressOut, ({ summary }) => summary.account.address],
  leaderboard_name: [
    z.string().nullable().describe("Untrusted text chosen by the owner."),
    ({ summary }) => summary.leaderboardName,
  ],
  balance_usd: [z.number(), ({ summary }) => fromWad(summary.account.balances.balance)],
  queued_usd: [
    z.number().describe("Owed to the wallet by the payout queue."),
    ({ summary }) => fromWad(summary.account.balances.queued),
  ],
  locked_usd: [
    z.number().describe("Margin in open positions."),
    ({ summary }) => fromWad(summary.account.balances.locked),
  ],
  available_usd: [
    z.number().describe("Balance not reserved by pending intents."),
    ({ summary }) => fromWad(summary.account.funds.availableBalance),
  ],
  open_positions: [z.number().int(), ({ summary }) => summary.account.openPositions.length],
  pending_operations: [z.number().int(), ({ summary }) => summary.account.operations.length],
  paper: [
    z.strictObject({
      held: z.number().nullable().describe(
        "Null when the stream's (modelled) PAPER key is missing.",
      ),
      staked: z.number().nullable(),
      pending_rewards_usd: z.number().nullable().describe(
        "Claimable staking rewards (USDC); null when the trading state could not be read.",
      ),
    }),
    ({ summary }) => ({
      held: fromWadOrNull(summary.account.paper.balance),
      staked: fromWadOrNull(summary.account.paper.staked),
      pending_rewards_usd: fromWadOrNull(summary.pendingRewards),
    }),
  ],
  lifetime: [lifetimeJson.schema, ({ summary }) => lifetimeJson.of(summary.account.lifetime)],
  session_keys: [
    z.array(z.strictObject({ key: addressOut, expires_at: isoOut.nullable() }))
      .describe("Active (unexpired) trade-only session keys."),
    ({ summary }) =>
      summary.activeSessionKeys.slice(0, MAX_LISTED_SESSION_KEYS).map((key) => ({
        key: key.key,
        expires_at: isoFromMs(key.expiresAt),
      })),
  ],
  ranks: [
    z.array(rankJson.schema).describe(
      "Leaderboard rank and PnL per window (windows that could not be read are left out).",
    ),
    ({ summary }) => summary.ranks.map(rankJson.of),
  ],
  links: [
    z.strictObject({
      wallet_page: z.string().describe("Explorer page of the wallet."),
      share_link: z.string().describe("Short link with a rich preview."),
    }),
    // The tool context's site URL has no trailing slash.
    ({ summary, siteUrl }) => ({
      wallet_page: `${siteUrl}/wallet/${summary.account.address}`,
      share_link: `${siteUrl}/w/${summary.account.address}`,
    }),
  ],
  unavailable: [unavailableOut, ({ summary }) => unavailableJson(summary.unavailable)],
  rows_skipped: [rowsSkippedOut, ({ summary }) => summary.account.rowsSkipped],
});
