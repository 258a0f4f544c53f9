import type { Hex } from "viem";
import { CONTRACTS, INTENT_SCAN } from "./contracts.ts";
import { type HyperEvmClient, MAX_LOG_RANGE } from "./client.ts";
import { INTENT_EXECUTED_TOPIC, type IntentExecution, readExecutions } from "./executions.ts";

export { MAX_LOG_RANGE };

/**
 * Blocks the chain may add after the head was read and before the newest window's query is
 * answered: the client's 5 s cached head at 10 blocks per second (several times HyperEVM's 1.15
 * or more a second) plus 10 for the read's and the query's own time. The newest window runs to
 * "latest", so its known part is kept this much narrower than the range limit.
 */
export const HEAD_SLACK_BLOCKS = 60n;

/** An inclusive block range; `"latest"` (the newest window only) is the head the node sees. */
export interface BlockWindow {
  fromBlock: bigint;
  toBlock: bigint | "latest";
}

interface ScanOptions {
  /** How many recent blocks to cover, the head included (default 6000). */
  blocks?: bigint;
  /** Widest window in blocks, at most 999 (default 999). */
  window?: bigint;
  /** Blocks the head may move past `head` before the newest window is answered (default 60). */
  slack?: bigint;
}

/**
 * Splits the last `blocks` blocks up to `head` into contiguous inclusive windows, oldest first.
 * The newest starts `window - 1 - slack` blocks before `head` and runs to "latest", so it also
 * covers blocks mined after a cached `head` and stays within `window` blocks while the chain
 * moved at most `slack` past it; the older ones are at most `window` blocks. Near genesis the
 * range starts at block 0.
 *
 * @throws {RangeError} when blocks < 1, window is outside 1..999 or slack outside 0..window-1.
 */
export function scanWindows(head: bigint, options: ScanOptions = {}): BlockWindow[] {
  const {
    blocks = INTENT_SCAN.blocks,
    window = INTENT_SCAN.window,
    slack = HEAD_SLACK_BLOCKS,
  } = options;
  if (blocks < 1n) throw new RangeError(`blocks must be at least 1, got ${blocks}`);
  if (window < 1n || window > MAX_LOG_RANGE) {
    throw new RangeError(`window must be 1..${MAX_LOG_RANGE} blocks, got ${window}`);
  }
  if (slack < 0n || slack >= window) {
    throw new RangeError(`slack must be 0..${window - 1n} blocks, got ${slack}`);
  }
  const start = head - blocks + 1n > 0n ? head - blocks + 1n : 0n;
  const newest = head - (window - 1n - slack);
  const newestFrom = newest > start ? newest : start;
  const windows: BlockWindow[] = [];
  for (let from = start; from < newestFrom; from += window) {
    const to = from + window - 1n;
    windows.push({ fromBlock: from, toBlock: to < newestFrom ? to : newestFrom - 1n });
  }
  windows.push({ fromBlock: newestFrom, toBlock: "latest" });
  return windows;
}

/** Where an intent was executed. */
export interface IntentSettlementMatch {
  txHash: Hex;
  blockNumber: bigint;
  logIndex: number;
  event: IntentExecution;
}

/**
 * Looks for the BatchExecutor's IntentExecuted event with this intent id in the recent blocks:
 * the head (the client's cached one, so a warm call makes no read), then every window queried
 * at once (topic1 = intent id). One round trip warm, two cold. `match` is the earliest;
 * `matches` all in chain order (more than one only if the executor reported it twice);
 * `scannedTo` the head the windows were laid out from (the newest window may reach further).
 *
 * A window the node refuses as too wide is split by the client (`HyperEvmClient.logs`): the
 * newest one when the chain moved more than the slack since the cached head was read (it is
 * then queried up to a fresh head), and every one when the node allows fewer blocks a query
 * (halved down to 50).
 */
export async function findIntentSettlement(
  client: HyperEvmClient,
  intentId: Hex,
  options: ScanOptions = {},
): Promise<{
  match: IntentSettlementMatch | null;
  matches: IntentSettlementMatch[];
  scannedFrom: bigint;
  scannedTo: bigint;
}> {
  const id = intentId.toLowerCase() as Hex;
  const query = (window: BlockWindow) =>
    client.logs({
      address: CONTRACTS.batchExecutor,
      topics: [INTENT_EXECUTED_TOPIC, id],
      ...window,
    });
  const head = await client.blockNumber();
  const windows = scanWindows(head, options);
  const answers = await Promise.all(windows.map(query));
  // The newest window may have reached past `head`; the blocks up to it are certain.
  const scannedTo = head;
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
  return { match: matches[0] ?? null, matches, scannedFrom: windows[0].fromBlock, scannedTo };
}
