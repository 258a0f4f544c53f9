/**
 * Open positions valued at the live mark, their totals, the wallet's equity and its position
 * nearest to bust: each figure computed here once (docs/figures.md), in exact bigint math, for
 * every face to read and convert at the edge.
 */
import type { Instrument, OpenPosition } from "../papertrade/mod.ts";
import {
  type ClosePayout,
  closePayout,
  distanceToBustPercentWad,
  type RiskBand,
  riskBand,
  unrealizedPnlWad,
} from "../math/mod.ts";
import type { Mark } from "../marks.ts";

/** One open position and its valuation; mark-dependent fields are null without a mark. */
export interface PositionValuation extends Market {
  position: OpenPosition;
  /** margin × leverage, USD wad. */
  notional: bigint;
  mark: Mark | null;
  /** Percent scaled by 1e18 (1e18 = 1 %); negative once past bust. */
  distanceToBustPercent: bigint | null;
  /**
   * The price move against the position that reaches its bust price, raw at the price scale
   * (mark − bust for a long, bust − mark for a short); negative once past bust.
   */
  moveToBust: bigint | null;
  risk: RiskBand | null;
  /** Mark-to-market PnL before the close-side deadband, haircut and win fee (USD wad). */
  unrealizedPnl: bigint | null;
  /** What closing at the mark would realize, step by step. */
  closePayout: ClosePayout | null;
}

/** Totals over valued positions (USD wad); PnL sums only positions that have a mark. */
export interface PositionTotals {
  count: number;
  margin: bigint;
  notional: bigint;
  unrealizedPnl: bigint;
  /**
   * PnL a close of every valued position would realize after the close costs; null when one of
   * them has no close figure (the win fee could not be read), never a partial sum.
   */
  closePnl: bigint | null;
  /** What those closes would pay back: their margin plus `closePnl`; null with it. */
  closePayout: bigint | null;
  /** Positions left out of the PnL sums for want of a mark. */
  unvalued: number;
}

/** What valuing a position needs; without the win fee (`winFeeRate()`) no close figures. */
interface ValuationInputs {
  instruments: readonly Instrument[];
  marks: ReadonlyMap<number, Mark>;
  winFeeRate: bigint | null;
}

/** An instrument as a position or trade on it shows: its symbol and price scale. */
export interface Market {
  /** Instrument symbol, or `instrument <id>` when the trading state does not list it. */
  symbol: string;
  /** Null when the trading state does not list the instrument (prices cannot be shown). */
  priceScale: bigint | null;
}

/** The market of an instrument id among the trading state's instruments. */
export function marketOf(instruments: readonly Instrument[], instrumentId: number): Market {
  const instrument = instruments.find((item) => item.id === instrumentId);
  return {
    symbol: instrument?.symbol ?? `instrument ${instrumentId}`,
    priceScale: instrument?.priceScale ?? null,
  };
}

export function valuePosition(position: OpenPosition, inputs: ValuationInputs): PositionValuation {
  const instrument = inputs.instruments.find((item) => item.id === position.instrumentId);
  const mark = inputs.marks.get(position.instrumentId) ?? null;
  const base: PositionValuation = {
    position,
    ...marketOf(inputs.instruments, position.instrumentId),
    notional: position.margin * BigInt(position.leverage),
    mark,
    distanceToBustPercent: null,
    moveToBust: null,
    risk: null,
    unrealizedPnl: null,
    closePayout: null,
  };
  if (mark === null || instrument === undefined) return base;
  const shape = {
    entryRaw: position.entryPrice,
    markRaw: mark.markRaw,
    marginWad: position.margin,
    leverage: position.leverage,
    isLong: position.isLong,
  };
  try {
    const distance = distanceToBustPercentWad({
      markRaw: mark.markRaw,
      bustRaw: position.bustPrice,
      isLong: position.isLong,
    });
    return {
      ...base,
      distanceToBustPercent: distance,
      moveToBust: position.isLong
        ? mark.markRaw - position.bustPrice
        : position.bustPrice - mark.markRaw,
      risk: riskBand(distance),
      unrealizedPnl: unrealizedPnlWad(shape),
      closePayout: inputs.winFeeRate === null ? null : closePayout(shape, {
        rateMultiplierWad: instrument.rateMultiplier,
        positionMultiplierWad: instrument.positionMultiplier,
        baseRateWad: instrument.baseRate,
        referenceNotionalWad: instrument.referenceNotional,
        winFeeRateWad: inputs.winFeeRate,
      }),
    };
  } catch (error) {
    // A value the math refuses (zero entry, leverage past 1000) leaves the position unvalued
    // rather than failing the whole wallet.
    if (error instanceof RangeError) return base;
    throw error;
  }
}

/**
 * The valued position nearest to its bust price (the smallest distance; the first of equals), or
 * null when none has a mark. The wallet's worst distance and band, the card's risk line and the
 * watchlist all read this one.
 */
export function nearestToBust<V extends PositionValuation>(valuations: readonly V[]): V | null {
  let nearest: V | null = null;
  for (const valuation of valuations) {
    const distance = valuation.distanceToBustPercent;
    if (distance !== null && (nearest === null || distance < nearest.distanceToBustPercent!)) {
      nearest = valuation;
    }
  }
  return nearest;
}

/** A wallet's equity, USD wad: balance, queued and locked funds plus the totals' unrealized PnL. */
export function walletEquity(
  balances: { balance: bigint; queued: bigint; locked: bigint },
  totals: PositionTotals,
): bigint {
  return balances.balance + balances.queued + balances.locked + totals.unrealizedPnl;
}

/**
 * A wallet's total PnL, USD wad: the snapshot's lifetime realized PnL plus the totals' unrealized
 * PnL (positions without a mark left out).
 */
export function walletTotalPnl(lifetime: { realizedPnl: bigint }, totals: PositionTotals): bigint {
  return lifetime.realizedPnl + totals.unrealizedPnl;
}

/** Sums margin, notional and (where valued) unrealized PnL, close PnL and close payout. */
export function totalPositions(valuations: readonly PositionValuation[]): PositionTotals {
  const totals = {
    count: valuations.length,
    margin: 0n,
    notional: 0n,
    unrealizedPnl: 0n,
    closePnl: 0n,
    closePayout: 0n,
    unvalued: 0,
  };
  // Without the win fee a position has PnL at the mark but no close figure: its PnL still
  // counts, and the close sums are not given at all.
  let closeMissing = false;
  for (const valuation of valuations) {
    totals.margin += valuation.position.margin;
    totals.notional += valuation.notional;
    if (valuation.unrealizedPnl === null) {
      totals.unvalued += 1;
      continue;
    }
    totals.unrealizedPnl += valuation.unrealizedPnl;
    if (valuation.closePayout === null) {
      closeMissing = true;
      continue;
    }
    totals.closePnl += valuation.closePayout.closePnlWad;
    totals.closePayout += valuation.closePayout.payoutWad;
  }
  return closeMissing ? { ...totals, closePnl: null, closePayout: null } : totals;
}
