/**
 * Live marks: the BBO mid the protocol settles on, one per instrument.
 *
 * A paused or retired market settles at its frozen BBO, so the frozen quotes in the trading
 * state win over the price feed for that instrument.
 */
import type { Instrument, PricePoint } from "./papertrade/mod.ts";
import { markPrice } from "./math/mod.ts";

/** The mark of one instrument and where it came from. */
export interface Mark {
  instrumentId: number;
  symbol: string;
  priceScale: bigint;
  /** BBO mid, raw at the price scale. */
  markRaw: bigint;
  bid: bigint;
  ask: bigint;
  /** Time of the price point in ms (the pause time for a frozen book). */
  at: number | null;
  /** True when the market's book is frozen and the mark comes from the trading state. */
  frozen: boolean;
}

/** Builds the mark of every instrument that has a usable quote; others are left out. */
export function marksByInstrument(
  instruments: readonly Instrument[],
  points: readonly PricePoint[],
): Map<number, Mark> {
  const marks = new Map<number, Mark>();
  for (const instrument of instruments) {
    const base = {
      instrumentId: instrument.id,
      symbol: instrument.symbol,
      priceScale: instrument.priceScale,
    };
    if (instrument.frozenBid !== null && instrument.frozenAsk !== null) {
      const mark = safeMark(instrument.frozenBid, instrument.frozenAsk);
      if (mark !== null) {
        marks.set(instrument.id, {
          ...base,
          markRaw: mark,
          bid: instrument.frozenBid,
          ask: instrument.frozenAsk,
          at: instrument.pausedAt,
          frozen: true,
        });
      }
      continue;
    }
    const point = latestPoint(points, instrument.id);
    if (!point) continue;
    const mark = safeMark(point.bid, point.ask);
    if (mark === null) continue;
    marks.set(instrument.id, {
      ...base,
      markRaw: mark,
      bid: point.bid,
      ask: point.ask,
      at: point.timestamp,
      frozen: false,
    });
  }
  return marks;
}

function latestPoint(points: readonly PricePoint[], instrumentId: number): PricePoint | undefined {
  let latest: PricePoint | undefined;
  for (const point of points) {
    if (point.instrumentId !== instrumentId) continue;
    if (!latest || point.timestamp > latest.timestamp) latest = point;
  }
  return latest;
}

// A zero or crossed quote has no mid on chain either (the oracle reverts), so no mark.
function safeMark(bid: bigint, ask: bigint): bigint | null {
  try {
    return markPrice(bid, ask);
  } catch {
    return null;
  }
}
