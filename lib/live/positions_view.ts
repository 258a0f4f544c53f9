/**
 * The live positions island's view, built on the server from exact valuations with the same
 * formatting as the server pages. The browser only displays it.
 */
import type { TradingState, WalletAccount } from "../papertrade/mod.ts";
import type { PositionTotals, PositionValuation } from "../wallet/value_positions.ts";
import type { PositionRowView, PositionsView } from "./view_types.ts";
import { formatCount, formatPercent, formatPrice, formatUsd, priceDecimals } from "../format.ts";
import {
  byDistanceToBust,
  fundsView,
  outcomesView,
  paperView,
  pendingView,
  riskSummary,
  toneOf,
} from "./account_view.ts";

/** What the view is built from: a subset of `WalletPositions`. */
export interface PositionsViewInput {
  account: WalletAccount;
  positions: readonly PositionValuation[];
  totals: PositionTotals;
  /** For the staking rewards; null when it could not be read. */
  trading: TradingState | null;
}

/** Builds the display view of a wallet's valued positions at server time `now` (ms). */
export function buildPositionsView(input: PositionsViewInput, now: number): PositionsView {
  const { account, totals } = input;
  let marksAt: number | null = null;
  for (const valuation of input.positions) {
    const at = valuation.mark?.at ?? null;
    if (at !== null && (marksAt === null || at > marksAt)) marksAt = at;
  }
  // One number of decimals per price column, even when it mixes markets.
  const columnDecimals = Math.max(
    0,
    ...input.positions.map((item) => item.priceScale === null ? 0 : priceDecimals(item.priceScale)),
  );
  const symbols = new Map(input.positions.map((item) => [item.position.instrumentId, item.symbol]));
  const { pending, queuePlaces } = pendingView(account);
  return {
    address: account.address,
    rows: [...input.positions].sort(byDistanceToBust).map((valuation) =>
      positionRow(valuation, columnDecimals)
    ),
    totals: {
      count: totals.count,
      margin: formatUsd(totals.margin),
      notional: formatUsd(totals.notional),
      pnl: formatUsd(totals.unrealizedPnl, { sign: true }),
      pnlTone: toneOf(totals.unrealizedPnl),
      closePnl: formatUsd(totals.closePnl, { sign: true }),
      closePnlTone: toneOf(totals.closePnl),
      payout: formatUsd(totals.closePayout),
      unvalued: totals.unvalued,
    },
    summary: riskSummary(account, input.positions, totals),
    funds: fundsView(account),
    paper: paperView(account, input.trading),
    pending,
    queuePlaces,
    queueAt: Object.keys(queuePlaces).length > 0 ? now : null,
    ...outcomesView(account, pending, (id) => symbols.get(id) ?? `instrument ${id}`),
    marksAt,
    accountBlock: formatCount(account.indexedThroughBlock),
    accountAt: account.indexedThroughTimestamp,
    generatedAt: now,
  };
}

/**
 * The view without its build time: two views with equal keys show the same figures, so a
 * stream need not send the second one.
 */
export function viewContentKey(view: PositionsView): string {
  return JSON.stringify({ ...view, generatedAt: 0 });
}

function positionRow(valuation: PositionValuation, decimals: number): PositionRowView {
  const { position, priceScale, mark, closePayout: close } = valuation;
  const price = (raw: bigint) =>
    priceScale === null ? `${raw} (raw)` : formatPrice(raw, priceScale, decimals);
  return {
    id: position.positionId,
    market: valuation.symbol,
    side: position.isLong ? "long" : "short",
    leverage: `${position.leverage}x`,
    margin: formatUsd(position.margin),
    notional: formatUsd(valuation.notional),
    entry: price(position.entryPrice),
    mark: mark === null ? "no quote" : formatPrice(mark.markRaw, mark.priceScale, decimals),
    bust: price(position.bustPrice),
    distance: valuation.distanceToBustPercent === null
      ? "n/a"
      : formatPercent(valuation.distanceToBustPercent),
    risk: valuation.risk,
    pnl: valuation.unrealizedPnl === null
      ? "n/a"
      : formatUsd(valuation.unrealizedPnl, { sign: true }),
    pnlTone: valuation.unrealizedPnl === null ? "" : toneOf(valuation.unrealizedPnl),
    closePnl: close === null ? "n/a" : formatUsd(close.closePnlWad, { sign: true }),
    closePnlTone: close === null ? "" : toneOf(close.closePnlWad),
    payout: close === null ? "n/a" : formatUsd(close.payoutWad),
  };
}
