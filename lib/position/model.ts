/**
 * The position model: open positions valued at the live mark, their totals, the marks and a closed
 * trade as JSON, each field's schema beside the domain value it reads. It is get_positions' output
 * schema, the at-risk board's row, and what the wallet page's islands and live routes render.
 */
import { z } from "zod";
import type { Trade } from "../papertrade/mod.ts";
import type { Mark } from "../marks.ts";
import {
  addressOut,
  hashOut,
  integerStringOut,
  isoOut,
  jsonObject,
  riskOut,
  rowsSkippedOut,
  sideOf,
  sideOut,
  unavailableJson,
  unavailableOut,
} from "../json_model.ts";
import { fromWad, fromWadOrNull, isoFromMs, toPercent, toPrice } from "../json_units.ts";
import { distancePercent } from "../figure_text.ts";
import { priceDecimals } from "../format.ts";
import {
  type Market,
  marketOf,
  type PositionTotals,
  type PositionValuation,
} from "./value_positions.ts";
import type { WalletPositions } from "./positions.ts";

/** Most positions get_positions lists; totals always cover every open position. */
const MAX_LISTED_POSITIONS = 50;

const CLOSE_PNL = "PnL a close at the mark would realize after the deadband, impact haircut and " +
  "win fee.";
const PAYOUT = "What that close would pay back: the margin plus estimated_close_pnl_usd.";

// What an open position and a closed trade share, in the order both list them.
type Held = Pick<Trade, "positionId" | "instrumentId" | "isLong" | "leverage" | "margin">;
const held = <S>(of: (source: S) => Held & Market) =>
  ({
    position_id: [integerStringOut, (s: S) => of(s).positionId],
    market: [z.string(), (s: S) => of(s).symbol],
    instrument_id: [z.number().int(), (s: S) => of(s).instrumentId],
    side: [sideOut, (s: S) => sideOf(of(s).isLong)],
    leverage: [z.number().int(), (s: S) => of(s).leverage],
    margin_usd: [z.number(), (s: S) => fromWad(of(s).margin)],
  }) as const;

/** One open position valued at the live mark. */
export const positionJson = jsonObject<PositionValuation>()({
  ...held((v: PositionValuation) => ({ ...v.position, ...v })),
  notional_usd: [z.number().describe("margin × leverage"), (v) => fromWad(v.notional)],
  entry_price: [z.number().nullable(), (v) => toPrice(v.position.entryPrice, v.priceScale)],
  mark_price: [
    z.number().nullable().describe("Live BBO mid; null when the market has no quote."),
    (v) => v.mark && toPrice(v.mark.markRaw, v.mark.priceScale),
  ],
  bust_price: [
    z.number().nullable().describe("Liquidation (bust) price stored at open."),
    (v) => toPrice(v.position.bustPrice, v.priceScale),
  ],
  price_decimals: [
    z.number().int().nullable().describe(
      "Decimals the market's prices carry (its price scale); null when the market is unknown.",
    ),
    (v) => v.priceScale === null ? null : priceDecimals(v.priceScale),
  ],
  distance_to_bust_percent: [
    z.number().nullable().describe(
      "How far the mark can still move against the position, plain percent; negative = past bust.",
    ),
    (v) => v.distanceToBustPercent === null ? null : distancePercent(v.distanceToBustPercent),
  ],
  move_to_bust_usd: [
    z.number().nullable().describe(
      "How far the price (USD per unit) must move against the position to reach bust; " +
        "negative past bust.",
    ),
    (v) => v.moveToBust === null ? null : toPrice(v.moveToBust, v.priceScale),
  ],
  risk: [
    riskOut.nullable().describe(
      "Band of the distance to bust: near_bust under 0.03 % (or past bust), close under " +
        "0.08 %, else ok; null without a mark.",
    ),
    (v) => v.risk,
  ],
  unrealized_pnl_usd: [
    z.number().nullable().describe("Mark-to-market, before close-side haircut."),
    (v) => v.unrealizedPnl === null ? null : fromWad(v.unrealizedPnl),
  ],
  estimated_close_pnl_usd: [
    z.number().nullable().describe(CLOSE_PNL),
    (v) => v.closePayout && fromWad(v.closePayout.closePnlWad),
  ],
  estimated_payout_usd: [
    z.number().nullable().describe(PAYOUT),
    (v) => v.closePayout && fromWad(v.closePayout.payoutWad),
  ],
  use_debt: [z.boolean(), (v) => v.position.useDebt],
  opened_at: [isoOut.nullable(), (v) => isoFromMs(v.position.openedAt)],
  intent_id: [hashOut.nullable(), (v) => v.position.intentId],
});

/** Totals over the listed positions. */
export const totalsJson = jsonObject<PositionTotals>()({
  count: [z.number().int(), (t) => t.count],
  margin_usd: [z.number(), (t) => fromWad(t.margin)],
  notional_usd: [z.number(), (t) => fromWad(t.notional)],
  unrealized_pnl_usd: [z.number(), (t) => fromWad(t.unrealizedPnl)],
  estimated_close_pnl_usd: [
    z.number().nullable().describe(`${CLOSE_PNL} Null when the win fee could not be read.`),
    (t) => fromWadOrNull(t.closePnl),
  ],
  estimated_payout_usd: [
    z.number().nullable().describe(PAYOUT),
    (t) => fromWadOrNull(t.closePayout),
  ],
  unvalued: [
    z.number().int().describe("Positions without a mark, left out of the PnL sums."),
    (t) => t.unvalued,
  ],
});

const markJson = jsonObject<Mark>()({
  market: [z.string(), (m) => m.symbol],
  instrument_id: [z.number().int(), (m) => m.instrumentId],
  mark_price: [z.number(), (m) => toPrice(m.markRaw, m.priceScale)!],
  bid_price: [z.number(), (m) => toPrice(m.bid, m.priceScale)!],
  ask_price: [z.number(), (m) => toPrice(m.ask, m.priceScale)!],
  at: [isoOut.nullable(), (m) => isoFromMs(m.at)],
  frozen: [
    z.boolean().describe("True when the market is paused and settles at its frozen book."),
    (m) => m.source === "frozen",
  ],
});

/** A closed or liquidated trade, in its market (`marketOf` the trading state's instruments). */
export const tradeJson = jsonObject<Trade & Market>()({
  ...held((t: Trade & Market) => t),
  notional_usd: [z.number(), (t) => fromWad(t.margin * BigInt(t.leverage))],
  entry_price: [z.number().nullable(), (t) => toPrice(t.entryPrice, t.priceScale)],
  exit_price: [z.number().nullable(), (t) => toPrice(t.exitPrice, t.priceScale)],
  opened_at: [isoOut.nullable(), (t) => isoFromMs(t.openedAt)],
  closed_at: [isoOut.nullable(), (t) => isoFromMs(t.closedAt)],
  liquidated: [z.boolean(), (t) => t.liquidated],
  adjusted_pnl_usd: [
    z.number().describe("PnL after the impact haircut, before fees."),
    (t) => fromWad(t.adjustedPnl),
  ],
  fee_paid_usd: [z.number(), (t) => fromWad(t.userPaidFee)],
  net_pnl_usd: [z.number().describe("adjusted_pnl_usd − fee_paid_usd"), (t) => fromWad(t.netPnl)],
  paper_minted: [z.number().describe("PAPER minted for the loss."), (t) => fromWad(t.paperMinted)],
  intent_id: [hashOut.nullable(), (t) => t.intentId],
  tx_hash: [hashOut.nullable(), (t) => t.txHash],
});

/** A wallet's open positions at the live mark, or one position by id: get_positions' result. */
export const positionsModel = jsonObject<WalletPositions>()({
  address: [addressOut, (found) => found.account.address],
  marks: [
    z.array(markJson.schema).describe("Live mark per market used for the valuation."),
    (found) =>
      [...found.marks.values()].sort((a, b) => a.instrumentId - b.instrumentId).map(markJson.of),
  ],
  positions: [
    z.array(positionJson.schema).describe(
      `Newest first, at most ${MAX_LISTED_POSITIONS}; totals cover every open position.`,
    ),
    (found) => found.positions.slice(0, MAX_LISTED_POSITIONS).map(positionJson.of),
  ],
  totals: [totalsJson.schema, (found) => totalsJson.of(found.totals)],
  equity_usd: [
    z.number().describe(
      "The wallet's balance, queued and locked funds plus totals.unrealized_pnl_usd (positions " +
        "without a mark left out); with position_id, still over every open position.",
    ),
    (found) => fromWad(found.equity),
  ],
  total_pnl_usd: [
    z.number().describe(
      "Lifetime realized PnL (the wallet snapshot's) plus totals.unrealized_pnl_usd; with " +
        "position_id, still over every open position.",
    ),
    (found) => fromWad(found.totalPnl),
  ],
  return_on_deposits_percent: [
    z.number().nullable().describe(
      "total_pnl_usd over lifetime deposits, plain percent; null when the wallet deposited " +
        "nothing.",
    ),
    (found) => toPercent(found.returnOnDeposits),
  ],
  closed: [
    tradeJson.schema.nullable().describe(
      "The closed-trade record when position_id names a position that is no longer open.",
    ),
    ({ closed, trading }) =>
      closed &&
      tradeJson.of({ ...closed, ...marketOf(trading?.instruments ?? [], closed.instrumentId) }),
  ],
  unavailable: [unavailableOut, (found) => unavailableJson(found.unavailable)],
  rows_skipped: [rowsSkippedOut, (found) => found.account.rowsSkipped],
});
