import assert from "node:assert/strict";
import { sharedHead } from "../../tests/support/hyperevm.ts";
import type { HyperEvmClient } from "../hyperevm/mod.ts";
import { catalog, withReplayClients } from "../../tests/support/replay_clients.ts";
import { lookupIntent } from "./lookup.ts";

Deno.test("lookupIntent records every check's finding and picks the state in order", async () => {
  await withReplayClients(async (sources) => {
    const settled = catalog.intents.settled_in_window;
    const found = await lookupIntent(sources, settled.id, { wallet: settled.wallet });
    assert.equal(found.state, "settled");
    assert.equal(found.pendingChecked, true);
    assert.equal(found.pending, null);
    assert.equal(found.settlement?.match.txHash, settled.txHash);
    assert.equal(found.settlement?.intent?.intentId, settled.id);
    assert.equal(found.scanned?.toBlock, BigInt(catalog.headBlock));
    assert.equal(found.scanned?.fromBlock, BigInt(catalog.scan.oldestBlock));
  });
});

Deno.test("lookupIntent treats a wallet the exchange never saw as having nothing pending", async () => {
  await withReplayClients(async (sources) => {
    const tampered = catalog.intents.tampered;
    const found = await lookupIntent(sources, tampered.id.toUpperCase().replace("0X", "0x"), {
      wallet: catalog.wallets.unknown.address,
    });
    assert.equal(found.intentId, tampered.id);
    assert.equal(found.pending, null);
    assert.equal(found.state, "settled");
    assert.equal(found.settlement?.intent?.signatureVerified, false);
  });
});

Deno.test("a settled lookup takes three RPC round trips cold and two warm; a miss two and one", async () => {
  await withReplayClients(async (sources) => {
    const chain = recordRoundTrips(sources.hyperevm);
    const look = (id: string) => lookupIntent({ ...sources, hyperevm: chain.client }, id);
    const logs = Array(7).fill("eth_getLogs");
    const decode = [
      "eth_getBlockByNumber",
      "eth_getTransactionByHash",
      "eth_getTransactionReceipt",
    ];

    const settled = catalog.intents.settled_in_window;
    const cold = await look(settled.id);
    assert.equal(cold.state, "settled");
    // the block read alongside the transaction is the settling one
    const block = await sources.hyperevm.block(BigInt(settled.block));
    assert.equal(cold.settlement?.transaction?.timestamp, block?.timestamp);
    assert.deepEqual(chain.take(), [["eth_blockNumber"], logs, decode]);

    const warm = await look(settled.id);
    assert.equal(warm.state, "settled");
    assert.deepEqual(chain.take(), [logs, decode]);

    const missWarm = await look(catalog.intents.unknown.id);
    assert.equal(missWarm.state, "not_found");
    assert.deepEqual(chain.take(), [logs]);

    chain.client.blockNumber.forget();
    const missCold = await look(catalog.intents.unknown.id);
    assert.equal(missCold.state, "not_found");
    assert.deepEqual(chain.take(), [["eth_blockNumber"], logs]);
  });
});

/**
 * Wraps a client so each RPC call is filed under its round trip: one more than the latest round
 * trip that had finished when the call was made. Calls made together share a round trip; a call
 * that waited for another lands in the next. The head cache reads through the wrapper.
 */
function recordRoundTrips(real: HyperEvmClient) {
  let finished = 0;
  let calls: { method: string; trip: number }[] = [];
  const wrap =
    <A extends unknown[], R>(method: string, read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const trip = finished + 1;
      calls.push({ method, trip });
      try {
        return await read(...args);
      } finally {
        finished = Math.max(finished, trip);
      }
    };
  const client = {
    blockNumber: sharedHead(wrap("eth_blockNumber", () => real.blockNumber({ cacheTime: 0 }))),
    block: wrap("eth_getBlockByNumber", real.block),
    transaction: wrap("eth_getTransactionByHash", real.transaction),
    receipt: wrap("eth_getTransactionReceipt", real.receipt),
    logs: wrap("eth_getLogs", real.logs),
    winFeeRate: wrap("eth_call", real.winFeeRate),
  } satisfies HyperEvmClient;
  return {
    client,
    /** The calls since the last take, as one sorted list of methods per round trip. */
    take(): string[][] {
      const trips: string[][] = [];
      for (const call of calls) (trips[call.trip - 1] ??= []).push(call.method);
      calls = [];
      finished = 0;
      return trips.map((methods) => methods.sort());
    },
  };
}
