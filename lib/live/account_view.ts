/**
 * The account parts of the live wallet view: the risk-first summary band, funds, PAPER,
 * pending intents and the outcomes seen since the stream opened. Built on the server from
 * exact values; the browser only displays the strings.
 */
import type { TradingState, WalletAccount } from "../papertrade/mod.ts";
import { pendingRewardsOf } from "../wallet/compose.ts";
import type { PositionTotals, PositionValuation } from "../wallet/value_positions.ts";
import {
  type ClosedPositionView,
  type FundsView,
  latestOutcomes,
  type OutcomeView,
  type PaperView,
  type PendingIntentView,
  RECENT_SHOWN,
  type RiskSummaryView,
  type Tone,
} from "./view_types.ts";
import { formatPercent, formatToken, formatUsd } from "../format.ts";

/** Orders valuations nearest-to-bust first; positions without a distance go last, by id. */
export function byDistanceToBust(a: PositionValuation, b: PositionValuation): number {
  const da = a.distanceToBustPercent;
  const db = b.distanceToBustPercent;
  if (da !== null && db !== null && da !== db) return da < db ? -1 : 1;
  if (da === null && db !== null) return 1;
  if (db === null && da !== null) return -1;
  return Number(BigInt(a.position.positionId) - BigInt(b.position.positionId));
}

/** Equity, total uPnL, worst distance to bust and the counts of risky positions. */
export function riskSummary(
  account: WalletAccount,
  positions: readonly PositionValuation[],
  totals: PositionTotals,
): RiskSummaryView {
  const { balance, queued, locked } = account.balances;
  let worst: PositionValuation | null = null;
  let closeCount = 0;
  let nearBustCount = 0;
  for (const valuation of positions) {
    if (valuation.risk === "close") closeCount++;
    if (valuation.risk === "near_bust") nearBustCount++;
    const distance = valuation.distanceToBustPercent;
    if (distance === null) continue;
    if (worst === null || distance < (worst.distanceToBustPercent as bigint)) worst = valuation;
  }
  return {
    equity: formatUsd(balance + queued + locked + totals.unrealizedPnl),
    pnl: formatUsd(totals.unrealizedPnl, { sign: true }),
    pnlTone: toneOf(totals.unrealizedPnl),
    worstDistance: worst?.distanceToBustPercent == null
      ? "n/a"
      : formatPercent(worst.distanceToBustPercent),
    worstRisk: worst?.risk ?? null,
    worstPositionId: worst?.position.positionId ?? null,
    closeCount,
    nearBustCount,
    openCount: positions.length,
  };
}

/** Balance, queued, locked and available funds. */
export function fundsView(account: WalletAccount): FundsView {
  return {
    balance: formatUsd(account.balances.balance),
    queued: formatUsd(account.balances.queued),
    locked: formatUsd(account.balances.locked),
    available: formatUsd(account.funds.availableBalance),
  };
}

/** PAPER held and staked, and the rewards claimable at the trading state's accumulator. */
export function paperView(account: WalletAccount, trading: TradingState | null): PaperView {
  const { paper } = account;
  return {
    held: formatToken(paper.balance, "PAPER"),
    staked: formatToken(paper.staked, "PAPER"),
    rewards: formatUsd(pendingRewardsOf(account, trading)),
  };
}

/** The relayer's pending intents, next to settle first (unranked ones last), and their places. */
export function pendingView(
  account: WalletAccount,
): { pending: PendingIntentView[]; queuePlaces: Record<string, number> } {
  const ranked = [...account.operations].sort((a, b) =>
    (a.queuePosition ?? Number.MAX_SAFE_INTEGER) - (b.queuePosition ?? Number.MAX_SAFE_INTEGER)
  );
  return {
    pending: ranked.map((operation) => ({
      intentId: operation.intentId,
      action: operation.action,
      deadlineAt: operation.deadline === null ? null : operation.deadline * 1000,
    })),
    queuePlaces: Object.fromEntries(
      ranked.flatMap((op) => op.queuePosition === null ? [] : [[op.intentId, op.queuePosition]]),
    ),
  };
}

/** Intents ended (one each, not pending again) and positions closed, newest first. */
export function outcomesView(
  account: WalletAccount,
  pending: readonly PendingIntentView[],
  symbolOf: (instrumentId: number) => string,
): { outcomes: OutcomeView[]; closedPositions: ClosedPositionView[] } {
  return {
    outcomes: latestOutcomes(
      account.recentEndedIntents.map((ended) => ({
        intentId: ended.intentId,
        outcome: ended.outcome,
        reportedAt: ended.reportedAt,
      })),
      pending,
    ),
    closedPositions: account.recentClosedPositions.slice(0, RECENT_SHOWN).map((closed) => ({
      positionId: closed.positionId,
      market: symbolOf(closed.instrumentId),
      netPnl: formatUsd(closed.netPnl, { sign: true }),
      netPnlTone: toneOf(closed.netPnl),
      liquidated: closed.liquidated,
    })),
  };
}

/** Colour class of a signed amount. */
export function toneOf(amount: bigint): Tone {
  return amount > 0n ? "good" : amount < 0n ? "bad" : "";
}
