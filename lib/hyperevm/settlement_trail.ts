/**
 * The settlement trail: the transactions that settled closed trades, found from the Exchange's
 * own events when the trade-history rows name none, however old, a page of trades at a time.
 *
 * Blocks are placed on a block clock: a fact block/time anchor plus the block times read so far
 * (per client). A close time within {@link TRAIL.nearS} s of a read block, or between two read
 * blocks at most {@link TRAIL.bracketS} apart, is placed from them (the rate measured between
 * the nearest reads, so a varying rate costs a read, not the answer). The others are read in
 * rounds, each all at once, spread out far from any read block (one every half distance) so the
 * first rounds lay a coarse clock and the last read near each close. Then one eth_getLogs per
 * window of at most {@link MAX_LOG_RANGE} blocks covers every search (±{@link TRAIL.halfWindow}
 * blocks around its estimate; close trades share a window) for the Exchange's `PositionsClosed`
 * (topic: the wallet) and `Liquidated` (topic: the position id); {@link pairInOrder} and
 * {@link pick} tell which event settled which trade.
 *
 * Bound for n trades ({@link trailRequestBound}): the head (shared a few seconds), at most
 * 2n + 4 block reads and n eth_getLogs: 3n + 5 requests, 230 for a page of 75 (the demo's
 * busiest wallet: about 115, `docs/data-sources.md`). All older than the head by
 * {@link TRAIL.settledBlocks} (block times, windows, trades found) is cached per client for
 * good, so a page whose trades were all found costs nothing when read again.
 */
import { type Address, type Hex, numberToHex, pad } from "viem";
import { type HyperEvmClient, MAX_LOG_RANGE } from "./client.ts";
import { CONTRACTS, EXCHANGE_EVENT_TOPICS } from "./contracts.ts";
import { type ExchangeEvent, readExchangeEvents } from "./exchange_events.ts";
import { BlockClock } from "./_block_clock.ts";
import {
  abs,
  cacheOf,
  compare,
  inTurns,
  max,
  min,
  remember,
  type TradeToSettle,
  TRAIL,
  type TrailCache,
  type TrailMatch,
} from "./_trail_parts.ts";

/** The most HyperEVM requests a search for `trades` trades makes (see the module's comment). */
export function trailRequestBound(trades: number): number {
  return 1 + TRAIL.readsPerTrade * trades + TRAIL.extraReads + trades;
}

/** What a trade settled by an earlier search is cached under. */
const tradeKey = (trade: TradeToSettle): string =>
  `${trade.wallet.toLowerCase()}:${trade.positionId}:${trade.liquidated}:${trade.closedAt}`;

/** The settling transaction of each of `trades`, in order; null where no event matched. */
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
      fromBlock: max(estimate - TRAIL.halfWindow, 0n),
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
 * The Exchange's close and liquidation events in every search's blocks: overlapping searches
 * merged, cut into windows of at most {@link MAX_LOG_RANGE}, one eth_getLogs each.
 */
async function readWindows(
  client: HyperEvmClient,
  cache: TrailCache,
  head: bigint,
  searches: readonly Search[],
): Promise<ExchangeEvent[]> {
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
    // Each position's values, once and sorted (so the cache key is stable); one is the topic.
    const topic = (of: (trade: TradeToSettle) => Hex) => {
      const values = [...new Set(window.searches.map(({ trade }) => of(trade)))].sort();
      return values.length === 1 ? values[0] : values;
    };
    const topics = [
      topic((trade) => EXCHANGE_EVENT_TOPICS[trade.liquidated ? "Liquidated" : "PositionsClosed"]),
      topic((trade) =>
        trade.liquidated
          ? numberToHex(BigInt(trade.positionId), { size: 32 })
          : pad(trade.wallet.toLowerCase() as Address)
      ),
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
    const from = group.map((search) => search.fromBlock).reduce(min);
    const to = group.map((search) => search.toBlock).reduce(max);
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
  const nearest = candidates.map((event) => abs(event.blockNumber - search.estimate)).reduce(min);
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
