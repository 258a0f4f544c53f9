/**
 * The account parts of the live wallet view: the risk-first summary band, funds, PAPER,
 * pending intents and the outcomes seen since the stream opened. Built on the server from
 * exact values; the browser only displays the strings.
 */
import type { WalletAccount } from "../papertrade/mod.ts";
import type { PositionTotals, PositionValuation } from "../wallet/mod.ts";
import type {
  ClosedPositionView,
  FundsView,
  OutcomeView,
  PaperView,
  PendingIntentView,
  RiskSummaryView,
  Tone,
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

/** PAPER held and staked. */
export function paperView(account: WalletAccount): PaperView {
  return {
    held: formatToken(account.paper.balance, "PAPER"),
    staked: formatToken(account.paper.staked, "PAPER"),
  };
}

/** The relayer's pending intents, next to settle first (unranked ones last). */
export function pendingView(account: WalletAccount): PendingIntentView[] {
  return account.operations
    .map((operation) => ({
      intentId: operation.intentId,
      action: operation.action,
      queuePosition: operation.queuePosition,
      deadlineAt: operation.deadline === null ? null : operation.deadline * 1000,
    }))
    .sort((a, b) =>
      (a.queuePosition ?? Number.MAX_SAFE_INTEGER) - (b.queuePosition ?? Number.MAX_SAFE_INTEGER)
    );
}

/** Intents ended and positions closed since the stream opened, newest first. */
export function outcomesView(
  account: WalletAccount,
  symbolOf: (instrumentId: number) => string,
): { outcomes: OutcomeView[]; closedPositions: ClosedPositionView[] } {
  return {
    outcomes: account.recentEndedIntents.map((ended) => ({
      intentId: ended.intentId,
      outcome: ended.outcome,
      reportedAt: ended.reportedAt,
    })),
    closedPositions: account.recentClosedPositions.map((closed) => ({
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
