import type { Hex } from "viem";
import { CONTRACTS, INTENT_SCAN } from "./contracts.ts";
import type { HyperEvmClient } from "./client.ts";
import { INTENT_EXECUTED_TOPIC, type IntentExecution, readExecutions } from "./executions.ts";

/** Widest inclusive eth_getLogs range: the public RPC refuses ranges of 1000 blocks or more. */
export const MAX_LOG_RANGE = 999n;

/** An inclusive block range. */
export interface BlockWindow {
  fromBlock: bigint;
  toBlock: bigint;
}

/** Options of {@link scanWindows} and {@link findIntentSettlement}. */
export interface ScanOptions {
  /** How many recent blocks to cover, the head included (default 6000). */
  blocks?: bigint;
  /** Widest window in blocks, at most 999 (default 999). */
  window?: bigint;
}

/**
 * Splits the last `blocks` blocks up to `head` into contiguous, non-overlapping inclusive
 * windows of at most `window` blocks, oldest first. Near genesis the range starts at block 0.
 *
 * @throws {RangeError} when blocks < 1 or window is outside 1..999.
 */
export function scanWindows(head: bigint, options: ScanOptions = {}): BlockWindow[] {
  const { blocks = INTENT_SCAN.blocks, window = INTENT_SCAN.window } = options;
  if (blocks < 1n) throw new RangeError(`blocks must be at least 1, got ${blocks}`);
  if (window < 1n || window > MAX_LOG_RANGE) {
    throw new RangeError(`window must be 1..${MAX_LOG_RANGE} blocks, got ${window}`);
  }
  const start = head - blocks + 1n > 0n ? head - blocks + 1n : 0n;
  const windows: BlockWindow[] = [];
  for (let from = start; from <= head; from += window) {
    const to = from + window - 1n;
    windows.push({ fromBlock: from, toBlock: to < head ? to : head });
  }
  return windows;
}

/** Where an intent was executed. */
export interface IntentSettlementMatch {
  txHash: Hex;
  blockNumber: bigint;
  logIndex: number;
  event: IntentExecution;
}

/** Return type of {@link findIntentSettlement}. */
export interface FindIntentSettlementReturnType {
  /** The earliest IntentExecuted for the id in the scanned range, or null. */
  match: IntentSettlementMatch | null;
  /** Every match in chain order (more than one only if the executor reported it twice). */
  matches: IntentSettlementMatch[];
  scannedFrom: bigint;
  scannedTo: bigint;
}

/**
 * Looks for the BatchExecutor's IntentExecuted event with this intent id in the recent
 * blocks: one head read, then every window queried at once (topic1 = intent id).
 */
export async function findIntentSettlement(
  client: HyperEvmClient,
  intentId: Hex,
  options: ScanOptions = {},
): Promise<FindIntentSettlementReturnType> {
  const id = intentId.toLowerCase() as Hex;
  const head = await client.blockNumber();
  const windows = scanWindows(head, options);
  const answers = await Promise.all(windows.map((window) =>
    client.logs({
      address: CONTRACTS.batchExecutor,
      topics: [INTENT_EXECUTED_TOPIC, id],
      ...window,
    })
  ));
  // readExecutions re-checks address and topic; a node that ignores the filter cannot
  // smuggle in another contract's log or another intent's event.
  const matches = readExecutions(answers.flat())
    .filter((event) => event.intentId === id)
    .sort((a, b) =>
      a.blockNumber === b.blockNumber
        ? a.logIndex - b.logIndex
        : a.blockNumber < b.blockNumber
        ? -1
        : 1
    )
    .map((event) => ({
      txHash: event.transactionHash,
      blockNumber: event.blockNumber,
      logIndex: event.logIndex,
      event,
    }));
  return {
    match: matches[0] ?? null,
    matches,
    scannedFrom: windows[0].fromBlock,
    scannedTo: head,
  };
}
