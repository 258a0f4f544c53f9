/**
 * The "model wrong" matrix: for every modelled item the replay can switch to a plausible but
 * different shape (`Faults.modelWrong`), every page family and every tool answers without a
 * server error, still shows its facts, and names the gap (a page notice, `unavailable`) wherever
 * it reads the item. A second check keeps the matrix and the modelled items from drifting: every
 * item of the tables, and every `modelled: [id]` comment of the adapters, has a switch.
 */
import assert from "node:assert/strict";
import { catalog, withPages } from "./harness.ts";
import { callTool, withHarness } from "./support/tools.ts";
import { findTool } from "../tools/types.ts";
import { TOOLS } from "../tools/registry.ts";
import { ToolError } from "../tools/types.ts";
import { MODELLED_SHAPES } from "../lib/papertrade/mod.ts";
import { MODELLED_ITEM_IDS } from "../fixtures/mod.ts";
import { PAPERTRADE_ENDPOINTS, type PapertradeEndpointName } from "../lib/papertrade/mod.ts";
import {
  CHAIN_SWITCH_IDS,
  type Faults,
  PAPERTRADE_SWITCHES,
  startReplayUpstream,
} from "../fixtures/mod.ts";

const whale = catalog.wallets.whale;
const pending = catalog.wallets.pending_ops.address;
const open = catalog.positions.open;
const settled = catalog.intents.settled_in_window;
const batch = catalog.transactions.multi_wallet_batch.hash;

/** What one surface reads (and so must name the gaps of) and the facts it must still show. */
interface Surface {
  name: string;
  names: PapertradeEndpointName[];
}

interface PageSurface extends Surface {
  path: string;
  facts: RegExp[];
}

interface ToolSurface extends Surface {
  args: Record<string, unknown>;
  facts: (result: Record<string, unknown>) => boolean;
  /** The read the tool cannot do without; when its path is switched off, the tool may fail. */
  essential?: PapertradeEndpointName;
}

const OVERVIEW: PapertradeEndpointName[] = ["tradingState", "recentTrades"];
const ACCOUNT: PapertradeEndpointName[] = ["walletStream", "tradingState"];

const PAGES: PageSurface[] = [
  { name: "home", path: "/", names: OVERVIEW, facts: [/<dt>Value locked<\/dt>/, /BTC/] },
  { name: "markets", path: "/markets", names: ["tradingState"], facts: [/Bust buffer/] },
  { name: "market", path: "/markets/ETH", names: ["tradingState"], facts: [/ETH market/] },
  {
    name: "wallet",
    path: `/wallet/${whale.address}`,
    names: [...ACCOUNT, "queueRank", "leaderboard", "tradeHistory"],
    facts: [/Open positions/, new RegExp(whale.address)],
  },
  {
    name: "pending wallet",
    path: `/wallet/${pending}`,
    names: [...ACCOUNT, "queueRank", "leaderboard", "tradeHistory"],
    facts: [/id="pending"/],
  },
  {
    name: "position",
    path: `/position/${open.id}?wallet=${open.owner}`,
    names: ACCOUNT,
    facts: [new RegExp(`#${open.id}: open`)],
  },
  { name: "leaderboard", path: "/leaderboard", names: ["leaderboard"], facts: [/Leaderboard/] },
  {
    name: "intent",
    path: `/intent/${settled.id}?wallet=${settled.wallet}`,
    names: [],
    facts: [new RegExp(settled.id)],
  },
  { name: "transaction", path: `/tx/${batch}`, names: [], facts: [new RegExp(batch)] },
  {
    name: "search",
    path: `/search?q=${encodeURIComponent(whale.leaderboardName)}`,
    names: [],
    facts: [new RegExp(whale.address)],
  },
  { name: "preview", path: `/w/${whale.address}`, names: [], facts: [new RegExp(whale.address)] },
  {
    name: "live positions",
    path: `/wallet/${whale.address}/positions.json`,
    names: [],
    facts: [/"positions":\[\{/],
  },
  // Issue 19's surfaces: each must keep its facts when a model is wrong (the board's candidate
  // count is modelled: without it every leaderboard wallet is a candidate).
  { name: "at risk", path: "/at-risk", names: [], facts: [/Covers [1-9]\d* of [1-9]\d* wallets/] },
  {
    name: "watchlist read",
    path: `/watchlist.json?w=${whale.address}`,
    names: [],
    facts: [new RegExp(`"address":"${whale.address}"`)],
  },
  {
    name: "wallet feed",
    path: `/wallet/${whale.address}/feed.atom`,
    names: [],
    facts: [/<entry>/],
  },
  { name: "liquidations feed", path: "/liquidations.atom", names: [], facts: [/<feed /] },
  {
    name: "liquidations",
    path: "/liquidations",
    names: ["recentTrades", "tradeHistory"],
    facts: [/<code>Liquidated<\/code> events of blocks/, /data-position="\d+"/],
  },
];

const TOOL_SURFACES: ToolSurface[] = [
  {
    name: "get_wallet",
    args: { address: whale.address },
    names: [...ACCOUNT, "leaderboard"],
    facts: (s) => typeof s.balance_usd === "number",
  },
  {
    name: "get_positions",
    args: { address: whale.address },
    names: ACCOUNT,
    facts: (s) =>
      (s.positions as Array<{ mark_price: unknown }>).length === whale.openPositions &&
      (s.positions as Array<{ mark_price: unknown }>).every((p) =>
        typeof p.mark_price === "number"
      ),
  },
  {
    name: "get_intents",
    args: { address: pending },
    names: ["walletStream", "queueRank"],
    facts: (s) => (s.pending as unknown[]).length > 0,
  },
  {
    name: "lookup_intent",
    args: { intent_id: settled.id, wallet: settled.wallet },
    names: [],
    facts: (s) => s.intent_id === settled.id,
  },
  {
    name: "decode_transaction",
    args: { tx_hash: batch },
    names: [],
    facts: (s) => s.found === true,
  },
  {
    name: "get_leaderboard",
    args: {},
    names: ["leaderboard"],
    facts: (s) => (s.accounts as Array<{ address: string }>).every((a) => /^0x/.test(a.address)),
  },
  {
    name: "get_trade_history",
    args: { address: whale.address },
    names: ["tradingState"],
    facts: (s) => (s.trades as unknown[]).length > 0,
    essential: "tradeHistory",
  },
  {
    name: "get_protocol_overview",
    args: {},
    names: OVERVIEW,
    facts: (s) =>
      typeof s.tvl_usd === "number" &&
      (s.markets as Array<{ mark_price: unknown }>).every((m) => typeof m.mark_price === "number"),
  },
  {
    name: "search",
    args: { query: whale.address },
    names: [],
    facts: (s) => s.kind === "wallet",
  },
  {
    name: "get_liquidations",
    args: {},
    names: ["recentTrades", "tradeHistory"],
    facts: (s) => (s.liquidations as unknown[]).length > 0 && s.events_to_block !== null,
  },
  {
    name: "get_positions_at_risk",
    args: {},
    names: [],
    facts: (s) =>
      (s.positions as Array<{ mark_price: unknown }>).length > 0 &&
      (s.positions as Array<{ mark_price: unknown }>).every((p) =>
        typeof p.mark_price === "number"
      ),
  },
];

/** The item's field patterns as a page names them (`<code>…`) and a tool (`field`). */
function gapNamed(
  shape: (typeof MODELLED_SHAPES)[number],
  unavailable: ReadonlyArray<{ part: string; field?: string }>,
): boolean {
  const part = PAPERTRADE_ENDPOINTS[shape.name].part;
  if (shape.fields.includes("")) return unavailable.some((u) => u.part === part && !u.field);
  return unavailable.some((u) => shape.fields.some((f) => u.field?.startsWith(f)));
}

/** The page's notices as unavailable entries: `<strong>part</strong>` and `<code>field</code>`. */
function noticesOf(html: string): Array<{ part: string; field?: string }> {
  const notices = html.match(/<div class="notice part-unavailable"[^]*?<\/div>/g) ?? [];
  return notices.flatMap((notice) =>
    [...notice.matchAll(/<strong>([^<]*)<\/strong>(?: field <code>([^<]*)<\/code>)?/g)].map((
      [, part, field],
    ) => field === undefined ? { part } : { part, field })
  );
}

type Shape = (typeof MODELLED_SHAPES)[number];

/** Every page answers under `faults` and shows its facts; pages reading `shape` name its gap. */
async function checkPages(faults: Faults, shape?: Shape): Promise<void> {
  // Patches arrive only on live streams; no page or tool reads one.
  const read = shape && !shape.fields.every((field) => field.startsWith("patch."));
  await withPages(async ({ get }) => {
    for (const page of PAGES) {
      const res = await get(page.path);
      assert.ok(res.status < 500, `${page.name}: ${res.status}`);
      // A search with one match redirects to it.
      const shown = res.status >= 300 && res.status < 400
        ? res.headers.get("location") ?? ""
        : res.body;
      for (const fact of page.facts) assert.match(shown, fact, `${page.name} shows ${fact}`);
      if (read && page.names.includes(shape.name)) {
        assert.ok(gapNamed(shape, noticesOf(res.body)), `${page.name} names ${shape.item}`);
      }
    }
  }, { faults });
}

/** Every tool answers under `faults` and keeps its facts; tools reading `shape` name its gap. */
async function checkTools(faults: Faults, shape?: Shape): Promise<void> {
  const read = shape && !shape.fields.every((field) => field.startsWith("patch."));
  await withHarness(async ({ context }) => {
    for (const tool of TOOL_SURFACES) {
      let structured: Record<string, unknown>;
      try {
        structured = (await callTool(findTool(TOOLS, tool.name)!, tool.args, context))
          .structured as Record<string, unknown>;
      } catch (error) {
        // Only a tool whose one essential read has a wrong path may fail, saying so.
        assert.ok(error instanceof ToolError && error.upstream, `${tool.name}: ${error}`);
        assert.equal(tool.essential, shape?.name, `${tool.name} failed: ${error.message}`);
        assert.match(error.message, new RegExp(shape!.endpoint));
        continue;
      }
      assert.ok(tool.facts(structured), `${tool.name} keeps its facts`);
      if (read && tool.names.includes(shape.name)) {
        const unavailable = structured.unavailable as Array<{ part: string; field?: string }>;
        assert.ok(gapNamed(shape, unavailable), `${tool.name} names ${shape.item}`);
      }
    }
  }, { faults, retry: { maxAttempts: 1 } });
}

for (const shape of MODELLED_SHAPES) {
  const faults = { modelWrong: [shape.item] };
  Deno.test(`model wrong ${shape.item}: every page answers, shows its facts and names the gap`, () =>
    checkPages(faults, shape));
  Deno.test(`model wrong ${shape.item}: every tool answers, keeps its facts and names the gap`, () =>
    checkTools(faults, shape));
}

// The chain items' gaps are named on the settlement pages (tests/model_wrong_chain_test.ts);
// here every other page and tool must stand unchanged.
for (const id of CHAIN_SWITCH_IDS) {
  Deno.test(`model wrong ${id}: every page and tool answers and shows its facts`, async () => {
    await checkPages({ modelWrong: [id] });
    await checkTools({ modelWrong: [id] });
  });
}

Deno.test("every modelled item has a switch, and each switch changes what the replay answers", async () => {
  assert.deepEqual(
    MODELLED_ITEM_IDS.filter((id) =>
      !PAPERTRADE_SWITCHES.includes(id) && !CHAIN_SWITCH_IDS.includes(id)
    ),
    [],
  );
  assert.ok(CHAIN_SWITCH_IDS.every((id) => MODELLED_ITEM_IDS.includes(id)));
  const paths: Record<PapertradeEndpointName, string> = {
    tradingState: "/state/trading",
    walletStream: `/state/user/live?wallet=${pending}`,
    queueRank: `/queue-rank/accounts/${pending}`,
    leaderboard:
      "/state/leaderboard/accounts?page=0&pageSize=25&sortDir=desc&sortKey=totalWindowedPnl&window=all",
    tradeHistory: `/query/wallet/trades?wallet=${whale.address}`,
    protocolSummary: "/query/protocol/summary",
    marketStats: "/query/protocol/market-stats",
    queueSummary: "/query/protocol/queue-summary",
    recentTrades: "/query/protocol/trades/recent",
    protocolHistory: "/query/protocol/history?interval=1d",
    relayerHealth: "/relayer/health",
    queryHealth: "/query/health",
  };
  const upstream = await startReplayUpstream();
  try {
    const answer = async (path: string) => {
      const res = await fetch(`${upstream.apiUrl}${path}`);
      if (!path.startsWith("/state/user/live")) return `${res.status} ${await res.text()}`;
      // The stream never ends: the first two frames are enough.
      const reader = res.body!.getReader();
      let text = "";
      while ((text.match(/\n\n/g) ?? []).length < 2) {
        text += new TextDecoder().decode((await reader.read()).value);
      }
      await reader.cancel();
      return text;
    };
    for (const shape of MODELLED_SHAPES) {
      if (shape.fields.every((field) => field.startsWith("patch."))) continue;
      upstream.setFaults({});
      const right = await answer(paths[shape.name]);
      upstream.setFaults({ modelWrong: [shape.item] });
      assert.notEqual(await answer(paths[shape.name]), right, `${shape.item} changes the answer`);
    }
  } finally {
    await upstream.close();
  }
});

Deno.test("the patch-keys switch renames the keys of the stream's patches", async () => {
  const upstream = await startReplayUpstream({
    patchEveryMs: 5,
    faults: { modelWrong: ["walletStream.patchKeys"] },
  });
  try {
    const res = await fetch(`${upstream.apiUrl}/state/user/live?wallet=${pending}`);
    const reader = res.body!.getReader();
    let text = "";
    // The second patch of a wallet with pending intents ends one (`patchOf`, fixtures/_sse.ts).
    const ended = /"endedIntents(Raw)?":/;
    while (!ended.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    assert.match(text, /"endedIntentsRaw":/);
    assert.doesNotMatch(text, /"endedIntents":/);
  } finally {
    await upstream.close();
  }
});

const ADAPTERS = ["lib/papertrade/", "lib/hyperevm/", "lib/hyperliquid/"];

Deno.test("every modelled: comment of the adapters names items that have a switch", async () => {
  const found: string[] = [];
  for (const folder of ADAPTERS) {
    for await (const entry of Deno.readDir(new URL(`../${folder}`, import.meta.url))) {
      if (!entry.name.endsWith(".ts") || entry.name.endsWith("_test.ts")) continue;
      const text = await Deno.readTextFile(new URL(`../${folder}${entry.name}`, import.meta.url));
      for (const [, ids] of text.matchAll(/(?:\/\/|\*)\s*modelled:\s*(\S[^\n]*)/g)) {
        const named = ids.match(/^\[([^\]]+)\]/);
        assert.ok(named, `${folder}${entry.name}: "modelled: ${ids}" names no item`);
        for (const id of named[1].split(",").map((s) => s.trim())) {
          assert.ok(MODELLED_ITEM_IDS.includes(id), `${folder}${entry.name}: unknown item ${id}`);
          found.push(id);
        }
      }
    }
  }
  assert.ok(found.length >= MODELLED_SHAPES.length, "the scan finds the comments");
});
