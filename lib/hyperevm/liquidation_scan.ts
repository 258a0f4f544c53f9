/**
 * The Exchange's `Liquidated` events of the last {@link LIQUIDATION_SCAN}`.blocks` blocks (about
 * 7 days), never before {@link FIRST_TRADE_BLOCK_BOUND}. Read on a fixed grid of
 * {@link MAX_LOG_RANGE}-block windows (k × 999 to k × 999 + 998), one `eth_getLogs` each,
 * `TRAIL.parallel` at a time. A window ending `TRAIL.settledBlocks` behind the head never changes
 * and is kept per client: a cold read costs about 820 requests, later ones the newest window or
 * two. An event's time is its log's `blockTimestamp`, else one block read (kept with the
 * settlement trail's block times).
 */
import type { Address, Hex } from "viem";
import { type HyperEvmClient, MAX_LOG_RANGE } from "./client.ts";
import { CONTRACTS, EXCHANGE_EVENT_TOPICS } from "./contracts.ts";
import { readExchangeEvents } from "./exchange_events.ts";
import { FIRST_TRADE_BLOCK_BOUND } from "./chain.ts";
import { HyperEvmError } from "./hyperevm_error.ts";
import { cacheOf, compare, inTurns, min, remember, TRAIL } from "./_trail_parts.ts";

/** The scan's bounds. */
export const LIQUIDATION_SCAN = {
  /** The longest period the liquidations' totals cover: 7 days. */
  seconds: 7 * 86_400,
  /**
   * 7 days at 1.35 blocks a second, above HyperEVM's 1.15 to 1.3 (papertrade-facts.md §12.5),
   * so a week unless the chain runs faster ({@link LiquidationScan.fromTime} says how far).
   */
  blocks: 816_480n,
} as const;

/** One `Liquidated` event of the Exchange. Prices are raw, at the instrument's price scale. */
export interface LiquidationEvent {
  positionId: string;
  wallet: Address;
  /** The mark the position was liquidated at. */
  markPrice: bigint;
  bustPrice: bigint;
  fromQueuedBalance: boolean;
  /** The liquidation fee, staker and developer shares together (wad USD). */
  fee: bigint;
  txHash: Hex;
  blockNumber: bigint;
  logIndex: number;
  /** The block's time, unix ms. */
  at: number;
}

/** What a scan read: the events of blocks `fromBlock` to `toBlock`, newest first. */
export interface LiquidationScan {
  fromBlock: bigint;
  toBlock: bigint;
  /**
   * The time of `fromBlock`, unix ms; null when the window starts at
   * {@link FIRST_TRADE_BLOCK_BOUND} (no liquidation is older, so nothing is left out).
   */
  fromTime: number | null;
  events: LiquidationEvent[];
}

/** Grid windows read, by their first block, per client. */
const windowsOf = new WeakMap<HyperEvmClient, Map<bigint, LiquidationEvent[]>>();

/** The first block of the grid window holding `block`. */
const gridStart = (block: bigint): bigint => block - block % MAX_LOG_RANGE;

/**
 * The events of the last `blocks` blocks (default {@link LIQUIDATION_SCAN}`.blocks`), from the
 * start of their first grid window. Any failed read fails the scan (a {@link HyperEvmError});
 * windows read before it are kept, so trying again costs less.
 */
export async function scanLiquidations(
  client: HyperEvmClient,
  options: { blocks?: bigint } = {},
): Promise<LiquidationScan> {
  const times = cacheOf(client).times;
  const windows = windowsOf.getOrInsertComputed(client, () => new Map());
  const head = await client.blockNumber();
  const settled = (block: bigint) => block + TRAIL.settledBlocks <= head;

  /** A block's time in unix seconds, read once per settled block. */
  const timeOf = async (block: bigint): Promise<bigint> => {
    const kept = times.get(block);
    if (kept !== undefined) return kept;
    const read = await client.block(block);
    if (read === null) {
      const detail =
        `eth_getBlockByNumber answered null for block ${block}, below the head ${head}`;
      throw new HyperEvmError("eth_getBlockByNumber", `upstream changed: ${detail}`, { detail });
    }
    if (settled(block)) remember(times, block, read.timestamp, TRAIL.cachedBlocks);
    return read.timestamp;
  };

  /** The events of the grid window starting at `start`, up to the head. */
  const readWindow = async (start: bigint): Promise<LiquidationEvent[]> => {
    const kept = windows.get(start);
    if (kept) return kept;
    const end = start + MAX_LOG_RANGE - 1n;
    const logs = await client.logs({
      address: CONTRACTS.exchange,
      topics: [EXCHANGE_EVENT_TOPICS.Liquidated],
      fromBlock: start,
      toBlock: min(end, head),
    });
    const sent = new Map<bigint, bigint>();
    for (const log of logs) {
      if (typeof log.blockTimestamp === "bigint") sent.set(log.blockNumber, log.blockTimestamp);
    }
    const events = await Promise.all(
      readExchangeEvents(logs).flatMap((event) => event.name === "Liquidated" ? [event] : []).map(
        async (event): Promise<LiquidationEvent> => ({
          positionId: event.positionId.toString(),
          wallet: event.wallet,
          markPrice: event.markPrice,
          bustPrice: event.bustPrice,
          fromQueuedBalance: event.fromQueuedBalance,
          fee: event.stakerFee + event.devFee,
          txHash: event.transactionHash,
          blockNumber: event.blockNumber,
          logIndex: event.logIndex,
          at: Number(sent.get(event.blockNumber) ?? await timeOf(event.blockNumber)) * 1000,
        }),
      ),
    );
    if (settled(end)) remember(windows, start, events, TRAIL.cachedWindows);
    return events;
  };

  const wanted = head - (options.blocks ?? LIQUIDATION_SCAN.blocks) + 1n;
  const bounded = wanted <= FIRST_TRADE_BLOCK_BOUND;
  const fromBlock = bounded ? FIRST_TRADE_BLOCK_BOUND : gridStart(wanted);
  const starts: bigint[] = [];
  for (let start = gridStart(fromBlock); start <= head; start += MAX_LOG_RANGE) starts.push(start);
  // The first failure ends the scan: the windows not yet asked for are not asked for.
  let failure: { error: unknown } | null = null;
  const [fromTime, read] = await Promise.all([
    bounded ? null : timeOf(fromBlock).then((time) => Number(time) * 1000),
    inTurns(starts, async (start) => {
      if (failure) return [];
      try {
        return await readWindow(start);
      } catch (error) {
        failure ??= { error };
        return [];
      }
    }),
  ]);
  if (failure) throw (failure as { error: unknown }).error;
  const events = read.flat().filter((event) => event.blockNumber >= fromBlock)
    .sort((a, b) => compare(b.blockNumber, a.blockNumber) || b.logIndex - a.logIndex);
  return { fromBlock, toBlock: head, fromTime, events };
}
