/**
 * Log scans over a node that refuses wide ranges: the documented HyperEVM limit is 50 blocks
 * while the public RPC accepts 1000 today (papertrade-facts.md §13.1). The replay's
 * `logRangeLimit` fault stands in for a node that enforces the documented one.
 */
import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import type { Address, Hex } from "viem";
import { catalog, type FaultSet, startReplayUpstream } from "../../fixtures/mod.ts";
import { createHyperEvmClient, MIN_LOG_RANGE } from "./client.ts";
import { CONTRACTS } from "./contracts.ts";
import { INTENT_EXECUTED_TOPIC } from "./executions.ts";
import { findIntentSettlement } from "./find_settlement.ts";
import { findTradeSettlements } from "./settlement_trail.ts";
import { HyperEvmError } from "./hyperevm_error.ts";

async function withChain(
  faults: FaultSet,
  body: (
    client: ReturnType<typeof createHyperEvmClient>,
    requests: () => number,
  ) => Promise<void>,
) {
  const upstream = await startReplayUpstream({ now: () => catalog.baseTimeMs, faults });
  try {
    const client = createHyperEvmClient({ rpcUrl: upstream.rpcUrl, timeoutMs: 5_000 });
    await body(client, () => upstream.stats().requests);
  } finally {
    await upstream.close();
  }
}

const settled = catalog.intents.settled_in_window;
/** 999 blocks around the block the intent settled in. */
const window = { fromBlock: BigInt(settled.block - 500), toBlock: BigInt(settled.block + 498) };
const filter = {
  address: CONTRACTS.batchExecutor as Address,
  topics: [INTENT_EXECUTED_TOPIC, settled.id as Hex],
  ...window,
};

Deno.test("a query the node refuses as too wide is halved down to 50 blocks, and the width kept", async () => {
  let expected: unknown[] = [];
  await withChain({}, async (client) => {
    expected = await client.logs(filter);
  });
  equal(expected.length, 1, "the intent's event is in the window");
  await withChain({ logRangeLimit: 50 }, async (client, requests) => {
    deepEqual(await client.logs(filter), expected);
    // 999 refused, then halves: 500, 250, 125, 63, each refused, then 50 (20 queries).
    const first = requests();
    ok(first > 20, `${first} requests`);
    // The next query of the same width goes out in 50-block chunks at once.
    const before = requests();
    deepEqual(await client.logs(filter), expected);
    equal(requests() - before, Math.ceil(999 / Number(MIN_LOG_RANGE)));
  });
});

Deno.test("a window to the latest block is shrunk too: its range is read from the head", async () => {
  await withChain({ logRangeLimit: 50 }, async (client) => {
    const head = BigInt(catalog.headBlock);
    const logs = await client.logs({
      address: CONTRACTS.exchange as Address,
      fromBlock: head - 700n,
      toBlock: "latest",
    });
    ok(logs.length > 0, "the feed's settlements of the last minutes are found");
    ok(logs.every((log) => log.blockNumber >= head - 700n && log.blockNumber <= head));
  });
});

Deno.test("a node that refuses even 50 blocks fails the scan with its refusal", async () => {
  await withChain({ logRangeLimit: 10 }, async (client) => {
    await rejects(client.logs(filter), (error) => {
      ok(error instanceof HyperEvmError);
      equal(error.refusal, "block_range");
      return true;
    });
  });
});

Deno.test("the intent scan finds a settlement on a node that allows 50 blocks a query", async () => {
  await withChain({ logRangeLimit: 50 }, async (client) => {
    const found = await findIntentSettlement(client, settled.id as Hex);
    equal(found.match?.txHash, settled.txHash);
    equal(found.scannedFrom, BigInt(catalog.scan.oldestBlock));
  });
});

Deno.test("the settlement trail finds an old close on a node that allows 50 blocks a query", async () => {
  const closed = catalog.positions.closed_unnamed;
  const trades = JSON.parse(
    await Deno.readTextFile(new URL("../../fixtures/data/trades.json", import.meta.url)),
  )[closed.owner] as Array<{ positionId: string; closedAt: number; liquidated: boolean }>;
  const row = trades.find((trade) => trade.positionId === closed.id)!;
  await withChain({ logRangeLimit: 50 }, async (client) => {
    const [found] = await findTradeSettlements(client, [{
      wallet: closed.owner as Address,
      positionId: closed.id,
      liquidated: row.liquidated,
      closedAt: row.closedAt,
    }]);
    equal(found?.txHash, closed.txHash);
  });
});
