import { deepEqual, equal, rejects } from "node:assert/strict";
import { type Hex, numberToHex } from "viem";
import { CONTRACTS } from "./contracts.ts";
import { createHyperEvmClient, type HyperEvmClient, type LogFilter } from "./client.ts";
import { INTENT_EXECUTED_TOPIC } from "./executions.ts";
import { findIntentSettlement, HEAD_SLACK_BLOCKS } from "./find_settlement.ts";
import type { HyperEvmLog } from "./client.ts";
import { executedLog, walletA } from "../../tests/support/hyperevm.ts";

const ID: Hex = `0x${"5e".repeat(32)}`;

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
    const to = filter.toBlock === "latest" ? head : filter.toBlock;
    if (filter.fromBlock <= 7000n && 7000n <= to) logs.push(genuine);
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
  equal(filters.filter((filter) => filter.toBlock === "latest").length, 1);
  for (const filter of filters) {
    equal(filter.address, CONTRACTS.batchExecutor);
    deepEqual(filter.topics, [INTENT_EXECUTED_TOPIC, ID]);
  }
  equal(result.scannedFrom, 4001n);
  equal(result.scannedTo, head);
  equal(result.match!.txHash, genuine.transactionHash);
  equal(result.match!.blockNumber, 7000n);
  equal(result.match!.logIndex, 9);
  equal(result.match!.event.index, 3);
});

Deno.test("an intent with no event in the scanned range is not found", async () => {
  const client = clientWithLogs(10_000n, () => Promise.resolve([]));
  const result = await findIntentSettlement(client, ID);
  equal(result.match, null);
  equal(result.scannedFrom, 4001n);
  equal(result.scannedTo, 10_000n);
});

Deno.test("a warm head cache spares the head read: one read serves back-to-back scans", async () => {
  const chain = startChain(10_000n);
  try {
    const client = longCacheClient(chain.url);
    const first = await findIntentSettlement(client, ID);
    const second = await findIntentSettlement(client, ID);
    const reads = chain.methods().filter((m) => m === "eth_blockNumber").length;
    const filters = chain.methods().filter((m) => m === "eth_getLogs");
    equal(reads, 1);
    equal(filters.length, 14);
    equal(first.scannedTo, 10_000n);
    equal(second.scannedFrom, 4001n);
  } finally {
    await chain.close();
  }
});

Deno.test("a block mined within the slack after the cached head is found without a new read", async () => {
  const chain = startChain(10_000n);
  try {
    const client = longCacheClient(chain.url);
    equal(await client.blockNumber(), 10_000n);
    // the chain moves exactly the slack: the newest window is now 999 blocks, still accepted
    chain.head = 10_000n + HEAD_SLACK_BLOCKS;
    chain.logs.push(rpcLog(settledLog(chain.head, 0n)));
    const result = await findIntentSettlement(client, ID);
    equal(result.match?.blockNumber, 10_060n);
    equal(result.scannedTo, 10_000n);
    deepEqual(chain.methods(), ["eth_blockNumber", ...Array(7).fill("eth_getLogs")]);
    equal(chain.refused, 0);
  } finally {
    await chain.close();
  }
});

Deno.test("a newest window refused because the head moved past the slack is queried again up to a fresh head", async () => {
  const chain = startChain(10_000n);
  try {
    const client = longCacheClient(chain.url);
    await client.blockNumber();
    chain.head = 10_500n;
    chain.logs.push(rpcLog(settledLog(10_400n, 1n)));
    const result = await findIntentSettlement(client, ID);
    equal(chain.refused, 1);
    equal(result.match?.blockNumber, 10_400n);
    equal(result.scannedFrom, 4001n);
    equal(result.scannedTo, 10_000n, "the blocks laid out; the newest window reached further");
    const methods = chain.methods();
    equal(methods.filter((m) => m === "eth_blockNumber").length, 2);
    equal(methods.filter((m) => m === "eth_getLogs").length, 7 + 2);
    // the refused window (9062..latest) was re-covered up to the fresh head, split to fit
    const newest = chain.calls
      .filter((call) => call.method === "eth_getLogs")
      .map((call) => filterOf(call))
      .filter((filter) => BigInt(filter.fromBlock) >= 9062n)
      .map(({ fromBlock, toBlock }) =>
        `${BigInt(fromBlock)}..${toBlock === "latest" ? toBlock : BigInt(toBlock)}`
      )
      .sort();
    deepEqual(newest, ["10061..10500", "9062..10060", "9062..latest"]);
    // and the cache now holds the new head
    equal(await client.blockNumber(), 10_500n);
  } finally {
    await chain.close();
  }
});

Deno.test("a head that runs on after the re-read does not fail the scan; other failures are not retried", async () => {
  const chain = startChain(10_000n);
  try {
    const client = longCacheClient(chain.url);
    await client.blockNumber();
    // the head runs away again after the re-read: the split windows end at the block read
    chain.onHeadRead = () => {
      chain.head += 2_000n;
    };
    chain.head = 10_500n;
    const result = await findIntentSettlement(client, ID);
    equal(result.match, null);
    equal(chain.methods().filter((m) => m === "eth_blockNumber").length, 2);
    equal(chain.refused, 1);

    chain.calls.length = 0;
    chain.onHeadRead = () => {};
    chain.failLogs = true;
    await rejects(
      findIntentSettlement(client, ID),
      /eth_getLogs failed on the RPC endpoint: HTTP 500/,
    );
    // seven windows asked once each, no head re-read: a failure that is not about the range
    // would fail again
    deepEqual(chain.methods(), Array(7).fill("eth_getLogs"));
  } finally {
    await chain.close();
  }
});

/** A successful open of `ID` by wallet A, executed at `blockNumber` as batch item `index`. */
function settledLog(blockNumber: bigint, index: bigint): HyperEvmLog {
  return executedLog({
    intentId: ID,
    user: walletA.address,
    index,
    kind: 0,
    success: true,
    blockNumber,
  });
}

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
    winFeeRate: unused,
  };
}

/** A real client whose head cache never expires, so a test moves the chain under a warm head. */
function longCacheClient(url: string): HyperEvmClient {
  return createHyperEvmClient({ rpcUrl: url, headCacheMs: Number.MAX_SAFE_INTEGER });
}

interface RpcCall {
  method: string;
  params: unknown[];
}

interface TestChain {
  url: string;
  head: bigint;
  logs: Record<string, unknown>[];
  calls: RpcCall[];
  /** eth_getLogs calls refused for their range so far. */
  refused: number;
  /** Called after each eth_blockNumber answer. */
  onHeadRead: () => void;
  /** Answer eth_getLogs with HTTP 500. */
  failLogs: boolean;
  methods(): string[];
  close(): Promise<void>;
}

/**
 * A loopback JSON-RPC node whose head the test moves. Like the public RPC it resolves "latest"
 * to its head and refuses eth_getLogs ranges of 1000 blocks or more.
 */
function startChain(head: bigint): TestChain {
  const chain: TestChain = {
    url: "",
    head,
    logs: [],
    calls: [],
    refused: 0,
    onHeadRead: () => {},
    failLogs: false,
    methods: () => chain.calls.map((call) => call.method),
    close: () => server.shutdown(),
  };
  const answer = (id: number, result: unknown) => Response.json({ jsonrpc: "2.0", id, result });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const call = await request.json() as RpcCall & { id: number };
    chain.calls.push({ method: call.method, params: call.params });
    if (call.method === "eth_blockNumber") {
      const head = chain.head;
      chain.onHeadRead();
      return answer(call.id, numberToHex(head));
    }
    if (chain.failLogs) return new Response("Internal Server Error", { status: 500 });
    const filter = call.params[0] as { fromBlock: string; toBlock: string };
    const from = BigInt(filter.fromBlock);
    const to = filter.toBlock === "latest" ? chain.head : BigInt(filter.toBlock);
    if (to - from + 1n > 999n) {
      chain.refused++;
      return Response.json({
        jsonrpc: "2.0",
        id: call.id,
        error: { code: -32000, message: `query exceeds max block range 999` },
      });
    }
    return answer(
      call.id,
      chain.logs.filter((log) => {
        const block = BigInt(log.blockNumber as string);
        return from <= block && block <= to;
      }),
    );
  });
  chain.url = `http://127.0.0.1:${server.addr.port}/rpc`;
  return chain;
}

/** A log as eth_getLogs sends it: hex quantities. */
function rpcLog(log: HyperEvmLog): Record<string, unknown> {
  return {
    ...log,
    blockNumber: numberToHex(log.blockNumber),
    transactionIndex: numberToHex(log.transactionIndex),
    logIndex: numberToHex(log.logIndex),
  };
}

function filterOf(call: RpcCall): { fromBlock: string; toBlock: string } {
  return call.params[0] as { fromBlock: string; toBlock: string };
}
