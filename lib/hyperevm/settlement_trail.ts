/**
 * The settlement trail: the transactions that settled closed trades, found from the Exchange's
 * own events when the trade-history rows name none, however old the trades are, a whole page of
 * trades at a time.
 *
 * Blocks are placed from times on a block clock: a fact block/time anchor, and the times of the
 * blocks read so far (kept per client). A close time with a read block within
 * {@link TRAIL.nearS} seconds, or between two read blocks at most {@link TRAIL.bracketS} apart,
 * is placed from them (the rate measured between the nearest reads, so a rate that varies over
 * the days in between costs a read, not the answer). The others are read in rounds, all of a
 * round at once: far from any read block the reads are spread out (one every half distance), so
 * the first rounds lay a coarse clock and the last ones read near each close. Then one
 * eth_getLogs per window of at most {@link MAX_LOG_RANGE} blocks covers every trade's search
 * (±{@link TRAIL.halfWindow} blocks around its estimate; close trades share a window), looking
 * for `PositionsClosed` (topic: the wallet) and `Liquidated` (topic: the position id) from the
 * Exchange.
 *
 * Closes of one wallet whose searches overlap are paired with its events in those blocks in
 * order when the counts agree; otherwise, when a trade's search holds more than one such event,
 * the one whose block time is nearest its close time wins.
 *
 * Bound for n trades ({@link trailRequestBound}): the head (shared for a few seconds by the
 * client), at most 2n + 4 block reads ({@link TRAIL.rounds} rounds, and the candidates in
 * doubt) and at most n eth_getLogs: 3n + 5 requests, 230 for a page of 75 (the demo's busiest
 * wallet: about 115, `docs/data-sources.md`). Everything older than the head by
 * {@link TRAIL.settledBlocks} is cached per client for good: block times, windows and the trades
 * found, so a page whose trades were all found costs nothing when read again.
 */
import { type Address, type Hex, numberToHex, pad } from "viem";
import { BLOCK_TIME_ANCHOR, BLOCKS_PER_SECOND } from "./chain.ts";
import type { HyperEvmClient, HyperEvmLog } from "./client.ts";
import { CONTRACTS, EXCHANGE_EVENT_TOPICS } from "./contracts.ts";
import { type ExchangeEvent, readExchangeEvents } from "./exchange_events.ts";
import { MAX_LOG_RANGE } from "./find_settlement.ts";

/** The search's bounds. */
export const TRAIL = {
  /** Rounds of block reads that lay the block clock under the close times. */
  rounds: 5,
  /** Block reads a search may make: this many per trade, and a few more. */
  readsPerTrade: 2,
  extraReads: 4,
  /** A close time with a block read this near (seconds) is placed from it. */
  nearS: 300n,
  /** A close time between two blocks read at most this far apart (seconds) is placed by them. */
  bracketS: 1_200n,
  /** ... or this far apart, where the rate between them matches the rates either side. */
  steadyS: 4n * 3_600n,
  /** How near (as a share of it) those rates must be. */
  steadyRate: 0.01,
  /** Blocks searched either side of a trade's estimate: 801 in all. */
  halfWindow: 400n,
  /**
   * Candidates this many blocks farther from the estimate than the nearest are in doubt: their
   * block times decide.
   */
  doubtBlocks: 200n,
  /** Blocks behind the head after which an answer is cached. */
  settledBlocks: 64n,
  /** Requests in flight at once. */
  parallel: 8,
  /** Cached block times, windows and trades found per client; the oldest go first. */
  cachedBlocks: 20_000,
  cachedWindows: 2_000,
  cachedTrades: 50_000,
} as const;

/** The most HyperEVM requests a search for `trades` trades makes (see the module's comment). */
export function trailRequestBound(trades: number): number {
  return 1 + TRAIL.readsPerTrade * trades + TRAIL.extraReads + trades;
}

/** A closed trade to find the settlement of. */
export interface TradeToSettle {
  wallet: Address;
  positionId: string;
  /** A liquidation is found by its position id, a close by its wallet. */
  liquidated: boolean;
  /** Close time, unix ms. */
  closedAt: number;
}

/** The transaction that settled a trade and the Exchange event that shows it. */
export interface TrailMatch {
  txHash: Hex;
  blockNumber: bigint;
  event: ExchangeEvent;
}

interface TrailCache {
  times: Map<bigint, bigint>;
  windows: Map<string, HyperEvmLog[]>;
  trades: Map<string, TrailMatch>;
}

const caches = new WeakMap<HyperEvmClient, TrailCache>();

function cacheOf(client: HyperEvmClient): TrailCache {
  let cache = caches.get(client);
  if (!cache) {
    caches.set(client, cache = { times: new Map(), windows: new Map(), trades: new Map() });
  }
  return cache;
}

/** The settling transaction of `trade`, or null when its search holds no matching event. */
export async function findTradeSettlement(
  client: HyperEvmClient,
  trade: TradeToSettle,
): Promise<TrailMatch | null> {
  return (await findTradeSettlements(client, [trade]))[0];
}

/** What a trade settled by an earlier search is cached under. */
function tradeKey(trade: TradeToSettle): string {
  return `${trade.wallet.toLowerCase()}:${trade.positionId}:${trade.liquidated}:${trade.closedAt}`;
}

/**
 * The settling transaction of each of `trades` (in their order; null where the search holds no
 * matching event), found together: see the module's comment for the reads and their bound.
 */
export async function findTradeSettlements(
  client: HyperEvmClient,
  trades: readonly TradeToSettle[],
): Promise<(TrailMatch | null)[]> {
  const cache = cacheOf(client);
  const found: (TrailMatch | null)[] = trades.map((trade) =>
    cache.trades.get(tradeKey(trade)) ?? null
  );
  const open = trades.flatMap((trade, index) => found[index] ? [] : [{ trade, index }]);
  if (open.length === 0) return found;
  const head = await client.blockNumber();
  const clock = new BlockClock(client, cache, head, open.length);
  const seconds = (trade: TradeToSettle) => BigInt(Math.floor(trade.closedAt / 1000));
  await clock.lay(open.map(({ trade }) => seconds(trade)));
  const searches = open.map(({ trade, index }) => {
    const estimate = clock.estimate(seconds(trade));
    return {
      trade,
      index,
      estimate,
      fromBlock: estimate > TRAIL.halfWindow ? estimate - TRAIL.halfWindow : 0n,
      toBlock: min(estimate + TRAIL.halfWindow, head),
    };
  });
  const events = await readWindows(client, cache, head, searches);
  const paired = pairInOrder(searches, events);
  await Promise.all(searches.map(async (search) => {
    const event = paired.get(search);
    const match = event ? matchOf(event) : await pick(clock, search, events);
    found[search.index] = match;
    if (match && search.toBlock + TRAIL.settledBlocks <= head) {
      remember(cache.trades, tradeKey(search.trade), match, TRAIL.cachedTrades);
    }
  }));
  return found;
}

interface Search {
  trade: TradeToSettle;
  estimate: bigint;
  fromBlock: bigint;
  toBlock: bigint;
}

/**
 * The Exchange's close and liquidation events in every search's blocks: the searches merged
 * where they overlap, cut into windows of at most {@link MAX_LOG_RANGE} blocks, one eth_getLogs
 * each (the wallets' closes and the liquidated positions' ids in one topic list).
 */
async function readWindows(
  client: HyperEvmClient,
  cache: TrailCache,
  head: bigint,
  searches: readonly Search[],
): Promise<ExchangeEvent[]> {
  // The searches' blocks as disjoint ranges, each cut into windows the RPC takes.
  const sorted = [...searches].sort((a, b) => compare(a.fromBlock, b.fromBlock));
  const ranges: { fromBlock: bigint; toBlock: bigint }[] = [];
  for (const search of sorted) {
    const last = ranges.at(-1);
    if (last && search.fromBlock <= last.toBlock + 1n) {
      last.toBlock = max(last.toBlock, search.toBlock);
    } else ranges.push({ fromBlock: search.fromBlock, toBlock: search.toBlock });
  }
  const windows = ranges.flatMap(({ fromBlock, toBlock }) => {
    const cut: { fromBlock: bigint; toBlock: bigint; searches: Search[] }[] = [];
    for (let from = fromBlock; from <= toBlock; from += MAX_LOG_RANGE) {
      const to = min(toBlock, from + MAX_LOG_RANGE - 1n);
      const within = sorted.filter((search) => search.fromBlock <= to && search.toBlock >= from);
      cut.push({ fromBlock: from, toBlock: to, searches: within });
    }
    return cut;
  });
  const answers = await inTurns(windows, async (window) => {
    const kinds = new Set(window.searches.map((s) => s.trade.liquidated));
    const topic0 = [...kinds].map((liquidated) =>
      liquidated ? EXCHANGE_EVENT_TOPICS.Liquidated : EXCHANGE_EVENT_TOPICS.PositionsClosed
    );
    const topic1 = [
      ...new Set(
        window.searches.map(({ trade }) =>
          trade.liquidated
            ? numberToHex(BigInt(trade.positionId), { size: 32 })
            : pad(trade.wallet.toLowerCase() as Address)
        ),
      ),
    ].sort();
    const topics = [
      topic0.length === 1 ? topic0[0] : topic0,
      topic1.length === 1 ? topic1[0] : topic1,
    ];
    const key = `${JSON.stringify(topics)}:${window.fromBlock}:${window.toBlock}`;
    let logs = cache.windows.get(key);
    if (!logs) {
      const { fromBlock, toBlock } = window;
      logs = await client.logs({ address: CONTRACTS.exchange, topics, fromBlock, toBlock });
      if (window.toBlock + TRAIL.settledBlocks <= head) {
        remember(cache.windows, key, logs, TRAIL.cachedWindows);
      }
    }
    return logs;
  });
  // readExchangeEvents re-checks the address and topic.
  return readExchangeEvents(answers.flat());
}

function matchOf(event: ExchangeEvent): TrailMatch {
  return { txHash: event.transactionHash, blockNumber: event.blockNumber, event };
}

/**
 * Closes of one wallet whose searches overlap, paired with that wallet's close events in those
 * blocks in order, when there are as many close times as blocks with such an event (the earliest
 * close with the earliest block, and so on): a close's event cannot come before an earlier
 * close's. Closes in the same second share a block. Other searches are left to {@link pick}.
 */
function pairInOrder(searches: readonly Search[], events: readonly ExchangeEvent[]) {
  const paired = new Map<Search, ExchangeEvent>();
  const closes = searches.filter((search) => !search.trade.liquidated)
    .sort((a, b) => compare(a.fromBlock, b.fromBlock));
  const groups: Search[][] = [];
  for (const search of closes) {
    const group = groups.find((each) =>
      each[0].trade.wallet.toLowerCase() === search.trade.wallet.toLowerCase() &&
      each.some((other) => search.fromBlock <= other.toBlock && search.toBlock >= other.fromBlock)
    );
    if (group) group.push(search);
    else groups.push([search]);
  }
  for (const group of groups.filter((each) => each.length > 1)) {
    const wallet = group[0].trade.wallet.toLowerCase();
    const from = group.reduce((low, search) => min(low, search.fromBlock), group[0].fromBlock);
    const to = group.reduce((high, search) => max(high, search.toBlock), group[0].toBlock);
    const seconds = [...new Set(group.map((search) => search.trade.closedAt))].sort((a, b) =>
      a - b
    );
    const blocks = new Map<bigint, ExchangeEvent>();
    for (const event of events) {
      if (
        event.name === "PositionsClosed" && event.wallet === wallet &&
        event.blockNumber >= from && event.blockNumber <= to && !blocks.has(event.blockNumber)
      ) blocks.set(event.blockNumber, event);
    }
    if (blocks.size !== seconds.length) continue;
    const ordered = [...blocks].sort(([a], [b]) => compare(a, b)).map(([, event]) => event);
    for (const search of group) paired.set(search, ordered[seconds.indexOf(search.trade.closedAt)]);
  }
  return paired;
}

/** The event that settled `search`'s trade: the only candidate, or the one nearest in time. */
async function pick(
  clock: BlockClock,
  search: Search,
  events: readonly ExchangeEvent[],
): Promise<TrailMatch | null> {
  const { trade } = search;
  const wallet = trade.wallet.toLowerCase();
  const id = BigInt(trade.positionId);
  const candidates = events.filter((event) =>
    event.blockNumber >= search.fromBlock && event.blockNumber <= search.toBlock &&
    event.wallet === wallet &&
    (event.name === "Liquidated" ? trade.liquidated && event.positionId === id : !trade.liquidated)
  );
  if (candidates.length === 0) return null;
  // Several blocks: the block time nearest the close time wins, then the block nearest the
  // estimate (a block the chain no longer answers for ranks last).
  // Only blocks about as near the estimate as the nearest are in doubt.
  const nearest = candidates.reduce(
    (best, event) => min(best, abs(event.blockNumber - search.estimate)),
    abs(candidates[0].blockNumber - search.estimate),
  );
  const blocks = [
    ...new Set(
      candidates.filter((event) =>
        abs(event.blockNumber - search.estimate) - nearest <= TRAIL.doubtBlocks
      )
        .map((event) => event.blockNumber),
    ),
  ];
  const closedAt = BigInt(Math.floor(trade.closedAt / 1000));
  const offBy = new Map<bigint, bigint | null>(
    blocks.length === 1 ? [] : await Promise.all(blocks.map(async (block) => {
      const time = await clock.timeOf(block);
      return [block, time === null ? null : abs(time - closedAt)] as const;
    })),
  );
  const rank = (event: ExchangeEvent) =>
    [offBy.get(event.blockNumber) ?? null, abs(event.blockNumber - search.estimate)] as const;
  const before = (a: ExchangeEvent, b: ExchangeEvent) => {
    const [[timeA, blockA], [timeB, blockB]] = [rank(a), rank(b)];
    if (timeA !== timeB) return timeB === null || (timeA !== null && timeA < timeB);
    return blockA < blockB;
  };
  const best = candidates.reduce((best, event) => before(event, best) ? event : best);
  return matchOf(best);
}

/** Block/time pairs known so far: the anchor, the client's cached reads and this search's. */
class BlockClock {
  /** Reads of this search, settled or not. */
  private local = new Map<bigint, bigint>();
  private sorted: { block: bigint; time: bigint }[] | null = null;
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
  points(): { block: bigint; time: bigint }[] {
    if (this.sorted) return this.sorted;
    const pairs = new Map(this.cache.times);
    for (const [block, time] of this.local) pairs.set(block, time);
    pairs.set(BLOCK_TIME_ANCHOR.block, BLOCK_TIME_ANCHOR.timestamp);
    return this.sorted = [...pairs].map(([block, time]) => ({ block, time }))
      .sort((a, b) => compare(a.block, b.block));
  }

  /**
   * The time of `block` (read, or from a cache); null when the chain has no such block or the
   * search has spent its reads.
   */
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
      // Far from any read block an estimate lands far too: spread the reads out, so this round
      // lays a coarse clock and the next reads near each time.
      const picks: bigint[] = [];
      for (const time of open) {
        const spacing = max(TRAIL.nearS, distance(points, time) / 2n);
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
function placed(points: readonly { block: bigint; time: bigint }[], time: bigint): boolean {
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
  const rate = (a: { block: bigint; time: bigint }, b: { block: bigint; time: bigint }) =>
    Number(b.block - a.block) / Number(b.time - a.time);
  const here = rate(previous, next);
  return [rate(before, previous), rate(next, beyond)].every((there) =>
    Math.abs(there - here) <= here * TRAIL.steadyRate
  );
}

/** Seconds from `time` to the nearest known block time. */
function distance(points: readonly { block: bigint; time: bigint }[], time: bigint): bigint {
  return points.reduce(
    (best, point) => min(best, abs(point.time - time)),
    abs(points[0].time - time),
  );
}

/**
 * The block of `time`: interpolated between the known blocks either side, or beyond the newest
 * (oldest) at the rate measured between it and the one before (after), within reason.
 */
function estimate(
  points: readonly { block: bigint; time: bigint }[],
  time: bigint,
  head: bigint,
): bigint {
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

/** Runs `work` over `items`, {@link TRAIL.parallel} at a time, answers in order. */
async function inTurns<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TRAIL.parallel, items.length) }, worker));
  return out;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

function clamp(block: bigint, head: bigint): bigint {
  return block < 0n ? 0n : block > head ? head : block;
}

function compare(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function abs(a: bigint): bigint {
  return a < 0n ? -a : a;
}
