/**
 * A time series shared by every instance through Deno KV (each market's mark and open-interest
 * samples). Whichever instance reads a sample records it under one key per series, tier and
 * bucket, `[...prefix, series, tier, bucketStart]`; the first one recorded stays (unless `merge`
 * improves it), so every instance reads the same history. A key expires `keepMs` after its
 * bucket opened ({@link MARKET_HISTORY_TIERS}: 5 s buckets for an hour, 1 min for 7 days).
 *
 * A range is read, oldest first, from the finest tier that still holds its start and fits it
 * in `maxPoints` buckets (⌈maxPoints / 1000⌉ KV reads); one no tier fits is read from the
 * coarsest, its newest `maxPoints` buckets, and says it was cut.
 */

import { retryLocked } from "./retry.ts";

/** One resolution of the series and how long it is kept. */
export interface SeriesTier {
  /** The tier's key part, e.g. `"5s"`. */
  name: string;
  /** Bucket length (ms); buckets open at multiples of it. */
  stepMs: number;
  /** How long a bucket is kept after it opened (ms). */
  keepMs: number;
}

/** The market history's retention: 5 s samples for an hour, 1 min samples for 7 days. */
export const MARKET_HISTORY_TIERS: readonly SeriesTier[] = [
  { name: "5s", stepMs: 5_000, keepMs: 3_600_000 },
  { name: "1m", stepMs: 60_000, keepMs: 7 * 86_400_000 },
];

/** A KV value's limit is 64 KiB; a sample must stay well under it. */
export const MAX_SAMPLE_BYTES = 60 * 1024;
/** Most entries one KV read returns. */
const KV_READ_ENTRIES = 1_000;

/** One kept sample: when it was read, and its value. */
export interface SeriesPoint<T> {
  at: number;
  value: T;
}

export interface KvSeriesOptions<T> {
  kv: Deno.Kv;
  prefix: Deno.KvKey;
  now?: () => number;
  /**
   * How a later sample of a bucket improves the kept one (e.g. fills an open interest the first
   * sample lacked): the new value, or null to keep the kept one. Default: the first stays.
   */
  merge?: (kept: SeriesPoint<T>, incoming: SeriesPoint<T>) => T | null;
}

/** What one `record` did, tier by tier: wrote the bucket, or found it kept. */
export type RecordOutcome = Record<string, "written" | "kept" | "merged" | "expired">;

/** A range read back from `tier`, oldest first; `truncated` when only the newest were read. */
export interface SeriesRange<T> {
  tier: string;
  points: SeriesPoint<T>[];
  truncated: boolean;
}

/** A shared series store under `prefix`. */
export function createKvSeries<T>(options: KvSeriesOptions<T>) {
  const { kv, prefix, merge } = options;
  const now = options.now ?? Date.now;
  // The bucket each tier last found filled, per series: skipped without a KV round trip.
  const filled = new Map<string, number>();

  async function recordTier(
    series: Deno.KvKeyPart,
    tier: SeriesTier,
    point: SeriesPoint<T>,
  ): Promise<RecordOutcome[string]> {
    const bucket = Math.floor(point.at / tier.stepMs) * tier.stepMs;
    const expireIn = bucket + tier.keepMs - now();
    if (expireIn <= 0) return "expired";
    const memo = `${String(series)}\u0000${tier.name}`;
    if (!merge && filled.get(memo) === bucket) return "kept";
    const key = [...prefix, series, tier.name, bucket];
    for (let tries = 0; tries < 3; tries++) {
      const entry = await retryLocked(() => kv.get<SeriesPoint<T>>(key));
      let next = point;
      if (entry.value !== null) {
        const merged = merge?.(entry.value, point) ?? null;
        if (merged === null) {
          filled.set(memo, bucket);
          return "kept";
        }
        next = { at: entry.value.at, value: merged };
      }
      const result = await retryLocked(() =>
        kv.atomic().check(entry).set(key, next, { expireIn }).commit()
      );
      if (result.ok) {
        filled.set(memo, bucket);
        return entry.value === null ? "written" : "merged";
      }
    }
    return "kept"; // three others wrote it meanwhile: theirs stands
  }

  return {
    /** Records a sample read at `at` (default now) into each tier's bucket. */
    async record(series: Deno.KvKeyPart, value: T, at = now()): Promise<RecordOutcome> {
      const point = { at, value };
      // Its size as JSON (bigints as their digits): KV's own encoding is of the same order.
      const json = JSON.stringify(point, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
      const bytes = new TextEncoder().encode(json).length;
      if (bytes > MAX_SAMPLE_BYTES) {
        throw new RangeError(
          `a sample of ${bytes} bytes is over the ${MAX_SAMPLE_BYTES}-byte limit of one KV value`,
        );
      }
      const outcome: RecordOutcome = {};
      for (const tier of MARKET_HISTORY_TIERS) {
        outcome[tier.name] = await recordTier(series, tier, point);
      }
      return outcome;
    },
    /**
     * The samples of `series` from `fromMs` to `toMs` (both included), oldest first, read as of
     * `at` (default now), so that reads of one range by several calls choose the same tier
     * whatever the clock did between them.
     */
    async range(
      series: Deno.KvKeyPart,
      fromMs: number,
      toMs: number,
      { maxPoints = 1_000, at = now() }: { maxPoints?: number; at?: number } = {},
    ): Promise<SeriesRange<T>> {
      const buckets = (tier: SeriesTier) =>
        Math.floor(toMs / tier.stepMs) - Math.floor(fromMs / tier.stepMs) + 1;
      const holds = (tier: SeriesTier) => fromMs >= at - tier.keepMs;
      const tier = MARKET_HISTORY_TIERS.find((t) => holds(t) && buckets(t) <= maxPoints) ??
        MARKET_HISTORY_TIERS.find((t) => buckets(t) <= maxPoints) ?? MARKET_HISTORY_TIERS.at(-1)!;
      const truncated = buckets(tier) > maxPoints;
      const base = [...prefix, series, tier.name];
      // KV deletes expired keys in the background, and may still list them: a bucket is read
      // only while it is kept (it opened less than keepMs ago), so every instance agrees.
      const firstKept = (Math.floor((at - tier.keepMs) / tier.stepMs) + 1) * tier.stepMs;
      const selector = {
        start: [...base, Math.max(Math.floor(fromMs / tier.stepMs) * tier.stepMs, firstKept)],
        end: [...base, Math.floor(toMs / tier.stepMs) * tier.stepMs + 1],
      };
      const points = await retryLocked(async () => {
        const listed = kv.list<SeriesPoint<T>>(selector, {
          limit: maxPoints,
          batchSize: Math.min(maxPoints, KV_READ_ENTRIES),
          reverse: truncated,
        });
        const read: SeriesPoint<T>[] = [];
        for await (const entry of listed) read.push(entry.value);
        return read;
      });
      if (truncated) points.reverse();
      return { tier: tier.name, points, truncated };
    },
  };
}

export type KvSeries<T> = ReturnType<typeof createKvSeries<T>>;
