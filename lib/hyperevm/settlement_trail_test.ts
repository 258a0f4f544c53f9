import assert from "node:assert/strict";
import { type Address, encodeAbiParameters, encodeEventTopics, type Hex } from "viem";
import { BLOCK_TIME_ANCHOR } from "./chain.ts";
import type { HyperEvmClient, HyperEvmLog, LogFilter } from "./client.ts";
import { CONTRACTS, EXCHANGE_EVENTS_ABI } from "./contracts.ts";
import { findTradeSettlements, trailRequestBound } from "./settlement_trail.ts";
import { type TradeToSettle, TRAIL } from "./_trail_parts.ts";
import { sharedHead } from "../../tests/support/hyperevm.ts";

const findTradeSettlement = async (client: HyperEvmClient, trade: TradeToSettle) =>
  (await findTradeSettlements(client, [trade]))[0];

const WALLET: Address = "0x00000000000000000000000000000000000000a1";
const anchor = {
  block: Number(BLOCK_TIME_ANCHOR.block),
  time: Number(BLOCK_TIME_ANCHOR.timestamp),
};

// A chain whose rate swings far more than HyperEVM's: 0.9 and 1.8 blocks a second in turn,
// three hours each, for six days after the anchor.
const KNOTS = [anchor];
for (let i = 0; i < 48; i++) {
  const last = KNOTS[KNOTS.length - 1];
  KNOTS.push({ block: last.block + (i % 2 ? 19_440 : 9_720), time: last.time + 10_800 });
}
const HEAD = KNOTS[KNOTS.length - 1].block;
const timeOf = (block: number) => {
  const i = KNOTS.findLastIndex((k) => k.block <= block);
  const [a, b] = [KNOTS[i], KNOTS[Math.min(i + 1, KNOTS.length - 1)]];
  return b === a
    ? a.time
    : a.time + Math.floor(((block - a.block) * (b.time - a.time)) / (b.block - a.block));
};
const blockOf = (time: number) => {
  const i = KNOTS.findLastIndex((k) => k.time <= time);
  const [a, b] = [KNOTS[i], KNOTS[i + 1]];
  return a.block + Math.ceil(((time - a.time) * (b.block - a.block)) / (b.time - a.time));
};

function log(
  name: "PositionsClosed" | "Liquidated",
  block: number,
  args: Record<string, unknown>,
  address: Address = CONTRACTS.exchange,
): HyperEvmLog {
  const event = EXCHANGE_EVENTS_ABI.find((item) => item.name === name)!;
  const data = event.inputs.filter((input) => !("indexed" in input && input.indexed));
  return {
    address,
    topics: encodeEventTopics({ abi: [event], args } as never) as Hex[],
    data: encodeAbiParameters(data, data.map((input) => args[input.name!]) as never),
    blockNumber: BigInt(block),
    blockHash: `0x${"0".repeat(64)}`,
    transactionHash: `0x${block.toString(16).padStart(64, "0")}`,
    transactionIndex: 0,
    logIndex: 0,
    removed: false,
  };
}

const closed = (block: number, address?: Address) =>
  log("PositionsClosed", block, {
    user: WALLET,
    marginReturned: 10n ** 19n,
    balanceAfter: 10n ** 20n,
    stakerFee: 1n,
    devFee: 1n,
  }, address);

/** A chain holding `logs`, counting the calls made to it. */
function chain(logs: HyperEvmLog[]) {
  const calls: string[] = [];
  const client: HyperEvmClient = {
    blockNumber: sharedHead(() => (calls.push("eth_blockNumber"), Promise.resolve(BigInt(HEAD)))),
    block(number) {
      calls.push("eth_getBlockByNumber");
      if (number > BigInt(HEAD)) return Promise.resolve(null);
      const timestamp = BigInt(timeOf(Number(number)));
      return Promise.resolve({ number, timestamp } as never);
    },
    transaction: () => Promise.reject(new Error("not read")),
    receipt: () => Promise.reject(new Error("not read")),
    winFeeRate: () => Promise.reject(new Error("not read")),
    logs(filter: LogFilter) {
      calls.push("eth_getLogs");
      assert.ok(BigInt(filter.toBlock) - filter.fromBlock < 1000n, "within the RPC's range");
      // Each topic position takes a value, or a list of which any may match.
      const topics = filter.topics!.map((t) =>
        t === null ? null : (Array.isArray(t) ? t : [t]).map((one) => one.toLowerCase())
      );
      return Promise.resolve(
        logs.filter((l) =>
          l.blockNumber >= filter.fromBlock && l.blockNumber <= BigInt(filter.toBlock) &&
          topics.every((want, i) => want === null || want.includes(l.topics[i]))
        ),
      );
    },
  };
  return { client, calls, take: () => calls.splice(0) };
}

Deno.test("a close days old is found in one window though the block rate swung between 0.9 and 1.8 a second", async () => {
  const closedAt = anchor.time + 5 * 86_400 + 1_234;
  const block = blockOf(closedAt);
  // The same wallet closed other trades 20 minutes either side, inside a naive window.
  const { client, take } = chain([closed(block - 1_500), closed(block), closed(block + 1_500)]);
  const trade = { wallet: WALLET, positionId: "77", liquidated: false, closedAt: closedAt * 1000 };
  const found = await findTradeSettlement(client, trade);
  assert.equal(found?.blockNumber, BigInt(block));
  assert.equal(found?.event.name, "PositionsClosed");
  const calls = take();
  assert.ok(calls.filter((c) => c === "eth_getBlockByNumber").length <= TRAIL.rounds, calls.join());
  assert.ok(calls.length <= trailRequestBound(1), calls.join());
  assert.deepEqual(calls.filter((c) => c !== "eth_getBlockByNumber"), [
    "eth_blockNumber",
    "eth_getLogs",
  ]);
  // Old blocks and windows never change: the second search reads nothing.
  assert.equal((await findTradeSettlement(client, trade))?.txHash, found?.txHash);
  assert.deepEqual(take(), []);
});

Deno.test("a liquidation is found by its position id, and only the Exchange's events count", async () => {
  const closedAt = anchor.time + 2 * 86_400;
  const block = blockOf(closedAt);
  const liquidation = (id: bigint, address?: Address) =>
    log("Liquidated", block, {
      positionId: id,
      user: WALLET,
      markPrice: 830_000n,
      bustPrice: 830_100n,
      fromQueuedBalance: false,
      stakerFee: 4n,
      devFee: 4n,
    }, address);
  const forged = {
    ...closed(block, CONTRACTS.batchExecutor),
    transactionHash: `0x${"f".repeat(64)}` as Hex,
  };
  const { client } = chain([liquidation(78n), liquidation(79n, CONTRACTS.batchExecutor), forged]);
  const at = closedAt * 1000;
  const found = await findTradeSettlement(client, {
    wallet: WALLET,
    positionId: "78",
    liquidated: true,
    closedAt: at,
  });
  assert.equal(found?.event.name === "Liquidated" && found.event.positionId, 78n);
  assert.equal(
    await findTradeSettlement(client, {
      wallet: WALLET,
      positionId: "79",
      liquidated: true,
      closedAt: at,
    }),
    null,
  );
  assert.equal(
    await findTradeSettlement(client, {
      wallet: WALLET,
      positionId: "80",
      liquidated: false,
      closedAt: at,
    }),
    null,
  );
});

Deno.test("a close at the head is searched up to the head, and that window is not cached", async () => {
  const block = HEAD - 3;
  const { client, take } = chain([closed(block)]);
  const trade = {
    wallet: WALLET,
    positionId: "1",
    liquidated: false,
    closedAt: timeOf(block) * 1000,
  };
  assert.equal((await findTradeSettlement(client, trade))?.blockNumber, BigInt(block));
  take();
  await findTradeSettlement(client, trade);
  assert.ok(take().includes("eth_getLogs"));
});

Deno.test("a page of 75 trades over a day is settled together, each with its own event, within the stated bound", async () => {
  // 75 trades, newest first as a history page lists them: closes every 3 to 40 minutes, some
  // in the same second (one event each), and liquidations, on the swinging chain.
  const trades: { wallet: Address; positionId: string; liquidated: boolean; closedAt: number }[] =
    [];
  const logs: HyperEvmLog[] = [];
  const blocks = new Map<string, number>();
  let time = anchor.time + 4 * 86_400;
  for (let i = 0; i < 75; i++) {
    time -= i % 9 === 4 ? 0 : 180 + ((i * 7_919) % 2_220);
    const block = blockOf(time);
    const liquidated = i % 6 === 5;
    const positionId = String(1_000 + i);
    trades.push({ wallet: WALLET, positionId, liquidated, closedAt: time * 1000 + 250 });
    const event = liquidated
      ? log("Liquidated", block, {
        positionId: BigInt(positionId),
        user: WALLET,
        markPrice: 830_000n,
        bustPrice: 830_100n,
        fromQueuedBalance: false,
        stakerFee: 1n,
        devFee: 1n,
      })
      : closed(block);
    // Two closes in one second are two events in one block: distinct hashes.
    const hash = `0x${(block * 100 + i).toString(16).padStart(64, "0")}` as Hex;
    logs.push({ ...event, transactionHash: hash, logIndex: i });
    blocks.set(positionId, block);
  }
  const { client, take } = chain(logs);
  const found = await findTradeSettlements(client, trades);
  const wrong = trades.filter((trade, i) =>
    found[i]?.blockNumber !== BigInt(blocks.get(trade.positionId)!)
  );
  assert.deepEqual(wrong.map((trade) => trade.positionId), []);
  // Liquidations carry their own position id; closes in one second may share their block.
  for (const [i, trade] of trades.entries()) {
    if (trade.liquidated) assert.equal(found[i]?.event.name, "Liquidated");
  }
  const calls = take();
  const count = (method: string) => calls.filter((call) => call === method).length;
  assert.equal(count("eth_blockNumber"), 1);
  assert.ok(count("eth_getLogs") <= trades.length, `${count("eth_getLogs")} eth_getLogs`);
  assert.ok(
    count("eth_getBlockByNumber") <= TRAIL.readsPerTrade * trades.length + TRAIL.extraReads,
    `${count("eth_getBlockByNumber")} block reads`,
  );
  assert.ok(calls.length <= trailRequestBound(trades.length));
  // Settled long ago: the same page again reads nothing, nor does one of its trades alone.
  await findTradeSettlements(client, trades);
  assert.equal((await findTradeSettlement(client, trades[10]))?.txHash, found[10]?.txHash);
  assert.deepEqual(take(), []);
});
