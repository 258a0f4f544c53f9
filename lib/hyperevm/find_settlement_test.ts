import { deepEqual, equal, throws } from "node:assert/strict";
import type { Hex } from "viem";
import { CONTRACTS } from "./contracts.ts";
import type { HyperEvmClient, LogFilter } from "./client.ts";
import { INTENT_EXECUTED_TOPIC } from "./executions.ts";
import { findIntentSettlement, scanWindows } from "./find_settlement.ts";
import type { HyperEvmLog } from "./types.ts";
import { executedLog, walletA } from "./_testing.ts";

const ID: Hex = `0x${"5e".repeat(32)}`;

Deno.test("6000 blocks split into 7 contiguous windows of at most 999 ending at the head", () => {
  const head = 48_400_000n;
  const windows = scanWindows(head);
  equal(windows.length, 7);
  equal(windows[0].fromBlock, head - 5999n);
  equal(windows[6].toBlock, head);
  for (const [i, w] of windows.entries()) {
    equal(w.toBlock - w.fromBlock + 1n <= 999n, true);
    if (i > 0) equal(w.fromBlock, windows[i - 1].toBlock + 1n);
  }
  const covered = windows.reduce((sum, w) => sum + (w.toBlock - w.fromBlock + 1n), 0n);
  equal(covered, 6000n);
});

Deno.test("window bounds are exact for a head of 10000", () => {
  deepEqual(scanWindows(10_000n).map((w) => [w.fromBlock, w.toBlock]), [
    [4001n, 4999n],
    [5000n, 5998n],
    [5999n, 6997n],
    [6998n, 7996n],
    [7997n, 8995n],
    [8996n, 9994n],
    [9995n, 10_000n],
  ]);
});

Deno.test("near genesis the scan starts at block 0", () => {
  deepEqual(scanWindows(1500n).map((w) => [w.fromBlock, w.toBlock]), [[0n, 998n], [999n, 1500n]]);
  deepEqual(scanWindows(0n).map((w) => [w.fromBlock, w.toBlock]), [[0n, 0n]]);
});

Deno.test("a window wider than 999 blocks or an empty scan is refused", () => {
  throws(() => scanWindows(10_000n, { window: 1000n }), RangeError);
  throws(() => scanWindows(10_000n, { window: 0n }), RangeError);
  throws(() => scanWindows(10_000n, { blocks: 0n }), RangeError);
});

Deno.test("all windows are queried at once and the executor's event for the id is returned", async () => {
  const head = 10_000n;
  const filters: LogFilter[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const genuine = executedLog({
    intentId: ID,
    user: walletA.address,
    index: 3n,
    kind: 0,
    success: true,
    blockNumber: 7000n,
    logIndex: 9,
  });
  const client = clientWithLogs(head, async (filter) => {
    filters.push(filter);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 0));
    inFlight--;
    const logs: HyperEvmLog[] = [];
    if (filter.fromBlock <= 7000n && 7000n <= filter.toBlock) logs.push(genuine);
    // a node ignoring the filter: another contract's look-alike and another intent's event
    logs.push({ ...genuine, address: CONTRACTS.exchange, blockNumber: filter.fromBlock });
    logs.push(executedLog({
      intentId: `0x${"99".repeat(32)}`,
      user: walletA.address,
      index: 0n,
      kind: 0,
      success: true,
      blockNumber: filter.fromBlock,
    }));
    return logs;
  });
  const result = await findIntentSettlement(client, ID.toUpperCase().replace("0X", "0x") as Hex);
  equal(maxInFlight, 7);
  equal(filters.length, 7);
  for (const filter of filters) {
    equal(filter.address, CONTRACTS.batchExecutor);
    deepEqual(filter.topics, [INTENT_EXECUTED_TOPIC, ID]);
  }
  equal(result.scannedFrom, 4001n);
  equal(result.scannedTo, head);
  equal(result.matches.length, 1);
  equal(result.match!.txHash, genuine.transactionHash);
  equal(result.match!.blockNumber, 7000n);
  equal(result.match!.logIndex, 9);
  equal(result.match!.event.index, 3);
});

Deno.test("an intent with no event in the scanned range is not found", async () => {
  const client = clientWithLogs(10_000n, () => Promise.resolve([]));
  const result = await findIntentSettlement(client, ID, { blocks: 100n });
  equal(result.match, null);
  equal(result.scannedFrom, 9901n);
  equal(result.scannedTo, 10_000n);
});

function clientWithLogs(
  head: bigint,
  logs: (filter: LogFilter) => Promise<HyperEvmLog[]>,
): HyperEvmClient {
  const unused = () => Promise.reject(new Error("not used by this test"));
  return {
    blockNumber: () => Promise.resolve(head),
    block: unused,
    transaction: unused,
    receipt: unused,
    logs,
  };
}
