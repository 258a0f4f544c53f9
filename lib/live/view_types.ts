/**
 * What the live wallet islands show: display-ready strings and plain numbers, computed on the
 * server (`lib/live/positions_view.ts`, `account_view.ts`) and sent as JSON. Nothing here may
 * import zod, viem or bigint math: this module ships to the browser in the island bundle.
 *
 * @module
 */

/** Colour of a signed amount, as a CSS class (`""` for zero or unknown). */
export type Tone = "good" | "bad" | "";

/** How close a position is to its bust price (see `lib/math/risk_band.ts`). */
export type RiskLabel = "ok" | "close" | "near_bust";

/** One open position, every figure already formatted. */
export interface PositionRowView {
  /** Position id (decimal string). */
  id: string;
  market: string;
  side: "long" | "short";
  /** `50x`. */
  leverage: string;
  margin: string;
  notional: string;
  entry: string;
  /** Live mark, or `no quote`. */
  mark: string;
  bust: string;
  /** `1.953%`, or `n/a` without a mark. */
  distance: string;
  risk: RiskLabel | null;
  /** Signed USD, or `n/a` without a mark. */
  pnl: string;
  pnlTone: Tone;
  /** Signed PnL a close at the mark would realize (after deadband, haircut, win fee), or `n/a`. */
  closePnl: string;
  closePnlTone: Tone;
  /** What that close would pay back (margin plus `closePnl`), or `n/a`. */
  payout: string;
}

/** Sums over the listed positions. */
export interface PositionsTotalsView {
  count: number;
  margin: string;
  notional: string;
  pnl: string;
  pnlTone: Tone;
  closePnl: string;
  closePnlTone: Tone;
  payout: string;
  /** Positions left out of the PnL sums for want of a mark. */
  unvalued: number;
}

/** The risk-first band at the top of the wallet page. */
export interface RiskSummaryView {
  /** Balance + queued + locked margin + unrealized PnL, formatted USD. */
  equity: string;
  /** Total unrealized PnL of the valued positions. */
  pnl: string;
  pnlTone: Tone;
  /** Smallest distance to bust over the open positions (`n/a` without marks). */
  worstDistance: string;
  worstRisk: RiskLabel | null;
  /** Id of the position nearest its bust price. */
  worstPositionId: string | null;
  closeCount: number;
  nearBustCount: number;
  openCount: number;
}

/** Balances of the account, formatted USD. */
export interface FundsView {
  balance: string;
  queued: string;
  locked: string;
  available: string;
}

/** PAPER held and staked, formatted with their unit, and the claimable staking rewards. */
export interface PaperView {
  held: string;
  staked: string;
  /** USD, or `n/a` without the trading state's accumulator. */
  rewards: string;
}

/** One intent the relayer holds for the wallet (its queue place is in `queuePlaces`). */
export interface PendingIntentView {
  intentId: string;
  action: string;
  /** Deadline (ms), read from the row's modelled ninth slot. */
  /** Null when the modelled deadline slot was not found. */
  deadlineAt: number | null;
}

/** An intent that left the pending list while the stream was open. */
export interface OutcomeView {
  intentId: string;
  outcome: "succeeded" | "failed" | "expired" | "cancelled" | "unknown";
  /** When the stream reported it (ms). */
  reportedAt: number;
}

/** A position closed while the stream was open. */
export interface ClosedPositionView {
  positionId: string;
  market: string;
  netPnl: string;
  netPnlTone: Tone;
  liquidated: boolean;
}

/** A wallet's open positions at the live mark, with the times that say how fresh they are. */
export interface PositionsView {
  /** Lower-case address. */
  address: string;
  /** Sorted by distance to bust, nearest first; positions without a mark last. */
  rows: PositionRowView[];
  totals: PositionsTotalsView;
  summary: RiskSummaryView;
  funds: FundsView;
  paper: PaperView;
  /** Next to settle first (by queue place; unplaced ones last). */
  pending: PendingIntentView[];
  /** Queue place by intent id (1 = next), from the queue-rank read: streams do not carry it. */
  queuePlaces: Record<string, number>;
  /** When `queuePlaces` was read (ms), or null when this view carries none. */
  queueAt: number | null;
  /** Newest first, one per intent, none for an intent still pending. */
  outcomes: OutcomeView[];
  closedPositions: ClosedPositionView[];
  /** Time of the newest mark used (ms), or null when no position has a mark. */
  marksAt: number | null;
  /** Account state as of this block and indexer time (ms). */
  accountBlock: string;
  accountAt: number;
  /** Server clock when the view was built (ms); the island measures ages against it. */
  generatedAt: number;
}

/** Where the island reads its updates: the SSE stream and the polling fallback. */
export function liveUrls(address: string): { stream: string; poll: string } {
  const base = `/wallet/${encodeURIComponent(address)}`;
  return { stream: `${base}/live`, poll: `${base}/positions.json` };
}

/** Most outcomes and closed positions a view lists. */
export const RECENT_SHOWN = 20;

/**
 * The outcomes worth showing: one per intent (the latest report wins), none for an intent that
 * is pending again, newest first, at most {@link RECENT_SHOWN}.
 */
export function latestOutcomes(
  outcomes: readonly OutcomeView[],
  pending: readonly PendingIntentView[],
): OutcomeView[] {
  const latest = new Map<string, OutcomeView>();
  for (const outcome of outcomes) {
    const seen = latest.get(outcome.intentId);
    if (!seen || outcome.reportedAt > seen.reportedAt) latest.set(outcome.intentId, outcome);
  }
  for (const intent of pending) latest.delete(intent.intentId);
  return [...latest.values()].sort((a, b) => b.reportedAt - a.reportedAt).slice(0, RECENT_SHOWN);
}
