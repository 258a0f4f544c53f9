/** The settlement trail's block clock (private: `settlement_trail.ts` is the public module). */
import { BLOCK_TIME_ANCHOR, BLOCKS_PER_SECOND } from "./chain.ts";
import type { HyperEvmClient } from "./client.ts";
import {
  abs,
  compare,
  inTurns,
  max,
  min,
  remember,
  TRAIL,
  type TrailCache,
} from "./_trail_parts.ts";

type Point = { block: bigint; time: bigint };
const clamp = (block: bigint, head: bigint): bigint => block < 0n ? 0n : min(block, head);

/** Block/time pairs known so far: the anchor, the client's cached reads and this search's. */
export class BlockClock {
  /** Reads of this search, settled or not. */
  private local = new Map<bigint, bigint>();
  private sorted: Point[] | null = null;
  /** Block reads this search may still make. */
  private budget: number;
  constructor(
    private client: HyperEvmClient,
    private cache: TrailCache,
    private head: bigint,
    trades: number,
  ) {
    this.budget = TRAIL.readsPerTrade * trades + TRAIL.extraReads;
  }

  /** Every known pair, oldest first. */
  points(): Point[] {
    if (this.sorted) return this.sorted;
    const pairs = new Map(this.cache.times);
    for (const [block, time] of this.local) pairs.set(block, time);
    pairs.set(BLOCK_TIME_ANCHOR.block, BLOCK_TIME_ANCHOR.timestamp);
    return this.sorted = [...pairs].map(([block, time]) => ({ block, time }))
      .sort((a, b) => compare(a.block, b.block));
  }

  /** The time of `block`; null when the chain has no such block or the reads are spent. */
  async timeOf(block: bigint): Promise<bigint | null> {
    const known = this.cache.times.get(block) ?? this.local.get(block);
    if (known !== undefined) return known;
    if (this.budget <= 0) return null;
    this.budget -= 1;
    const read = await this.client.block(block);
    if (read === null) return null;
    this.local.set(block, read.timestamp);
    this.sorted = null;
    if (block + TRAIL.settledBlocks <= this.head) {
      remember(this.cache.times, block, read.timestamp, TRAIL.cachedBlocks);
    }
    return read.timestamp;
  }

  /** Reads blocks, in rounds, until every one of `times` is placed by blocks near it. */
  async lay(times: readonly bigint[]): Promise<void> {
    const wanted = [...new Set(times)].sort(compare);
    for (let round = 0; round < TRAIL.rounds; round++) {
      const points = this.points();
      const open = wanted.filter((time) => !placed(points, time));
      if (open.length === 0) return;
      // Far from any read block an estimate lands far too: one read every half distance lays a
      // coarse clock this round, and the next reads near each.
      const picks: bigint[] = [];
      for (const time of open) {
        const nearest = points.map((point) => abs(point.time - time)).reduce(min);
        const spacing = max(TRAIL.nearS, nearest / 2n);
        if (picks.length === 0 || time - picks.at(-1)! >= spacing) picks.push(time);
      }
      const blocks = [...new Set(picks.map((time) => estimate(points, time, this.head)))]
        .slice(0, Math.max(0, this.budget));
      if (blocks.length === 0) return;
      await inTurns(blocks, (block) => this.timeOf(block));
    }
  }

  /** The block of unix second `time` on what is known now. */
  estimate(time: bigint): bigint {
    return estimate(this.points(), time, this.head);
  }
}

/**
 * Whether `time` is placed by the blocks read: one within {@link TRAIL.nearS}, two around it at
 * most {@link TRAIL.bracketS} apart, or two around it at most {@link TRAIL.steadyS} apart where
 * the chain kept a steady rate (the rate between them within {@link TRAIL.steadyRate} of the rates
 * on both sides).
 */
function placed(points: readonly Point[], time: bigint): boolean {
  const after = points.findIndex((point) => point.time >= time);
  const next = after < 0 ? null : points[after];
  const previous = after < 0 ? points.at(-1) : after > 0 ? points[after - 1] : null;
  if (next && next.time - time <= TRAIL.nearS) return true;
  if (previous && time - previous.time <= TRAIL.nearS) return true;
  if (!next || !previous) return false;
  const gap = next.time - previous.time;
  if (gap <= TRAIL.bracketS) return true;
  const before = points[after - 2];
  const beyond = points[after + 1];
  if (gap > TRAIL.steadyS || !before || !beyond) return false;
  const rate = (a: Point, b: Point) => Number(b.block - a.block) / Number(b.time - a.time);
  const here = rate(previous, next);
  return [rate(before, previous), rate(next, beyond)].every((there) =>
    Math.abs(there - here) <= here * TRAIL.steadyRate
  );
}

/**
 * The block of `time`: interpolated between the known blocks either side, or beyond the newest
 * (oldest) at the rate measured between it and the one before (after), within reason.
 */
function estimate(points: readonly Point[], time: bigint, head: bigint): bigint {
  const after = points.findIndex((point) => point.time >= time);
  if (after > 0 && points[after].time > points[after - 1].time) {
    const [a, b] = [points[after - 1], points[after]];
    return clamp(a.block + ((time - a.time) * (b.block - a.block)) / (b.time - a.time), head);
  }
  if (after >= 0 && points[after].time === time) return clamp(points[after].block, head);
  // Outside the known pairs: step from the nearest end at its measured rate.
  const [end, inner] = after === 0 ? [points[0], points[1]] : [points.at(-1)!, points.at(-2)];
  let rate = BLOCKS_PER_SECOND;
  if (inner && inner.time !== end.time) {
    const measured = Number(end.block - inner.block) / Number(end.time - inner.time);
    rate = Math.min(4, Math.max(0.25, measured));
  }
  return clamp(end.block + BigInt(Math.round(Number(time - end.time) * rate)), head);
}
