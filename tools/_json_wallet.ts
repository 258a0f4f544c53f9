/** Wallet balance sheets as JSON, each field declared once. */
import { z } from "zod";
import type { WalletLifetime } from "../lib/papertrade/mod.ts";
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
