import assert from "node:assert/strict";
import { EXCHANGE_EVENT_TOPICS } from "./contracts.ts";
import { FIRST_TRADE_BLOCK_BOUND } from "./chain.ts";
import { LIQUIDATION_SCAN, scanLiquidations } from "./liquidation_scan.ts";
import type { HyperEvmClient } from "./client.ts";
import { HyperEvmError } from "./hyperevm_error.ts";
import { withReplayClients } from "../../tests/support/replay_clients.ts";

/** The replay chain's Liquidated logs, straight from its data file: block, position id, time. */
async function chainLiquidations() {
  const chain = JSON.parse(
    await Deno.readTextFile(new URL("../../fixtures/data/chain.json", import.meta.url)),
  ) as {
    receipts: Array<{
      logs: Array<
        { topics: string[]; blockNumber: string; blockTimestamp: string; logIndex: string }
      >;
    }>;
  };
  return chain.receipts.flatMap((receipt) => receipt.logs)
    .filter((log) => log.topics[0] === EXCHANGE_EVENT_TOPICS.Liquidated)
    .map((log) => ({
      block: BigInt(log.blockNumber),
      positionId: BigInt(log.topics[1]).toString(),
      at: Number(BigInt(log.blockTimestamp)) * 1000,
    }));
}

Deno.test("the scan finds every Liquidated event of the window, newest first, at its block's time", async () => {
  const expected = await chainLiquidations();
  assert.ok(expected.length > 0, "the replay chain has liquidations");
  await withReplayClients(async ({ hyperevm, upstream }) => {
    const scan = await scanLiquidations(hyperevm);
    const head = await hyperevm.blockNumber();
    assert.equal(scan.toBlock, head);
    // A week back from the replay's head is before trading opened: the window starts at the bound.
    assert.ok(head - LIQUIDATION_SCAN.blocks < FIRST_TRADE_BLOCK_BOUND);
    assert.equal(scan.fromBlock, FIRST_TRADE_BLOCK_BOUND);
    assert.equal(scan.fromTime, null);
    const inWindow = expected.filter((log) => log.block >= scan.fromBlock && log.block <= head);
    assert.deepEqual(
      scan.events.map((event) => [event.blockNumber, event.positionId, event.at]),
      inWindow.sort((a, b) => (a.block > b.block ? -1 : a.block < b.block ? 1 : 0))
        .map((log) => [log.block, log.positionId, log.at]),
    );
    // Settled windows are kept: a second scan reads the newest window (and the head) only.
    const before = upstream.stats().requests;
    const again = await scanLiquidations(hyperevm);
    assert.deepEqual(again, scan);
    assert.ok(upstream.stats().requests - before <= 2, `${upstream.stats().requests - before}`);
  });
});

Deno.test("a shorter window starts on the 999-block grid and says when its first block was", async () => {
  const expected = await chainLiquidations();
  await withReplayClients(async ({ hyperevm }) => {
    const head = await hyperevm.blockNumber();
    const newest = expected.reduce((max, log) => log.block > max ? log.block : max, 0n);
    const blocks = head - newest + 5_000n;
    const scan = await scanLiquidations(hyperevm, { blocks });
    assert.equal(scan.fromBlock % 999n, 0n);
    assert.ok(scan.fromBlock <= head - blocks + 1n && scan.fromBlock > head - blocks - 999n);
    const first = await hyperevm.block(scan.fromBlock);
    assert.equal(scan.fromTime, Number(first!.timestamp) * 1000);
    assert.deepEqual(
      scan.events.map((event) => event.positionId).sort(),
      expected.filter((log) => log.block >= scan.fromBlock).map((log) => log.positionId).sort(),
    );
    assert.ok(scan.events.length > 0);
  });
});

Deno.test("without the logs' block times the scan reads each block once, and a failed read fails it", async () => {
  await withReplayClients(async ({ hyperevm }) => {
    const reads: bigint[] = [];
    const client: HyperEvmClient = {
      ...hyperevm,
      logs: async (filter) =>
        (await hyperevm.logs(filter)).map(({ blockTimestamp: _time, ...log }) => log),
      block: (number) => {
        reads.push(number);
        return hyperevm.block(number);
      },
    };
    const withTimes = await scanLiquidations(hyperevm);
    const scan = await scanLiquidations(client);
    assert.deepEqual(scan, withTimes);
    assert.equal(reads.length, new Set(scan.events.map((event) => event.blockNumber)).size);
    await scanLiquidations(client);
    assert.equal(reads.length, new Set(scan.events.map((event) => event.blockNumber)).size);

    const failing: HyperEvmClient = {
      ...client,
      block: () => Promise.resolve(null),
    };
    await assert.rejects(scanLiquidations(failing), { name: "HyperEvmError" });
  });
});

Deno.test("the first failed window ends the scan: the windows after it are not asked for", async () => {
  await withReplayClients(async ({ hyperevm }) => {
    let calls = 0;
    const client: HyperEvmClient = {
      ...hyperevm,
      logs: (filter) => {
        calls += 1;
        return calls === 3
          ? Promise.reject(new HyperEvmError("eth_getLogs", "down", { failures: ["HTTP 502"] }))
          : hyperevm.logs(filter);
      },
    };
    await assert.rejects(scanLiquidations(client), { name: "HyperEvmError", message: "down" });
    const windows = (await hyperevm.blockNumber() - FIRST_TRADE_BLOCK_BOUND) / 999n;
    assert.ok(windows > 100n);
    // The failing call and those already in flight beside it.
    assert.ok(calls <= 3 + 8, `${calls} calls`);
  });
});
