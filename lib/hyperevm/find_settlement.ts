import type { Hex } from "viem";
import { CONTRACTS, INTENT_SCAN } from "./contracts.ts";
import { type HyperEvmClient, type LogFilter, MAX_LOG_RANGE } from "./client.ts";
import { INTENT_EXECUTED_TOPIC, type IntentExecution, readExecutions } from "./executions.ts";
import { compare, max, min } from "./_trail_parts.ts";

/**
 * Blocks the chain may add between the head read and the newest window's answer: the client's
 * 5 s cached head at 10 blocks a second (several times HyperEVM's 1.15 or more) plus 10 for the
 * reads themselves. The newest window runs to "latest", so its known part is this much narrower.
 */
export const HEAD_SLACK_BLOCKS = 60n;

/** An inclusive block range; only the newest window runs to `"latest"`. */
export type BlockWindow = Pick<LogFilter, "fromBlock" | "toBlock">;

/**
 * The last {@link INTENT_SCAN}`.blocks` blocks up to `head` (from 0 near genesis) as contiguous
 * windows of at most {@link MAX_LOG_RANGE}, oldest first. The newest starts
 * `MAX_LOG_RANGE - 1 - HEAD_SLACK_BLOCKS` before `head` and runs to "latest": it covers blocks
 * mined after a cached head, within the limit while the chain moved at most the slack.
 */
export function scanWindows(head: bigint): BlockWindow[] {
  const start = max(head - INTENT_SCAN.blocks + 1n, 0n);
  const newestFrom = max(head - (MAX_LOG_RANGE - 1n - HEAD_SLACK_BLOCKS), start);
  const windows: BlockWindow[] = [];
  for (let from = start; from < newestFrom; from += MAX_LOG_RANGE) {
    const to = from + MAX_LOG_RANGE - 1n;
    windows.push({ fromBlock: from, toBlock: min(to, newestFrom - 1n) });
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
 * The BatchExecutor's IntentExecuted event of this intent id in the recent blocks: the cached
 * head (no read when warm), then every window at once (topic1 = intent id), so one round trip
 * warm, two cold. `match` is the earliest (several only if the executor reported it twice);
 * `scannedTo` the head the windows were laid from (the blocks up to it are certain).
 *
 * The client splits a window the node refuses as too wide (`HyperEvmClient.logs`): the newest
 * when the chain moved past the slack (queried to a fresh head), every one when the node allows
 * fewer blocks a query (halved down to 50).
 */
export async function findIntentSettlement(
  client: HyperEvmClient,
  intentId: Hex,
): Promise<{ match: IntentSettlementMatch | null; scannedFrom: bigint; scannedTo: bigint }> {
  const id = intentId.toLowerCase() as Hex;
  const head = await client.blockNumber();
  const windows = scanWindows(head);
  const answers = await Promise.all(
    windows.map((window) =>
      client.logs({
        address: CONTRACTS.batchExecutor,
        topics: [INTENT_EXECUTED_TOPIC, id],
        ...window,
      })
    ),
  );
  // readExecutions re-checks address and topic; a node that ignores the filter cannot
  // smuggle in another contract's log or another intent's event.
  const event = readExecutions(answers.flat())
    .filter((event) => event.intentId === id)
    .sort((a, b) => compare(a.blockNumber, b.blockNumber) || a.logIndex - b.logIndex)[0];
  const match = event
    ? {
      txHash: event.transactionHash,
      blockNumber: event.blockNumber,
      logIndex: event.logIndex,
      event,
    }
    : null;
  return { match, scannedFrom: windows[0].fromBlock, scannedTo: head };
}
