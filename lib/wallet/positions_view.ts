/**
 * The live wallet islands' view, built on the server from exact valuations with the same
 * formatting as the server pages: display-ready strings and plain numbers, sent as JSON (the
 * page's one props blob, the stream's frames, the polling twin). The browser only displays it.
 * Its type is what {@link buildPositionsView} returns (`PositionsView` in `view_types.ts`), so
 * the shape is written once.
 */
import type { WalletAccount } from "../papertrade/mod.ts";
import {
  nearestToBust,
  type PositionTotals,
  type PositionValuation,
  walletEquity,
} from "../position/mod.ts";
import { pendingRewardsOf } from "./summary.ts";
import { type OutcomeView, RECENT_SHOWN, splitIntents } from "./outcomes.ts";
import {
  formatCount,
  formatDistanceToBust,
  formatPrice,
  formatToken,
  formatUsd,
  priceDecimals,
  toneOf,
} from "../format.ts";

/** What the view is built from: a subset of `WalletPositions`, and the staking accumulator. */
interface PositionsViewInput {
  account: WalletAccount;
  positions: readonly PositionValuation[];
  totals: PositionTotals;
  /**
   * PaperStaking's accumulator (the protocol summary's `paper.accumulator`), for the pending
   * rewards; null when it was not read (the rewards then read `n/a`).
   */
  accumulator: bigint | null;
  /**
   * Intents the wallet's records show settled recently (a close in its trade history, an open
   * among its positions): listed as `settled` outcomes, never as pending. Only the wallet page
   * reads the records; live updates keep what it showed (`mergeViews`).
   */
  settled?: readonly { intentId: string; at: number }[];
}

/** Builds the display view of a wallet's valued positions at server time `now` (ms). */
export function buildPositionsView(input: PositionsViewInput, now: number) {
  const { account, totals, positions } = input;
  let marksAt: number | null = null;
  for (const { mark } of positions) {
    if (mark?.at != null && (marksAt === null || mark.at > marksAt)) marksAt = mark.at;
  }
  // One number of decimals per price column, even when it mixes markets.
  const decimals = Math.max(
    0,
    ...positions.map((item) => item.priceScale === null ? 0 : priceDecimals(item.priceScale)),
  );
  const symbols = new Map(positions.map((item) => [item.position.instrumentId, item.symbol]));
  // Next to settle first; intents whose queue place was not read go last.
  const ranked = [...account.operations].sort((a, b) =>
    (a.queuePosition ?? Number.MAX_SAFE_INTEGER) - (b.queuePosition ?? Number.MAX_SAFE_INTEGER)
  );
  // Ids and actions are plain text in the view (JSON), whatever their domain types.
  const queued = ranked.map((operation) => ({
    intentId: operation.intentId as string,
    action: operation.action as string,
    /** Deadline (ms) from the row's modelled ninth slot; null when that slot was not found. */
    deadlineAt: operation.deadline === null ? null : operation.deadline * 1000,
  }));
  // Pending and outcomes exclude each other, one outcome per intent (lib/wallet/outcomes.ts).
  const { pending, outcomes } = splitIntents(queued, [
    ...account.recentEndedIntents.map(({ intentId, outcome, reportedAt }): OutcomeView => ({
      intentId,
      outcome,
      reportedAt,
    })),
    ...(input.settled ?? []).map(({ intentId, at }): OutcomeView => ({
      intentId,
      outcome: "settled",
      reportedAt: at,
    })),
  ]);
  /** Queue place by intent id (1 = next), from the queue-rank read: streams do not carry it. */
  const queuePlaces: Record<string, number> = Object.fromEntries(
    ranked.flatMap((op) => op.queuePosition === null ? [] : [[op.intentId, op.queuePosition]]),
  );
  return {
    /** Lower-case address. */
    address: account.address as string,
    /** Sorted by distance to bust, nearest first; positions without a mark last. */
    rows: [...positions].sort(byDistanceToBust).map((valuation) => rowOf(valuation, decimals)),
    totals: {
      count: totals.count,
      margin: formatUsd(totals.margin),
      notional: formatUsd(totals.notional),
      pnl: formatUsd(totals.unrealizedPnl, { sign: true }),
      pnlTone: toneOf(totals.unrealizedPnl),
      closePnl: formatUsd(totals.closePnl, { sign: true }),
      closePnlTone: toneOf(totals.closePnl),
      payout: formatUsd(totals.closePayout),
      /** Positions left out of the PnL sums for want of a mark. */
      unvalued: totals.unvalued,
    },
    /** The risk-first band at the top of the wallet page. */
    summary: riskSummary(account, positions, totals),
    funds: {
      balance: formatUsd(account.balances.balance),
      queued: formatUsd(account.balances.queued),
      locked: formatUsd(account.balances.locked),
      available: formatUsd(account.funds.availableBalance),
    },
    paper: {
      held: formatToken(account.paper.balance, "PAPER"),
      staked: formatToken(account.paper.staked, "PAPER"),
      /** Claimable staking rewards; `n/a` without the staking accumulator. */
      rewards: formatUsd(pendingRewardsOf(account, input.accumulator)),
    },
    pending,
    queuePlaces,
    /** When `queuePlaces` was read (ms), or null when this view carries none. */
    queueAt: Object.keys(queuePlaces).length > 0 ? now : null,
    /**
     * Newest first, one per intent, none for an intent still pending: what the stream reported,
     * and what the wallet's records show settled.
     */
    outcomes,
    /** Positions closed while the stream was open, newest first. */
    closedPositions: account.recentClosedPositions.slice(0, RECENT_SHOWN).map((closed) => ({
      positionId: closed.positionId,
      market: symbols.get(closed.instrumentId) ?? `instrument ${closed.instrumentId}`,
      netPnl: formatUsd(closed.netPnl, { sign: true }),
      netPnlTone: toneOf(closed.netPnl),
      liquidated: closed.liquidated,
    })),
    /** Time of the newest mark used (ms), or null when no position has a mark. */
    marksAt,
    /** Account state as of this block and indexer time (ms). */
    accountBlock: formatCount(account.indexedThroughBlock),
    accountAt: account.indexedThroughTimestamp,
    /** Server clock when the view was built (ms); the island measures ages against it. */
    generatedAt: now,
  };
}

/**
 * The view without its build time: two views with equal keys show the same figures, so a
 * stream need not send the second one.
 */
export function viewContentKey(view: ReturnType<typeof buildPositionsView>): string {
  return JSON.stringify({ ...view, generatedAt: 0 });
}

/** One open position, every figure formatted (`n/a` or `no quote` without a mark). */
function rowOf(valuation: PositionValuation, decimals: number) {
  const { position, priceScale, mark, unrealizedPnl, closePayout: close } = valuation;
  const distance = valuation.distanceToBustPercent;
  const price = (raw: bigint) =>
    priceScale === null ? `${raw} (raw)` : formatPrice(raw, priceScale, decimals);
  return {
    /** Position id (decimal string). */
    id: position.positionId,
    market: valuation.symbol,
    side: position.isLong ? "long" as const : "short" as const,
    leverage: `${position.leverage}x`,
    margin: formatUsd(position.margin),
    notional: formatUsd(valuation.notional),
    entry: price(position.entryPrice),
    mark: mark === null ? "no quote" : formatPrice(mark.markRaw, mark.priceScale, decimals),
    bust: price(position.bustPrice),
    distance: formatDistanceToBust(distance),
    risk: valuation.risk,
    pnl: unrealizedPnl === null ? "n/a" : formatUsd(unrealizedPnl, { sign: true }),
    pnlTone: unrealizedPnl === null ? "" as const : toneOf(unrealizedPnl),
    /** PnL a close at the mark would realize (after deadband, haircut, win fee). */
    closePnl: close === null ? "n/a" : formatUsd(close.closePnlWad, { sign: true }),
    closePnlTone: close === null ? "" as const : toneOf(close.closePnlWad),
    /** What that close would pay back: the margin plus `closePnl`. */
    payout: close === null ? "n/a" : formatUsd(close.payoutWad),
  };
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

/** Equity (funds plus unrealized PnL), worst distance to bust and the counts of risky positions. */
function riskSummary(
  account: WalletAccount,
  positions: readonly PositionValuation[],
  totals: PositionTotals,
) {
  const worst = nearestToBust(positions);
  const count = (risk: string) => positions.filter((valuation) => valuation.risk === risk).length;
  return {
    equity: formatUsd(walletEquity(account.balances, totals)),
    pnl: formatUsd(totals.unrealizedPnl, { sign: true }),
    pnlTone: toneOf(totals.unrealizedPnl),
    /** Smallest distance to bust over the open positions (`n/a` without marks). */
    worstDistance: formatDistanceToBust(worst?.distanceToBustPercent ?? null),
    worstRisk: worst?.risk ?? null,
    /** Id of the position nearest its bust price. */
    worstPositionId: worst?.position.positionId ?? null,
    closeCount: count("close"),
    nearBustCount: count("near_bust"),
    openCount: positions.length,
  };
}
