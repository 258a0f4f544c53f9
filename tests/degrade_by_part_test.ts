/**
 * Degrading by part, table-driven: for every page family and every tool that makes more than
 * one read, each read is broken in turn (an HTTP 500, then a malformed answer) through the
 * replay upstream's fault injection. The page must still answer 200 and the tool a result
 * (not an error), showing the rest and naming the failed part and its endpoint. Breaking the
 * one read a page cannot do without (the account, the transaction) still fails the page.
 */
import assert from "node:assert/strict";
import type { Faults, FaultSet } from "../fixtures/mod.ts";
import { catalog, withPages } from "./harness.ts";
import { callTool, withHarness } from "./support/tools.ts";
import { findTool } from "../tools/types.ts";
import { TOOLS as REGISTRY } from "../tools/registry.ts";
import { CONTRACTS } from "../lib/hyperevm/addresses.ts";

/** One upstream read: how to break it, the part it feeds and the endpoint named for it. */
interface Read {
  /** An API path prefix, or a JSON-RPC method. */
  read: string;
  part: string;
  endpoint: string;
}

const api = (path: string, part: string, endpoint = path): Read => ({
  read: path,
  part,
  endpoint,
});
const rpc = (method: string, part: string): Read => ({ read: method, part, endpoint: method });
/** The live marks: both of their sources (the BBO precompile, then l2Book) broken at once. */
const MARKS: Read = { read: "eth_call and /info", part: "live marks", endpoint: "eth_call" };
/** The Exchange's winFeeRate(): an eth_call to the Exchange (the precompile's still answer). */
const WIN_FEE: Read = { read: "eth_call to the Exchange", part: "win fee", endpoint: "eth_call" };
/** The staking accumulator: the protocol summary's paper.accumulator. */
const ACCUMULATOR = api("/query/protocol/summary", "staking rewards");

/** The two faults, aimed at one read (at every source of it). */
function faultsFor(read: Read): Array<[string, Faults]> {
  const aims: FaultSet[] = read === MARKS
    ? [{ target: "rpc", rpcMethod: "eth_call" }, { target: "api", path: "/info" }]
    : read === WIN_FEE
    ? [{ target: "rpc", rpcMethod: "eth_call", rpcTo: CONTRACTS.exchange }]
    : read.read.startsWith("/")
    ? [{ target: "api", path: read.read }]
    : [{ target: "rpc", rpcMethod: read.read }];
  return [
    ["HTTP 500", aims.map((aim) => ({ ...aim, status: 500 as const }))],
    ["malformed answer", aims.map((aim) => ({ ...aim, malformed: true }))],
  ];
}

const whale = catalog.wallets.whale.address;
const pending = catalog.wallets.pending_ops.address;
const settled = catalog.intents.settled_in_window;
const batch = catalog.transactions.multi_wallet_batch.hash;
const openPosition = catalog.positions.open;

const HOME_READS = [
  api("/state/trading", "markets"),
  MARKS,
  api("/query/protocol/summary", "protocol totals"),
  api("/query/protocol/market-stats", "24-hour volumes"),
  api("/query/protocol/trades/recent", "latest trades"),
  api("/query/protocol/queue-summary", "payout queue"),
  api("/relayer/health", "relayer health"),
];

/** Page families: the path, its degradable reads, and text that shows the rest arrived. */
const PAGES: Array<{ family: string; path: string; reads: Read[]; rest: RegExp }> = [
  { family: "home", path: "/", reads: HOME_READS, rest: /<h2[^>]*>Latest trades<\/h2>/ },
  {
    family: "wallet",
    path: `/wallet/${pending}`,
    reads: [
      api("/state/trading", "markets"),
      MARKS,
      WIN_FEE,
      ACCUMULATOR,
      api("/queue-rank/", "queue positions", "/queue-rank/accounts/{wallet}"),
      api("/state/leaderboard/accounts", "leaderboard standing"),
      api("/query/wallet/trades", "trade history"),
    ],
    rest: /id="pending"/,
  },
  {
    family: "transaction",
    path: `/tx/${batch}`,
    reads: [
      rpc("eth_getTransactionReceipt", "receipt (status, gas, events)"),
      rpc("eth_getBlockByNumber", "block time"),
    ],
    rest: new RegExp(batch),
  },
  {
    family: "intent",
    path: `/intent/${settled.id}?wallet=${settled.wallet}`,
    reads: [
      api("/query/protocol/trades/recent", "latest trades"),
      api("/state/user/live", "pending intents"),
      rpc("eth_getLogs", "settlement"),
    ],
    rest: new RegExp(settled.id),
  },
  {
    family: "position",
    path: `/position/${openPosition.id}?wallet=${openPosition.owner}`,
    reads: [
      api("/state/trading", "position valuations"),
      MARKS,
      WIN_FEE,
    ],
    rest: new RegExp(`#${openPosition.id}: open`),
  },
];

for (const page of PAGES) {
  for (const read of page.reads) {
    for (const [fault, faults] of faultsFor(read)) {
      Deno.test(`${page.family} page: ${fault} on ${read.read} shows the rest and names ${read.part}`, async () => {
        await withPages(async ({ get }) => {
          const res = await get(page.path);
          assert.equal(res.status, 200, res.body.slice(0, 400));
          assert.match(res.body, page.rest, "the parts that arrived are shown");
          const notice = res.body.match(/<div class="notice part-unavailable"[^]*?<\/div>/g) ?? [];
          const named = notice.find((html) =>
            html.includes(`<strong>${escapeHtml(read.part)}</strong>`)
          );
          assert.ok(named, `a notice names ${read.part}`);
          assert.ok(named.includes(read.endpoint), `the notice names ${read.endpoint}`);
        }, { faults });
      });
    }
  }
}

Deno.test("a page whose essential read fails still answers with an error status", async () => {
  for (
    const [path, faults] of [
      [`/wallet/${pending}`, { target: "api", path: "/state/user/live", status: 500 }],
      [`/tx/${batch}`, { target: "rpc", rpcMethod: "eth_getTransactionByHash", status: 500 }],
    ] as Array<[string, Faults]>
  ) {
    await withPages(async ({ get }) => {
      const res = await get(path);
      assert.equal(res.status, 502, path);
    }, { faults });
  }
  // Every read of the home page failing leaves nothing usable.
  await withPages(async ({ get }) => {
    assert.equal((await get("/")).status, 502);
  }, { faults: { target: "api", status: 500 } });
});

/** Multi-read tools: arguments, degradable reads, and a check that the rest arrived. */
const TOOLS: Array<{
  tool: string;
  args: Record<string, unknown>;
  reads: Read[];
  rest: (structured: Record<string, unknown>) => boolean;
}> = [
  {
    tool: "get_protocol_overview",
    args: { recent_trades: 5 },
    reads: HOME_READS,
    rest: (s) => s.tvl_usd !== null || (s.markets as unknown[]).length > 0,
  },
  {
    tool: "get_wallet",
    args: { address: whale },
    reads: [ACCUMULATOR, api("/state/leaderboard/accounts", "leaderboard standing")],
    rest: (s) => s.address === whale && typeof s.balance_usd === "number",
  },
  {
    tool: "get_positions",
    args: { address: whale },
    reads: [api("/state/trading", "position valuations"), MARKS, WIN_FEE],
    rest: (s) => (s.positions as unknown[]).length > 0,
  },
  {
    tool: "get_intents",
    args: { address: pending },
    reads: [api("/queue-rank/", "queue positions", "/queue-rank/accounts/{wallet}")],
    rest: (s) => (s.pending as unknown[]).length > 0,
  },
  {
    tool: "get_trade_history",
    args: { address: whale },
    reads: [api("/state/trading", "market prices")],
    rest: (s) => (s.trades as unknown[]).length > 0,
  },
  {
    tool: "lookup_intent",
    args: { intent_id: settled.id, wallet: settled.wallet },
    reads: [
      api("/query/protocol/trades/recent", "latest trades"),
      api("/state/user/live", "pending intents"),
      rpc("eth_getLogs", "settlement"),
    ],
    rest: (s) => s.intent_id === settled.id,
  },
  {
    tool: "decode_transaction",
    args: { tx_hash: batch },
    reads: [
      rpc("eth_getTransactionReceipt", "receipt (status, gas, events)"),
      rpc("eth_getBlockByNumber", "block time"),
    ],
    rest: (s) => s.found === true && s.is_batch === true,
  },
  {
    tool: "search",
    args: { query: whale },
    reads: [ACCUMULATOR, api("/state/leaderboard/accounts", "leaderboard standing")],
    rest: (s) => s.kind === "wallet",
  },
];

for (const { tool: name, args, reads, rest } of TOOLS) {
  for (const read of reads) {
    for (const [fault, faults] of faultsFor(read)) {
      Deno.test(`${name}: ${fault} on ${read.read} answers with the rest and names ${read.part}`, async () => {
        await withHarness(async ({ context }) => {
          const { structured, text } = await callTool(findTool(REGISTRY, name)!, args, context);
          const result = structured as Record<string, unknown>;
          assert.ok(rest(result), "the reads that answered are in the result");
          const unavailable = result.unavailable as Array<{ part: string; reason: string }>;
          const named = unavailable.find((item) => item.part === read.part);
          assert.ok(named, `unavailable names ${read.part}: ${JSON.stringify(unavailable)}`);
          assert.ok(named.reason.includes(read.endpoint), named.reason);
          assert.ok(text.includes(read.part), "the text names the part too");
        }, { faults, retry: { maxAttempts: 1 } });
      });
    }
  }
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
