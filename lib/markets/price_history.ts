/**
 * A market's price history for a chart: the explorer's mark samples (the BBO mid Papertrade
 * settles at), and before them Hyperliquid's candles (`lib/hyperliquid/candles.ts`, cached): trade
 * prices, not the mid, so drawn as their own line, `CANDLE_LABEL`. Only for the coins
 * Hyperliquid lists alike ({@link CANDLE_COINS}); a failed read is named, the samples drawn alone.
 */
import {
  type Candle,
  CANDLE_SNAPSHOT_READ,
  candleIntervalFor,
  type CandleReader,
} from "../hyperliquid/candles.ts";
import type { Parts } from "../parts.ts";
import type { MarketSample, MarkSamples } from "./mark_samples.ts";

/** The markets whose candles are read: Papertrade's symbols are Hyperliquid's coins. */
const CANDLE_COINS: readonly string[] = ["BTC", "ETH"];
const MAX_CANDLES = 300;
/** A gap before the first sample shorter than this is not worth a candle read. */
const LEAST_GAP_MS = 2 * 60_000;

/** What a price chart draws: samples, and candles before the first of them (oldest first). */
export interface PriceHistory {
  samples: MarketSample[];
  candles: Candle[];
}

/** One market's price history from `from` to now. */
export async function readPriceHistory(
  deps: { candles?: CandleReader; now: () => number },
  samples: MarkSamples,
  market: { instrumentId: number; symbol: string; priceScale: bigint },
  from: number,
  options: { parts: Parts; signal?: AbortSignal },
): Promise<PriceHistory> {
  const to = deps.now();
  const kept = await samples.of(market.instrumentId, { from, to });
  const until = kept[0]?.at ?? to;
  if (!deps.candles || !CANDLE_COINS.includes(market.symbol) || until - from < LEAST_GAP_MS) {
    return { samples: kept, candles: [] };
  }
  const read = await options.parts.read(
    deps.candles({
      coin: market.symbol,
      interval: candleIntervalFor(until - from, MAX_CANDLES),
      startTime: from,
      endTime: until,
      priceScale: market.priceScale,
    }, { signal: options.signal }),
    CANDLE_SNAPSHOT_READ.part,
  );
  // Each candle is drawn at its close; the one still open when the samples began is left out.
  const candles = (read?.candles ?? []).filter((candle) =>
    candle.closeTime >= from && candle.closeTime < until
  );
  return { samples: kept, candles };
}
