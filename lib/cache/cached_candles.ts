/**
 * Hyperliquid's candles through the read cache, as every Papertrade read goes through it: one
 * upstream read serves every concurrent reader of the same candles, an answer is kept for the
 * lifetime of its row (`HYPERLIQUID_READS.candleSnapshot`), and the last good answer stands in,
 * labelled stale, while Hyperliquid fails. Requests are aligned to their interval first
 * (`alignCandleRequest`), so readers a few seconds apart share one key.
 */
import { alignCandleRequest, type CandleReader } from "../hyperliquid/candles.ts";
import { HYPERLIQUID_READS } from "../hyperliquid/candles.ts";
import { readKey } from "./cached_client.ts";
import type { ReadCache } from "./read_cache.ts";

/** `reader` behind `cache`: aligned, coalesced, kept, and served stale while it fails. */
export function cacheCandleReader(reader: CandleReader, cache: ReadCache): CandleReader {
  const { lifetime } = HYPERLIQUID_READS.candleSnapshot;
  return (request, { signal } = {}) => {
    const aligned = alignCandleRequest(request);
    const key = readKey("candleSnapshot", { ...aligned });
    return cache.getOrLoad(key, lifetime, () => reader(aligned), signal);
  };
}
