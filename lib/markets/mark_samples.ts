/**
 * The explorer's own history of each market: Papertrade publishes no price or open-interest
 * history, so every mark and open interest an instance reads (the price poller, a markets or
 * position page) is recorded per instrument in a shared time series (`lib/kv/series.ts`): one
 * sample per 5 s kept an hour, one per minute kept 7 days ({@link MARKET_HISTORY_TIERS}). A
 * bucket's first sample stays (a later one only fills an open interest it lacked), so every
 * instance draws the same chart. In KV where configured (Deploy, `KV_PATH`), kept across
 * restarts; else in an in-memory KV with the same buckets (a restart begins again).
 */
import type { MarketOverview } from "./overview.ts";
import type { Mark } from "../marks.ts";
import type { PapertradeClient } from "../papertrade/mod.ts";
import { uncachedClient } from "../cache/cached_client.ts";
import {
  createKvSeries,
  type KvSeries,
  MARKET_HISTORY_TIERS,
  type SeriesPoint,
} from "../kv/series.ts";
import { kvConfigured, openSharedKv } from "../kv.ts";

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

type SampleValue = Omit<MarketSample, "at">;

/** The key prefix of the market history in KV. */
const PREFIX = ["market_history", "v1"];
/** Most points one chart reads. */
const MAX_POINTS = 1_000;

/** A later sample of a bucket fills the open interest the kept one lacked; else the first stays. */
function mergeOi(kept: SeriesPoint<SampleValue>, incoming: SeriesPoint<SampleValue>) {
  const lacks = kept.value.longOiUsd === null && kept.value.shortOiUsd === null;
  const has = incoming.value.longOiUsd !== null || incoming.value.shortOiUsd !== null;
  return lacks && has ? { ...incoming.value, markRaw: kept.value.markRaw } : null;
}

export type MarkSamples = ReturnType<typeof createMarkSamples>;

export function createMarkSamples(
  options: { kv: Deno.Kv | Promise<Deno.Kv>; now: () => number },
) {
  const { now } = options;
  const series: Promise<KvSeries<SampleValue>> = Promise.resolve(options.kv).then((kv) =>
    createKvSeries<SampleValue>({ kv, prefix: PREFIX, now, merge: mergeOi })
  );
  const record = async (instrumentId: number, value: SampleValue) => {
    await (await series).record(instrumentId, value, now());
  };
  return {
    /** Records each market's mark and open interest (markets without a mark are skipped). */
    async recordMarkets(markets: readonly MarketOverview[]) {
      for (
        const { instrumentId, mark, longOiUsd, shortOiUsd, longCapUsd, shortCapUsd } of markets
      ) {
        const oi = { longOiUsd, shortOiUsd, longCapUsd, shortCapUsd };
        if (mark) await record(instrumentId, { markRaw: mark.markRaw, ...oi });
      }
    },
    /** Records marks read without the open interest (a position page's). */
    async recordMarks(marks: ReadonlyMap<number, Mark>) {
      const none = { longOiUsd: null, shortOiUsd: null, longCapUsd: null, shortCapUsd: null };
      for (const [id, mark] of marks) await record(id, { markRaw: mark.markRaw, ...none });
    },
    /**
     * One instrument's samples from `from` to `to` (default: the last hour), oldest first: 5 s
     * apart within the last hour, a minute apart before.
     */
    async of(instrumentId: number, range: { from?: number; to?: number } = {}) {
      const to = range.to ?? now();
      const fine = to - MARKET_HISTORY_TIERS[0].keepMs + 1;
      const from = range.from ?? fine;
      const store = await series;
      // The last hour from the 5 s buckets; anything older from the minute buckets before it,
      // both read as of `to` (a clock read again here could pick the minute buckets for the hour).
      const spans = from < fine ? [[from, fine - 1], [fine, to]] : [[from, to]];
      const reads = await Promise.all(
        spans.map(([start, end]) =>
          store.range(instrumentId, start, end, { maxPoints: MAX_POINTS, at: to })
        ),
      );
      return reads.flatMap((read, i): MarketSample[] =>
        read.points.filter(({ at }) => at >= spans[i][0] && at <= spans[i][1])
          .map(({ at, value }) => ({ at, ...value }))
      );
    },
  };
}

const shared = new WeakMap<PapertradeClient, MarkSamples>();

/**
 * The process-wide samples of one upstream client, cached or not (the price poller reads the
 * uncached one), created on first use with this clock: in KV where configured, else in memory.
 */
export function sharedMarkSamples(client: PapertradeClient, now: () => number): MarkSamples {
  return shared.getOrInsertComputed(uncachedClient(client), () => {
    const kv = kvConfigured()
      ? openSharedKv().catch((error) => {
        console.error("[markets] Deno KV unavailable, the market history is in memory:", error);
        return Deno.openKv(":memory:");
      })
      : Deno.openKv(":memory:");
    return createMarkSamples({ kv, now });
  });
}
