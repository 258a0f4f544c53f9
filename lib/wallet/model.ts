/**
 * The wallet model: get_wallet's balance sheet, get_trade_history's page, a wallet's risk summary
 * (the live band, the watchlist) and the live wallet the page's islands render (its one props
 * blob, the stream's frames, `positions.json`): the positions and totals of the position model,
 * the funds under get_wallet's names. Each field's schema sits beside the domain value it reads.
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
  positionJson,
  type PositionTotals,
  type PositionValuation,
  totalsJson,
  tradeJson,
} from "../position/mod.ts";
import { type OutcomeJson, RECENT_SHOWN, splitIntents } from "./outcomes.ts";
import { pendingRewardsOf, type WalletSummary } from "./summary.ts";

/** Most session keys listed (a wallet rarely has more than two active). */
const MAX_LISTED_SESSION_KEYS = 20;

/** An account and its claimable staking rewards (null without the staking accumulator). */
type Funded = { account: WalletAccount; pendingRewards: bigint | null };

/** The four funds of an account, under the same names wherever they appear. */
const funds = <S>(of: (source: S) => Funded) =>
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
const paper = <S>(of: (source: S) => Funded) =>
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
interface Valued {
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

/** A wallet's risk summary as JSON. */
export type RiskSummary = z.input<typeof riskSummaryJson.schema>;

function countIn(positions: readonly PositionValuation[], risk: string): number {
  return positions.filter((valuation) => valuation.risk === risk).length;
}

/** What the live wallet is built from: a wallet's valued positions and its staking accumulator. */
export interface LiveWalletInput extends Valued {
  account: WalletAccount;
  /**
   * PaperStaking's accumulator (the protocol summary's `paper.accumulator`), for the pending
   * rewards; null when it was not read.
   */
  accumulator: bigint | null;
  /**
   * Intents the wallet's records show settled recently (a close in its trade history, an open
   * among its positions): listed as `settled` outcomes, never as pending. Only the wallet page
   * reads the records; live updates keep what it showed (`mergeLive` in the browser).
   */
  settled?: readonly { intentId: string; at: number }[];
}

type LiveSource = LiveWalletInput & {
  now: number;
  pendingRewards: bigint | null;
  ranked: WalletAccount["operations"];
  intents: ReturnType<typeof splitIntents<PendingJson, OutcomeJson>>;
};

type PendingJson = { intent_id: string; action: string; deadline_at_ms: number | null };

const liveWalletJson = jsonObject<LiveSource>()({
  address: [addressOut, (live) => live.account.address],
  positions: [
    z.array(positionJson.schema).describe("Nearest to bust first; positions without a mark last."),
    (live) => [...live.positions].sort(byDistanceToBust).map(positionJson.of),
  ],
  totals: [totalsJson.schema, (live) => totalsJson.of(live.totals)],
  summary: [riskSummaryJson.schema, riskSummaryJson.of],
  ...funds((live: LiveSource) => live),
  paper: paper((live: LiveSource) => live),
  pending: [
    z.array(z.strictObject({
      intent_id: z.string(),
      action: z.string(),
      deadline_at_ms: z.number().nullable(),
    })).describe("Accepted by the relayer, not settled: next to settle first."),
    (live) => live.intents.pending,
  ],
  queue_places: [
    z.record(z.string(), z.number().int()).describe(
      "Queue place by intent id (1 = next), from the queue-rank read: streams do not carry it.",
    ),
    (live) =>
      Object.fromEntries(
        live.ranked.flatMap((op) =>
          op.queuePosition === null ? [] : [[op.intentId, op.queuePosition]]
        ),
      ),
  ],
  queue_at_ms: [
    z.number().nullable().describe("When queue_places was read; null when it carries none."),
    (live) => live.ranked.some((op) => op.queuePosition !== null) ? live.now : null,
  ],
  outcomes: [
    z.array(z.strictObject({
      intent_id: z.string(),
      outcome: z.enum(["settled", "succeeded", "failed", "expired", "cancelled", "unknown"]),
      reported_at_ms: z.number(),
    })).describe("Newest first, one per intent, none for an intent still pending."),
    (live) => live.intents.outcomes,
  ],
  closed_positions: [
    z.array(z.strictObject({
      position_id: integerStringOut,
      market: z.string(),
      net_pnl_usd: z.number(),
      liquidated: z.boolean(),
    })).describe("Positions closed while the stream was open, newest first."),
    (live) => {
      const symbols = new Map(live.positions.map((v) => [v.position.instrumentId, v.symbol]));
      return live.account.recentClosedPositions.slice(0, RECENT_SHOWN).map((closed) => ({
        position_id: closed.positionId,
        market: symbols.get(closed.instrumentId) ?? `instrument ${closed.instrumentId}`,
        net_pnl_usd: fromWad(closed.netPnl),
        liquidated: closed.liquidated,
      }));
    },
  ],
  marks_at_ms: [
    z.number().nullable().describe("Time of the newest mark used; null when no position has one."),
    (live) => {
      const times = live.positions.flatMap(({ mark }) => mark?.at ?? []);
      return times.length === 0 ? null : Math.max(...times);
    },
  ],
  account_block: [
    z.number().int().describe("The block the account state is indexed through."),
    (live) => live.account.indexedThroughBlock,
  ],
  account_at_ms: [z.number(), (live) => live.account.indexedThroughTimestamp],
  generated_at_ms: [
    z.number().describe("Server clock when this was built; the islands age times against it."),
    (live) => live.now,
  ],
});

/** The live wallet's schema (`positions.json` and the stream's frames answer it). */
export const liveWalletSchema = liveWalletJson.schema;

/** The live wallet as JSON: what the wallet page's islands render. */
export type LiveWallet = z.input<typeof liveWalletSchema>;

/** The live wallet of valued positions at server time `now` (ms). */
export function liveWalletOf(input: LiveWalletInput, now: number): LiveWallet {
  // Next to settle first; intents whose queue place was not read go last.
  const ranked = [...input.account.operations].sort((a, b) =>
    (a.queuePosition ?? Number.MAX_SAFE_INTEGER) - (b.queuePosition ?? Number.MAX_SAFE_INTEGER)
  );
  const pending = ranked.map((op): PendingJson => ({
    intent_id: op.intentId,
    action: op.action,
    deadline_at_ms: op.deadline === null ? null : op.deadline * 1000,
  }));
  // Pending and outcomes exclude each other, one outcome per intent (outcomes.ts).
  const intents = splitIntents(pending, [
    ...input.account.recentEndedIntents.map(({ intentId, outcome, reportedAt }): OutcomeJson => ({
      intent_id: intentId,
      outcome,
      reported_at_ms: reportedAt,
    })),
    ...(input.settled ?? []).map(({ intentId, at }): OutcomeJson => ({
      intent_id: intentId,
      outcome: "settled",
      reported_at_ms: at,
    })),
  ]);
  const pendingRewards = pendingRewardsOf(input.account, input.accumulator);
  return liveWalletJson.of({ ...input, now, pendingRewards, ranked, intents });
}

/** The live wallet without its build time: equal keys show the same figures (not sent twice). */
export function liveContentKey(live: LiveWallet): string {
  return JSON.stringify({ ...live, generated_at_ms: 0 });
}

/** Orders valuations nearest-to-bust first; positions without a distance go last, by id. */
function byDistanceToBust(a: PositionValuation, b: PositionValuation): number {
  const da = a.distanceToBustPercent;
  const db = b.distanceToBustPercent;
  if (da !== null && db !== null && da !== db) return da < db ? -1 : 1;
  if (da === null && db !== null) return 1;
  if (db === null && da !== null) return -1;
  return Number(BigInt(a.position.positionId) - BigInt(b.position.positionId));
}
