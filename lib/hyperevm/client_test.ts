import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { createHyperEvmClient, HEAD_CACHE_TTL_MS } from "./client.ts";
import { HyperEvmError } from "./hyperevm_error.ts";
import { result, startRpc, status } from "../../tests/support/rpc_server.ts";

Deno.test("both endpoints failing gives a HyperEvmError naming the method and each failure", async () => {
  const primary = startRpc(status(502));
  const backup = startRpc(() => "hang");
  try {
    const client = createHyperEvmClient({
      rpcUrl: primary.url,
      fallbackRpcUrl: backup.url,
      // Long enough for the primary's 502 to arrive on a loaded machine: only the hang may time out.
      timeoutMs: 2_000,
    });
    await rejects(client.receipt(`0x${"7a".repeat(32)}`), (error) => {
      ok(error instanceof HyperEvmError);
      equal(
        error.message,
        "eth_getTransactionReceipt failed on both RPC endpoints: HTTP 502 / timeout after 2000 ms",
      );
      equal(error.method, "eth_getTransactionReceipt");
      deepEqual(error.failures, ["HTTP 502", "timeout after 2000 ms"]);
      return true;
    });
    // one attempt per endpoint: no hidden retries
    equal(primary.calls.length, 1);
    equal(backup.calls.length, 1);
  } finally {
    await primary.close();
    await backup.close();
  }
});

Deno.test("JSON-RPC errors and refused connections are described in words", async () => {
  const primary = startRpc(() =>
    Response.json({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32005, message: "query exceeds max block range 1000" },
    })
  );
  const dead = startRpc(status(500));
  const deadUrl = dead.url;
  await dead.close();
  try {
    const client = createHyperEvmClient({ rpcUrl: primary.url, fallbackRpcUrl: deadUrl });
    await rejects(
      client.logs({ address: `0x${"23".repeat(20)}`, fromBlock: 0n, toBlock: 5000n }),
      (error) => {
        ok(error instanceof HyperEvmError);
        equal(
          error.message,
          'eth_getLogs failed on both RPC endpoints: RPC error -32005: upstream text "query exceeds max block range 1000" / connection failed',
        );
        return true;
      },
    );
  } finally {
    await primary.close();
  }
});

Deno.test("a transaction or receipt the node does not know is null", async () => {
  const rpc = startRpc(result(null));
  try {
    const client = createHyperEvmClient({ rpcUrl: rpc.url });
    equal(await client.transaction(`0x${"01".repeat(32)}`), null);
    equal(await client.receipt(`0x${"01".repeat(32)}`), null);
    equal(await client.block(99_999_999n), null);
    deepEqual(rpc.calls.map((c) => c.params), [
      [`0x${"01".repeat(32)}`],
      [`0x${"01".repeat(32)}`],
      ["0x5f5e0ff", false],
    ]);
  } finally {
    await rpc.close();
  }
});

const LOG = {
  address: "0x233FF29B239ABC1D7748605DA9B205C3E008626E",
  topics: [`0x${"AB".repeat(32)}`],
  data: "0x",
  blockNumber: "0x2e28680",
  blockHash: `0x${"0b".repeat(32)}`,
  transactionHash: `0x${"7a".repeat(32)}`,
  transactionIndex: "0x0",
  logIndex: "0x3",
  removed: false,
};

Deno.test("receipts become domain values: bigints, status words, lower-case hex", async () => {
  const rpc = startRpc(result({
    transactionHash: `0x${"7A".repeat(32)}`,
    blockNumber: "0x2e28680",
    blockHash: `0x${"0b".repeat(32)}`,
    transactionIndex: "0x1",
    status: "0x0",
    from: "0x3721476DE31190DC1AF8908026ABE20EFE25CF99",
    to: "0x233ff29b239abc1d7748605da9b205c3e008626e",
    gasUsed: "0x5208",
    effectiveGasPrice: "0x5f5e100",
    contractAddress: null,
    logs: [LOG],
    type: "0x2",
  }));
  try {
    const receipt = (await createHyperEvmClient({ rpcUrl: rpc.url }).receipt(
      `0x${"7a".repeat(32)}`,
    ))!;
    equal(receipt.status, "reverted");
    equal(receipt.blockNumber, 48_400_000n);
    equal(receipt.gasUsed, 21_000n);
    equal(receipt.from, "0x3721476de31190dc1af8908026abe20efe25cf99");
    equal(receipt.transactionHash, `0x${"7a".repeat(32)}`);
    equal(receipt.logs[0].address, "0x233ff29b239abc1d7748605da9b205c3e008626e");
    equal(receipt.logs[0].topics[0], `0x${"ab".repeat(32)}`);
    equal(receipt.logs[0].logIndex, 3);
  } finally {
    await rpc.close();
  }
});

Deno.test("an answer of the wrong shape is an error naming the method and the field", async () => {
  const rpc = startRpc(result([{ ...LOG, topics: ["0x12"] }]));
  try {
    const client = createHyperEvmClient({ rpcUrl: rpc.url });
    await rejects(
      client.logs({
        address: "0x233ff29b239abc1d7748605da9b205c3e008626e",
        topics: [`0x${"ab".repeat(32)}`, null],
        fromBlock: 4001n,
        toBlock: 4999n,
      }),
      (error) => {
        ok(error instanceof HyperEvmError);
        match(error.message, /^upstream changed: eth_getLogs answer result\[0\]\.topics\[0\]: /);
        return true;
      },
    );
    deepEqual(rpc.calls[0].params, [{
      address: "0x233ff29b239abc1d7748605da9b205c3e008626e",
      topics: [`0x${"ab".repeat(32)}`, null],
      fromBlock: "0xfa1",
      toBlock: "0x1387",
    }]);
  } finally {
    await rpc.close();
  }
});

Deno.test("the client's head cache shares one eth_blockNumber across callers for HEAD_CACHE_TTL_MS", async () => {
  const rpc = startRpc(result("0x2e28680"));
  const realNow = Date.now;
  try {
    const client = createHyperEvmClient({ rpcUrl: rpc.url });
    deepEqual(await Promise.all([client.blockNumber(), client.blockNumber()]), [
      48_400_000n,
      48_400_000n,
    ]);
    equal(await client.blockNumber(), 48_400_000n);
    equal(rpc.calls.length, 1);
    // `cacheTime: 0` asks the node, as a scan does after a refused range
    equal(await client.blockNumber({ cacheTime: 0 }), 48_400_000n);
    // viem times the cache by Date.now: move that clock past the lifetime
    Date.now = () => realNow() + HEAD_CACHE_TTL_MS;
    equal(await client.blockNumber(), 48_400_000n);
    deepEqual(rpc.calls.map((c) => c.method), Array(3).fill("eth_blockNumber"));
  } finally {
    Date.now = realNow;
    await rpc.close();
  }
});

Deno.test("a log filter up to latest sends the tag, not a number", async () => {
  const rpc = startRpc(result([]));
  try {
    const client = createHyperEvmClient({ rpcUrl: rpc.url });
    deepEqual(
      await client.logs({
        address: "0x233ff29b239abc1d7748605da9b205c3e008626e",
        fromBlock: 9062n,
        toBlock: "latest",
      }),
      [],
    );
    deepEqual(rpc.calls[0].params, [{
      address: "0x233ff29b239abc1d7748605da9b205c3e008626e",
      topics: [],
      fromBlock: "0x2366",
      toBlock: "latest",
    }]);
  } finally {
    await rpc.close();
  }
});
