/**
 * The explorer's own history of each market: Papertrade publishes no price or open-interest
 * history, so every mark and open interest this process reads is kept, per instrument, in a
 * bounded ring buffer (one process, in memory: a restart starts it again).
 */
import type { MarketOverview } from "./overview.ts";
import type { Mark } from "../marks.ts";
import type { PapertradeClient } from "../papertrade/mod.ts";
import { uncachedClient } from "../cache/cached_client.ts";

/** One sample of a market: its mark and, when the trading state was read with it, its OI. */
export interface MarketSample {
  at: number;
  markRaw: bigint;
  /** USD wad at the mark; null when this read had no trading state or the side is uncapped. */
  longOiUsd: bigint | null;
  shortOiUsd: bigint | null;
  longCapUsd: bigint | null;
  shortCapUsd: bigint | null;
}

export interface MarkSamples {
  /** Keeps a sample read `now`; within `spacingMs` of the last one it replaces that one. */
  record(instrumentId: number, sample: Omit<MarketSample, "at">): void;
  /** Keeps each market's mark and open interest (markets without a mark are skipped). */
  recordMarkets(markets: readonly MarketOverview[]): void;
  /** Keeps marks read without the open interest (a position page's). */
  recordMarks(marks: ReadonlyMap<number, Mark>): void;
  /** One instrument's samples, oldest first. */
  of(instrumentId: number): readonly MarketSample[];
}

interface MarkSamplesOptions {
  now: () => number;
  /** Samples kept per instrument (default 720: an hour at the default spacing). */
  capacity?: number;
  /** Least time between two kept samples (default 5 s). */
  spacingMs?: number;
}

export function createMarkSamples(options: MarkSamplesOptions): MarkSamples {
  const capacity = options.capacity ?? 720;
  const spacingMs = options.spacingMs ?? 5_000;
  const buffers = new Map<number, MarketSample[]>();
  const samples: MarkSamples = {
    record(instrumentId, sample) {
      const at = options.now();
      const buffer = buffers.get(instrumentId) ?? [];
      buffers.set(instrumentId, buffer);
      const last = buffer.at(-1);
      if (last && at >= last.at && at - last.at < spacingMs) {
        // A mark-only read this close to the last sample keeps that sample's open interest.
        const oi = sample.longOiUsd === null && sample.shortOiUsd === null ? oiOf(last) : {};
        buffer[buffer.length - 1] = { ...sample, ...oi, at };
      } else buffer.push({ ...sample, at });
      if (buffer.length > capacity) buffer.splice(0, buffer.length - capacity);
    },
    recordMarkets(markets) {
      for (const market of markets) {
        if (market.mark) {
          samples.record(market.instrumentId, { markRaw: market.mark.markRaw, ...oiOf(market) });
        }
      }
    },
    recordMarks(marks) {
      const none = { longOiUsd: null, shortOiUsd: null, longCapUsd: null, shortCapUsd: null };
      for (const [id, mark] of marks) samples.record(id, { markRaw: mark.markRaw, ...none });
    },
    of: (instrumentId) => buffers.get(instrumentId) ?? [],
  };
  return samples;
}

function oiOf(from: Omit<MarketSample, "at" | "markRaw">) {
  const { longOiUsd, shortOiUsd, longCapUsd, shortCapUsd } = from;
  return { longOiUsd, shortOiUsd, longCapUsd, shortCapUsd };
}

const shared = new WeakMap<PapertradeClient, MarkSamples>();

/**
 * The process-wide samples of one upstream client, cached or not (the price poller reads the
 * uncached one), created on first use with this clock.
 */
export function sharedMarkSamples(client: PapertradeClient, now: () => number): MarkSamples {
  const key = uncachedClient(client);
  let samples = shared.get(key);
  if (!samples) shared.set(key, samples = createMarkSamples({ now }));
  return samples;
}
