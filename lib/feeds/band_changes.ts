/**
 * A position's band changes, derived (the server keeps no database) from the marks the explorer
 * sampled while it was open (`lib/markets/mark_samples.ts`): at each sample its band is the
 * glossary's (`riskBand` of `distanceToBustPercentWad` against its bust price), and a band unlike
 * the sample before's is a change. Every position opens `ok` (at 1000x its bust is 0.1 % away), so
 * a first kept sample already past `ok` is a change first seen then, with no band before.
 *
 * Only each band's latest change is kept: a feed entry's id names the position and the band, so
 * entering a band again updates that entry instead of adding one.
 */
import { distanceToBustPercentWad, type RiskBand, riskBand } from "../math/mod.ts";

/** A mark the explorer sampled (unix ms, raw at the instrument's price scale). */
export interface MarkPoint {
  at: number;
  markRaw: bigint;
}

/** What the derivation needs of a position (open, or liquidated: its bust is its exit). */
export interface BandPosition {
  isLong: boolean;
  bustPrice: bigint;
  openedAt: number;
  /** When it closed (unix ms); absent while open. */
  closedAt?: number;
}

/** One change of band, at the first sample that showed it. */
export interface BandChange {
  band: RiskBand;
  /** The band at the sample before; null when the first sample kept already showed `band`. */
  from: RiskBand | null;
  /** The time of the first sample in `band` (unix ms). */
  at: number;
  /** The previous sample's time, when `from` is known. */
  fromAt: number | null;
  /** Distance to bust at that sample (percent wad). */
  distancePercentWad: bigint;
}

/**
 * The latest change into each band among the samples taken while the position was open, oldest
 * first. Samples with a non-positive mark are skipped (no distance can be taken).
 */
export function bandChanges(
  position: BandPosition,
  samples: readonly MarkPoint[],
): BandChange[] {
  const end = position.closedAt ?? Infinity;
  const latest = new Map<RiskBand, BandChange>();
  let before: { band: RiskBand; at: number } | null = null;
  for (const sample of samples) {
    if (sample.at < position.openedAt || sample.at > end || sample.markRaw <= 0n) continue;
    const distancePercentWad = distanceToBustPercentWad({
      markRaw: sample.markRaw,
      bustRaw: position.bustPrice,
      isLong: position.isLong,
    });
    const band = riskBand(distancePercentWad);
    if (before === null ? band !== "ok" : band !== before.band) {
      latest.set(band, {
        band,
        from: before?.band ?? null,
        at: sample.at,
        fromAt: before?.at ?? null,
        distancePercentWad,
      });
    }
    before = { band, at: sample.at };
  }
  return [...latest.values()].sort((a, b) => a.at - b.at);
}
