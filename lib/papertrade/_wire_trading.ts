/**
 * The trading state (`/state/trading`): the venue and its instruments, from the 23-field tuple.
 * Part of `wire.ts`, which the rest of the explorer imports.
 */
import { z } from "zod";
import { count, ms, uintString } from "./_wire_scalars.ts";
import { mapped, namedTuple } from "./_modelled.ts";

/** The 23 slots of the instrument tuple, in the published order: the domain field each fills. */
const INSTRUMENT_SLOTS = [
  ["id", count], // 0: 0 = BTC, 1 = ETH
  ["symbol", z.string()], // 1
  ["assetIndex", count], // 2: the Hyperliquid perp index whose BBO the exchange reads
  ["priceScale", uintString], // 3: raw price = quote price × priceScale
  ["active", z.boolean()], // 4
  ["paused", z.boolean()], // 5
  ["terminal", z.boolean()], // 6
  ["retired", z.boolean()], // 7
  ["closeOnly", z.boolean()], // 8
  ["frozenBid", uintString.nullable()], // 9: the frozen BBO of a paused or retired market
  ["frozenAsk", uintString.nullable()], // 10
  ["pausedAt", ms.nullable()], // 11
  ["rateMultiplier", uintString], // 12
  ["positionMultiplier", uintString], // 13
  ["maxLeverage", count], // 14
  ["maxPositionNotional", uintString], // 15: wad USD, the largest notional of one position
  ["bustBuffer", uintString], // 16: a wad fraction
  ["baseRate", uintString], // 17: the impact haircut's base rate, a wad fraction
  ["referenceNotional", uintString], // 18: the impact haircut's reference notional, wad USD
  ["longOi", uintString], // 19: open interest per side, base-asset units × 1e18
  ["shortOi", uintString], // 20
  ["longCap", uintString], // 21: open-interest caps, same unit; 2^128 − 1 means uncapped
  ["shortCap", uintString], // 22
] as const;

export const instrumentTuple = namedTuple(INSTRUMENT_SLOTS);
export type Instrument = z.output<typeof instrumentTuple>;

/** Venue-wide state (endpoint `tradingState`). */
export const tradingState = mapped(
  z.object({
    schemaVersion: z.literal(1),
    tradingPaused: z.boolean(),
    indexedThroughBlock: count,
    minimumTradeSizeRaw: uintString,
    minimumOpenNotionalRaw: uintString,
    // 0 or absent means no lower bound.
    minimumLeverage: count.optional(),
    maximumLeverage: count,
    // The state also carries the win fee and the staking accumulator under unknown keys: the
    // explorer reads the win fee from the Exchange's winFeeRate() (lib/hyperevm/client.ts) and
    // the accumulator from the protocol summary's paper.accumulator (papertrade-facts.md §13.3).
    instruments: z.array(instrumentTuple),
    // Relayer intake switches; absent means every action is accepted.
    intakeControls: namedTuple([
      ["revision", count],
      ["paperStakeMinimum", uintString], // PAPER (wad)
      ["pausedActions", z.array(z.string())], // intent actions the relayer currently refuses
    ]).optional(),
  }),
  (
    { schemaVersion: _, minimumTradeSizeRaw, minimumOpenNotionalRaw, intakeControls, ...state },
  ) => ({
    ...state,
    /** Minimum margin of a new position (wad USD). */
    minimumMargin: minimumTradeSizeRaw,
    /** Minimum notional (margin × leverage) of a new position (wad USD). */
    minimumOpenNotional: minimumOpenNotionalRaw,
    /** The relayer's intake switches; null when the upstream sends none. */
    intakeControls: intakeControls ?? null,
  }),
);

export type TradingState = z.output<typeof tradingState>;
