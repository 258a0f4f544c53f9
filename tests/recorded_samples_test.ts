/**
 * The real recorded answers (`fixtures/samples/`, copied from the research notes) against the
 * real adapters: every sample file parses, and with the replay's `samples` switch on, the
 * recorded summary and 1d history are served as they are and the overview shows what they carry.
 */
import assert from "node:assert/strict";
import { encodeAbiParameters, formatLog, type Hex, type RpcLog } from "viem";
import * as wire from "../lib/papertrade/wire.ts";
import { createPapertradeClient } from "../lib/papertrade/mod.ts";
import { RPC_METHODS } from "../lib/hyperevm/mod.ts";
import { withPages } from "./harness.ts";
import { callTool, withHarness } from "./support/tools.ts";
import { getProtocolOverviewTool } from "../tools/get_protocol_overview.ts";
import { startReplayUpstream } from "../fixtures/mod.ts";

const SAMPLES = new URL("../fixtures/samples/", import.meta.url);
const DATA = new URL("../fixtures/data/", import.meta.url);

// deno-lint-ignore no-explicit-any
type Sample = any;

/** A log word: a decimal as 32 bytes. */
const word = (decimal: string) => encodeAbiParameters([{ type: "uint256" }], [BigInt(decimal)]);

/**
 * The on-chain logs as `eth_getLogs` answers them. The sample records no block hash and no
 * transaction index, so those two are filled in; the decoder of the Exchange's events (issue 15
 * item 3) will read the data words themselves.
 */
function rpcLog(log: Sample) {
  const words = (log.data_words_decimal as string[]).map((w) => word(w).slice(2)).join("");
  return {
    ...log,
    data: `0x${words}`,
    blockHash: `0x${"00".repeat(32)}`,
    transactionIndex: "0x0",
  };
}

/** How each sample file is read by the real adapters, and what it must come out as. */
const PARSERS: Record<string, (sample: Sample) => void> = {
  "query-protocol-summary.json": (s) => {
    const summary = wire.protocolSummary.parse(s.body);
    assert.equal(summary.tvl, 14_831_637_903_488n * 10n ** 12n);
    assert.equal(summary.block, 48_068_869);
  },
  "query-protocol-history-1d.json": (s) => {
    const history = wire.protocolHistory.parse(s.body);
    assert.equal(history.points.length, 4);
    assert.equal(history.points[3].traders, 2260);
    assert.equal(history.totals.traders, 2260);
  },
  "query-protocol-queue-summary.json": (s) => {
    const queue = wire.queueSummary.parse(s.synthetic_test_body);
    assert.equal(queue.count, 1);
    const recorded = s.recorded_fixture_parsed;
    const empty = wire.queueSummary.parse({
      ...s.synthetic_test_body,
      ...recorded,
      source: { block: String(recorded.block), at: s.synthetic_test_body.source.at },
    });
    assert.deepEqual([empty.source.block, empty.count], [48_399_239, 0]);
  },
  "state-trading.json": (s) => {
    const instruments = s.instruments.map((t: unknown) => wire.instrumentTuple.parse(t));
    assert.deepEqual(instruments.map((i: { assetIndex: number }) => i.assetIndex), [0, 1]);
  },
  "state-user-live.json": (s) => {
    wire.livenessEvent.parse(s.liveness_event_data);
    const position = wire.positionRow.parse(s.openPositions_row_example);
    assert.deepEqual([position.positionId, position.bustPrice], ["53573", 246_309n]);
  },
  "onchain-exchange-deposit-withdraw-logs.json": (s) => {
    // The chain client checks the answer with its row, then viem formats it.
    const logs = RPC_METHODS.eth_getLogs.schema.parse([rpcLog(s.deposit), rpcLog(s.withdraw)])
      .map((log) => formatLog(log as RpcLog));
    assert.deepEqual(logs.map((l) => l.blockNumber), [48_090_652n, 48_090_737n]);
    assert.equal(logs[0].data.slice(2, 66), word("28580000000").slice(2) as Hex);
  },
};

Deno.test("every recorded sample parses through the real adapters", async () => {
  const files: string[] = [];
  for await (const entry of Deno.readDir(SAMPLES)) files.push(entry.name);
  assert.deepEqual(files.sort(), Object.keys(PARSERS).sort(), "each sample has its parser");
  for (const name of files) {
    PARSERS[name](JSON.parse(await Deno.readTextFile(new URL(name, SAMPLES))));
  }
});

Deno.test("the samples switch serves the recorded summary and 1d history as they are", async () => {
  const upstream = await startReplayUpstream({ faults: { samples: true } });
  try {
    for (
      const [path, file] of [
        ["/query/protocol/summary", "query-protocol-summary.json"],
        ["/query/protocol/history?interval=1d", "query-protocol-history-1d.json"],
      ]
    ) {
      const served = await (await fetch(`${upstream.apiUrl}${path}`)).json();
      const sample = JSON.parse(await Deno.readTextFile(new URL(file, SAMPLES)));
      assert.deepEqual(served, sample.body, path);
    }
    const client = createPapertradeClient({ baseUrl: upstream.apiUrl });
    assert.equal(
      (await client.read("protocolHistory", { interval: "1h" })).intervalMs,
      3_600_000,
      "others stay",
    );
  } finally {
    await upstream.close();
  }
});

Deno.test("with the recorded summary served, the overview shows its figures and misses nothing", async () => {
  await withPages(async ({ get }) => {
    const home = await get("/");
    assert.equal(home.status, 200);
    assert.doesNotMatch(home.body, /Not shown/);
    for (
      const [label, value] of [
        ["Value locked", "$14.83M"],
        ["LP", "$0.00"],
        ["Margin in positions", "$0.00"],
        ["Fees, lifetime", "$0.00"],
        ["Fees, pending", "$0.00"],
        ["PAPER supply", "0 PAPER"],
        ["PAPER staked", "0 PAPER"],
      ]
    ) {
      assert.ok(home.body.includes(`<dt>${label}</dt><dd>${value}</dd>`), label);
    }
    assert.ok(home.body.includes("48,068,869"), "the summary's block");
  }, { faults: { samples: true } });
  await withHarness(async ({ context }) => {
    const { structured } = await callTool(getProtocolOverviewTool, {}, context);
    assert.deepEqual(structured.unavailable, []);
    assert.equal(structured.tvl_usd, 14_831_637.903488);
    assert.deepEqual(
      [structured.margin_usd, structured.lp_usd, structured.fees_lifetime_usd],
      [0, 0, 0],
    );
    assert.deepEqual([structured.paper_supply, structured.paper_staked], [0, 0]);
    // The count comes from the queue summary, which the summary body does not carry.
    const queue = JSON.parse(await Deno.readTextFile(new URL("queue-summary.json", DATA)));
    assert.deepEqual(structured.payout_queue, { owed_usd: 0, wallets: queue.count });
  }, { faults: { samples: true } });
});
