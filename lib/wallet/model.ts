/**
 * The wallet model: get_wallet's balance sheet, get_trade_history's page and a wallet's risk
 * summary (the live band, the watchlist), each field's schema beside the domain value it reads.
 * The live wallet the page's islands render is `live_wallet.ts`.
 */
import { z } from "zod";
import type { Trade, WalletAccount, WalletLifetime } from "../papertrade/mod.ts";
import {
  addressOut,
  integerStringOut,
  isoOut,
  jsonObject,
  riskOut,
  rowsSkippedOut,
  unavailableJson,
  unavailableOut,
  windowOut,
} from "../json_model.ts";
import { fromWad, fromWadOrNull, isoFromMs } from "../json_units.ts";
import { distancePercent } from "../figure_text.ts";
import type { UnavailablePart } from "../parts.ts";
import {
  type Market,
  nearestToBust,
  type PositionTotals,
  type PositionValuation,
  tradeJson,
} from "../position/mod.ts";
import type { WalletSummary } from "./summary.ts";

/** Most session keys listed (a wallet rarely has more than two active). */
const MAX_LISTED_SESSION_KEYS = 20;

/** An account and its claimable staking rewards (null without the staking accumulator). */
type Funded = { account: WalletAccount; pendingRewards: bigint | null };

/** The four funds of an account, under the same names wherever they appear. */
export const funds = <S>(of: (source: S) => Funded) =>
  ({
    balance_usd: [z.number(), (s: S) => fromWad(of(s).account.balances.balance)],
    queued_usd: [
      z.number().describe("Owed to the wallet by the payout queue."),
      (s: S) => fromWad(of(s).account.balances.queued),
    ],
    locked_usd: [
      z.number().describe("Margin in open positions."),
      (s: S) => fromWad(of(s).account.balances.locked),
    ],
    available_usd: [
      z.number().describe("Balance not reserved by pending intents."),
      (s: S) => fromWad(of(s).account.funds.availableBalance),
    ],
  }) as const;

/** PAPER held and staked, and the staking rewards it can claim. */
export const paper = <S>(of: (source: S) => Funded) =>
  [
    z.strictObject({
      held: z.number().nullable().describe(
        "Null when the stream's (modelled) PAPER key is missing.",
      ),
      staked: z.number().nullable(),
      pending_rewards_usd: z.number().nullable().describe(
        "Claimable staking rewards (USDC); null when the trading state could not be read.",
      ),
    }),
    (s: S) => ({
      held: fromWadOrNull(of(s).account.paper.balance),
      staked: fromWadOrNull(of(s).account.paper.staked),
      pending_rewards_usd: fromWadOrNull(of(s).pendingRewards),
    }),
  ] as const;

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

type SummaryAt = { summary: WalletSummary; siteUrl: string };

/** get_wallet's result: a balance sheet, with the site URL its links point at. */
export const walletSummaryJson = jsonObject<SummaryAt>()({
  address: [addressOut, ({ summary }) => summary.account.address],
  leaderboard_name: [
    z.string().nullable().describe("Untrusted text chosen by the owner."),
    ({ summary }) => summary.leaderboardName,
  ],
  ...funds((at: SummaryAt) => at.summary),
  open_positions: [z.number().int(), ({ summary }) => summary.account.openPositions.length],
  pending_operations: [z.number().int(), ({ summary }) => summary.account.operations.length],
  paper: paper((at: SummaryAt) => at.summary),
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

/** One page of a wallet's closed trades, each in its market: get_trade_history's result. */
export const tradeHistoryJson = jsonObject<{
  address: string;
  trades: readonly (Trade & Market)[];
  nextCursor: string | null;
  unavailable: readonly UnavailablePart[];
  rowsSkipped: number;
}>()({
  address: [addressOut, (page) => page.address],
  trades: [
    z.array(tradeJson.schema).describe("Newest first, at most 75."),
    (page) => page.trades.map(tradeJson.of),
  ],
  next_cursor: [
    z.string().nullable().describe(
      "Pass as cursor (with the same address and filter) for the next page; null on the last.",
    ),
    (page) => page.nextCursor,
  ],
  unavailable: [unavailableOut, (page) => unavailableJson(page.unavailable)],
  rows_skipped: [rowsSkippedOut, (page) => page.rowsSkipped],
});

/** What a risk summary reads: valued positions, their totals and the wallet's equity (wad). */
export interface Valued {
  positions: readonly PositionValuation[];
  totals: PositionTotals;
  equity: bigint;
}

/** The position nearest its bust price, as the position model names its figures. */
const nearestJson = jsonObject<PositionValuation>()({
  position_id: [integerStringOut, (v) => v.position.positionId],
  distance_to_bust_percent: [z.number(), (v) => distancePercent(v.distanceToBustPercent!)],
  risk: [riskOut, (v) => v.risk!],
});

/**
 * A wallet's risk at the live mark: equity, unrealized PnL, the position nearest to bust and how
 * many are close or near bust. The wallet page's band and the watchlist show it.
 */
export const riskSummaryJson = jsonObject<Valued>()({
  equity_usd: [
    z.number().describe("Balance, queued and locked funds plus unrealized_pnl_usd."),
    (valued) => fromWad(valued.equity),
  ],
  unrealized_pnl_usd: [z.number(), (valued) => fromWad(valued.totals.unrealizedPnl)],
  nearest: [
    nearestJson.schema.nullable().describe(
      "The open position nearest to bust; null without marks.",
    ),
    (valued) => {
      const nearest = nearestToBust(valued.positions);
      return nearest && nearestJson.of(nearest);
    },
  ],
  close_count: [z.number().int(), (valued) => countIn(valued.positions, "close")],
  near_bust_count: [z.number().int(), (valued) => countIn(valued.positions, "near_bust")],
  open_positions: [z.number().int(), (valued) => valued.positions.length],
});

export type RiskSummary = z.input<typeof riskSummaryJson.schema>;

function countIn(positions: readonly PositionValuation[], risk: string): number {
  return positions.filter((valuation) => valuation.risk === risk).length;
}
