/**
 * The settlement trail's bounds, its shapes and per-client caches, and the small helpers its
 * search and block clock share with the folder's other scans. Private to `lib/hyperevm/`.
 */
import type { Address, Hex } from "viem";
import type { HyperEvmClient, HyperEvmLog } from "./client.ts";
import type { ExchangeEvent } from "./exchange_events.ts";

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
  /** Candidates within this many blocks of the nearest to the estimate: block times decide. */
  doubtBlocks: 200n,
  /** Blocks behind the head after which an answer is cached. */
  settledBlocks: 64n,
  /** Requests in flight at once. */
  parallel: 8,
  /** Cached per client, oldest out first (the liquidation scan shares the block times). */
  cachedBlocks: 20_000,
  cachedWindows: 2_000,
  cachedTrades: 50_000,
} as const;

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

export interface TrailCache {
  times: Map<bigint, bigint>;
  windows: Map<string, HyperEvmLog[]>;
  trades: Map<string, TrailMatch>;
}

const caches = new WeakMap<HyperEvmClient, TrailCache>();

export const cacheOf = (client: HyperEvmClient): TrailCache =>
  caches.getOrInsertComputed(client, () => ({
    times: new Map(),
    windows: new Map(),
    trades: new Map(),
  }));

/** Runs `work` over `items`, {@link TRAIL.parallel} at a time, answers in order. */
export async function inTurns<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
): Promise<R[]> {
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

/** Sets `key` in a map kept to `limit` entries, the oldest going first. */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

// Math.min and friends take no bigints.
export const compare = (a: bigint, b: bigint): number => a < b ? -1 : a > b ? 1 : 0;
export const min = (a: bigint, b: bigint): bigint => a < b ? a : b;
export const max = (a: bigint, b: bigint): bigint => a > b ? a : b;
export const abs = (a: bigint): bigint => a < 0n ? -a : a;
