/** Positions, marks and closed trades as JSON: schemas and converters from domain values. */
import { z } from "zod";
import type { Instrument, Trade } from "../lib/papertrade/mod.ts";
import type { Mark } from "../lib/marks.ts";
import type { PositionTotals, PositionValuation } from "../lib/wallet/mod.ts";
import { hashOut, integerStringOut, isoOut, riskOut, sideOf, sideOut } from "./_json_common.ts";
import { fromWad, isoFromMs, toPercent, toPrice } from "./_units.ts";

/**
 * What a close at the mark would realize and pay. `estimated_close_payout_usd` is the name
 * earlier versions gave the PnL after costs; it stays, equal to `estimated_close_pnl_usd`, for
 * clients that read it.
 */
function closeFields<T extends z.ZodType>(amount: T) {
  return {
    estimated_close_pnl_usd: amount.describe(
      "PnL a close at the mark would realize after the deadband, impact haircut and win fee.",
    ),
    estimated_payout_usd: amount.describe(
      "What that close would pay back: the margin plus estimated_close_pnl_usd.",
    ),
    estimated_close_payout_usd: amount.describe(
      "Deprecated alias of estimated_close_pnl_usd (the same number; it leaves out the margin).",
    ),
  };
}

// The fields an open position and a closed trade share, in the order both list them.
const POSITION_FIELDS = {
  position_id: integerStringOut,
  market: z.string(),
  instrument_id: z.number().int(),
  side: sideOut,
  leverage: z.number().int(),
  margin_usd: z.number(),
};

/** One open position valued at the live mark. */
export const positionOut = z.strictObject({
  ...POSITION_FIELDS,
  notional_usd: z.number().describe("margin × leverage"),
  entry_price: z.number().nullable(),
  mark_price: z.number().nullable().describe("Live BBO mid; null when the market has no quote."),
  bust_price: z.number().nullable().describe("Liquidation (bust) price stored at open."),
  distance_to_bust_percent: z.number().nullable().describe(
    "How far the mark can still move against the position, plain percent; negative = past bust.",
  ),
  risk: riskOut.nullable(),
  unrealized_pnl_usd: z.number().nullable().describe("Mark-to-market, before close-side haircut."),
  ...closeFields(z.number().nullable()),
  use_debt: z.boolean(),
  opened_at: isoOut.nullable(),
  intent_id: hashOut.nullable(),
});

/** Totals over the listed positions. */
export const totalsOut = z.strictObject({
  count: z.number().int(),
  margin_usd: z.number(),
  notional_usd: z.number(),
  unrealized_pnl_usd: z.number(),
  ...closeFields(z.number()),
  unvalued: z.number().int().describe("Positions without a mark, left out of the PnL sums."),
});

/** The live mark of one market. */
export const markOut = z.strictObject({
  market: z.string(),
  instrument_id: z.number().int(),
  mark_price: z.number(),
  bid_price: z.number(),
  ask_price: z.number(),
  at: isoOut.nullable(),
  frozen: z.boolean().describe("True when the market is paused and settles at its frozen book."),
});

/** A closed or liquidated trade. */
export const tradeOut = z.strictObject({
  ...POSITION_FIELDS,
  notional_usd: z.number(),
  entry_price: z.number().nullable(),
  exit_price: z.number().nullable(),
  opened_at: isoOut.nullable(),
  closed_at: isoOut.nullable(),
  liquidated: z.boolean(),
  adjusted_pnl_usd: z.number().describe("PnL after the impact haircut, before fees."),
  fee_paid_usd: z.number(),
  net_pnl_usd: z.number().describe("adjusted_pnl_usd − fee_paid_usd"),
  paper_minted: z.number().describe("PAPER minted for the loss."),
  intent_id: hashOut.nullable(),
  tx_hash: hashOut.nullable(),
});

/** JSON of a valued position. */
export function positionJson(valuation: PositionValuation): z.input<typeof positionOut> {
  const { position, priceScale, mark, closePayout: close } = valuation;
  return {
    position_id: position.positionId,
    market: valuation.symbol,
    instrument_id: position.instrumentId,
    side: sideOf(position.isLong),
    leverage: position.leverage,
    margin_usd: fromWad(position.margin),
    notional_usd: fromWad(valuation.notional),
    entry_price: toPrice(position.entryPrice, priceScale),
    mark_price: mark ? toPrice(mark.markRaw, mark.priceScale) : null,
    bust_price: toPrice(position.bustPrice, priceScale),
    distance_to_bust_percent: toPercent(valuation.distanceToBustPercent),
    risk: valuation.risk,
    unrealized_pnl_usd: valuation.unrealizedPnl === null ? null : fromWad(valuation.unrealizedPnl),
    estimated_close_pnl_usd: close && fromWad(close.closePnlWad),
    estimated_payout_usd: close && fromWad(close.payoutWad),
    estimated_close_payout_usd: close && fromWad(close.closePnlWad),
    use_debt: position.useDebt,
    opened_at: isoFromMs(position.openedAt),
    intent_id: position.intentId,
  };
}

/** JSON of position totals. */
export function totalsJson(totals: PositionTotals): z.input<typeof totalsOut> {
  return {
    count: totals.count,
    margin_usd: fromWad(totals.margin),
    notional_usd: fromWad(totals.notional),
    unrealized_pnl_usd: fromWad(totals.unrealizedPnl),
    estimated_close_pnl_usd: fromWad(totals.closePnl),
    estimated_payout_usd: fromWad(totals.closePayout),
    estimated_close_payout_usd: fromWad(totals.closePnl),
    unvalued: totals.unvalued,
  };
}

/** JSON of the marks, by instrument id. */
export function marksJson(marks: ReadonlyMap<number, Mark>): z.input<typeof markOut>[] {
  return [...marks.values()]
    .sort((a, b) => a.instrumentId - b.instrumentId)
    .map((mark) => ({
      market: mark.symbol,
      instrument_id: mark.instrumentId,
      mark_price: toPrice(mark.markRaw, mark.priceScale)!,
      bid_price: toPrice(mark.bid, mark.priceScale)!,
      ask_price: toPrice(mark.ask, mark.priceScale)!,
      at: isoFromMs(mark.at),
      frozen: mark.source === "frozen",
    }));
}

/** JSON of a closed trade; prices need the instrument's scale from the trading state. */
export function tradeJson(
  trade: Trade,
  instruments: readonly Instrument[],
): z.input<typeof tradeOut> {
  const instrument = instruments.find((item) => item.id === trade.instrumentId);
  const scale = instrument?.priceScale ?? null;
  return {
    position_id: trade.positionId,
    market: instrument?.symbol ?? `instrument ${trade.instrumentId}`,
    instrument_id: trade.instrumentId,
    side: sideOf(trade.isLong),
    leverage: trade.leverage,
    margin_usd: fromWad(trade.margin),
    notional_usd: fromWad(trade.margin * BigInt(trade.leverage)),
    entry_price: toPrice(trade.entryPrice, scale),
    exit_price: toPrice(trade.exitPrice, scale),
    opened_at: isoFromMs(trade.openedAt),
    closed_at: isoFromMs(trade.closedAt),
    liquidated: trade.liquidated,
    adjusted_pnl_usd: fromWad(trade.adjustedPnl),
    fee_paid_usd: fromWad(trade.userPaidFee),
    net_pnl_usd: fromWad(trade.netPnl),
    paper_minted: fromWad(trade.paperMinted),
    intent_id: trade.intentId,
    tx_hash: trade.txHash,
  };
}
