/**
 * The settlement trail: the transaction that settled a closed trade, found from the Exchange's
 * own events when the trade-history row names none, however old the trade is.
 *
 * The block is estimated from the trade's close time, starting at a fact block/time anchor and
 * the nominal block rate, then corrected with the times of the blocks it lands on (a secant
 * step each, so a rate that varies over the days in between costs a probe, not the answer). One
 * eth_getLogs over a small window around the estimate then looks for `PositionsClosed` (topic:
 * the wallet) or `Liquidated` (topic: the position id) from the Exchange.
 *
 * Bound per trade: the head (shared for a few seconds by the client), at most {@link TRAIL.probes}
 * eth_getBlockByNumber and one eth_getLogs. Block times and windows older than the head by
 * {@link TRAIL.settledBlocks} are cached per client: they never change.
 */
import { type Address, type Hex, numberToHex, pad } from "viem";
import { BLOCK_TIME_ANCHOR, BLOCKS_PER_SECOND } from "./chain.ts";
import type { HyperEvmClient, HyperEvmLog } from "./client.ts";
import { CONTRACTS, EXCHANGE_EVENT_TOPICS } from "./contracts.ts";
import { type ExchangeEvent, readExchangeEvents } from "./exchange_events.ts";

/** The search's bounds. */
export const TRAIL = {
  /** Block reads that correct the estimate. */
  probes: 4,
  /** Blocks searched either side of the estimate: 801 in all, one eth_getLogs. */
  halfWindow: 400n,
  /** A probe this many seconds from the close time is near enough to stop probing. */
  closeEnoughS: 120n,
  /** Blocks behind the head after which a window's answer is cached. */
  settledBlocks: 64n,
  /** Cached block times and windows per client; the oldest go first. */
  cachedBlocks: 20_000,
  cachedWindows: 2_000,
} as const;

/** A closed trade to find the settlement of. */
interface TradeToSettle {
  wallet: Address;
  positionId: string;
  /** A liquidation is found by its position id, a close by its wallet. */
  liquidated: boolean;
  /** Close time, unix ms. */
  closedAt: number;
}

/** The transaction that settled a trade and the Exchange event that shows it. */
interface TrailMatch {
  txHash: Hex;
  blockNumber: bigint;
  event: ExchangeEvent;
}

interface TrailCache {
  times: Map<bigint, bigint>;
  windows: Map<string, HyperEvmLog[]>;
}

const caches = new WeakMap<HyperEvmClient, TrailCache>();

/** The settling transaction of `trade`, or null when the window holds no matching event. */
export async function findTradeSettlement(
  client: HyperEvmClient,
  trade: TradeToSettle,
): Promise<TrailMatch | null> {
  let cache = caches.get(client);
  if (!cache) caches.set(client, cache = { times: new Map(), windows: new Map() });
  const head = await client.blockNumber();
  const estimate = await estimateBlock(
    client,
    cache,
    BigInt(Math.floor(trade.closedAt / 1000)),
    head,
  );
  const fromBlock = estimate > TRAIL.halfWindow ? estimate - TRAIL.halfWindow : 0n;
  const toBlock = min(estimate + TRAIL.halfWindow, head);
  const wallet = trade.wallet.toLowerCase() as Address;
  const id = BigInt(trade.positionId);
  const topics = trade.liquidated
    ? [EXCHANGE_EVENT_TOPICS.Liquidated, numberToHex(id, { size: 32 })]
    : [EXCHANGE_EVENT_TOPICS.PositionsClosed, pad(wallet)];
  const key = `${topics.join()}:${fromBlock}:${toBlock}`;
  let logs = cache.windows.get(key);
  if (!logs) {
    logs = await client.logs({ address: CONTRACTS.exchange, topics, fromBlock, toBlock });
    if (toBlock + TRAIL.settledBlocks <= head) {
      remember(cache.windows, key, logs, TRAIL.cachedWindows);
    }
  }
  // readExchangeEvents re-checks the address and topic; the event must name this trade.
  const candidates = readExchangeEvents(logs).filter((event) =>
    event.wallet === wallet &&
    (event.name === "Liquidated" ? trade.liquidated && event.positionId === id : !trade.liquidated)
  );
  const distance = (event: ExchangeEvent) => abs(event.blockNumber - estimate);
  const nearest = candidates.reduce<ExchangeEvent | null>(
    (best, event) => (best === null || distance(event) < distance(best) ? event : best),
    null,
  );
  return nearest && {
    txHash: nearest.transactionHash,
    blockNumber: nearest.blockNumber,
    event: nearest,
  };
}

/**
 * The block of unix second `time`: from the anchor at the nominal rate, then each probe reads the
 * estimate's time and steps by the rate measured between the last two points read.
 */
async function estimateBlock(
  client: HyperEvmClient,
  cache: TrailCache,
  time: bigint,
  head: bigint,
): Promise<bigint> {
  let known: { block: bigint; time: bigint } = {
    block: BLOCK_TIME_ANCHOR.block,
    time: BLOCK_TIME_ANCHOR.timestamp,
  };
  let rate = BLOCKS_PER_SECOND;
  const step = (from: bigint, seconds: bigint) =>
    max(0n, min(head, from + BigInt(Math.round(Number(seconds) * rate))));
  let estimate = step(known.block, time - known.time);
  for (let probe = 0; probe < TRAIL.probes; probe++) {
    const at = await blockTime(client, cache, estimate, head);
    if (at === null || at === time) return estimate;
    if (at !== known.time && estimate !== known.block) {
      // The rate measured between the two points, kept within reason against odd block times.
      rate = Math.min(4, Math.max(0.25, Number(estimate - known.block) / Number(at - known.time)));
    }
    known = { block: estimate, time: at };
    estimate = step(estimate, time - at);
    if (abs(time - at) <= TRAIL.closeEnoughS) return estimate;
  }
  return estimate;
}

async function blockTime(
  client: HyperEvmClient,
  cache: TrailCache,
  block: bigint,
  head: bigint,
): Promise<bigint | null> {
  const cached = cache.times.get(block);
  if (cached !== undefined) return cached;
  const read = await client.block(block);
  if (read === null) return null;
  if (block + TRAIL.settledBlocks <= head) {
    remember(cache.times, block, read.timestamp, TRAIL.cachedBlocks);
  }
  return read.timestamp;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
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
