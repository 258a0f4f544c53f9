import assert from "node:assert/strict";
import { createPapertradeClient } from "./client.ts";
import { PapertradeApiError } from "./http.ts";
import { PROTOCOL_HISTORY_COLUMNS, type ProtocolHistoryColumn } from "./wire.ts";
import type * as wire from "./wire.ts";
import type { Wire } from "./wire.ts";
import {
  hash,
  json,
  OTHER,
  WALLET,
  WALLET_LOWER,
  wireProtocolSummary,
  wireQueueSummary,
  wireTradingState,
  withServer,
} from "../../tests/support/papertrade.ts";

const WAD = 10n ** 18n;

/** Serves one body per path and records each raw request target (path + query). */
async function withRoutes(
  routes: Record<string, unknown>,
  body: (client: ReturnType<typeof createPapertradeClient>, seen: string[]) => Promise<void>,
): Promise<void> {
  const seen: string[] = [];
  await withServer((request) => {
    const url = new URL(request.url);
    seen.push(url.pathname + url.search);
    return url.pathname in routes
      ? json(routes[url.pathname])
      : new Response(null, { status: 404 });
  }, (base) => body(createPapertradeClient({ baseUrl: `${base}/` }), seen));
}

function wireLeaderboardRow(rank: number): Wire<typeof wire.leaderboardRow> {
  return {
    address: rank === 1 ? WALLET : OTHER,
    leaderboardName: rank === 1 ? "<script>alert(1)</script>" : null,
    rank,
    totalWindowedPnl: "-1500000000000000000000",
    realizedPnl: "250000000000000000000",
    currentUnrealizedPnl: "-1750000000000000000000",
    currentBalance: "1000000000000000000000",
    currentQueued: "0",
    currentOpenNotional: "12500000000000000000000",
    totalVolume: "90000000000000000000000",
    paperTotal: "33000000000000000000",
    currentOpenPositionCount: 2,
  };
}

Deno.test("the trading state read maps instrument tuples to named bigint fields", async () => {
  await withRoutes({ "/state/trading": wireTradingState() }, async (client) => {
    const state = await client.read("tradingState");
    assert.equal(state.tradingPaused, false);
    assert.equal(state.minimumMargin, 10n * WAD);
    assert.equal(state.minimumOpenNotional, 1000n * WAD);
    assert.deepEqual(state.intakeControls, {
      revision: 3,
      paperStakeMinimum: WAD,
      pausedActions: ["PaperDistribute"],
    });
    const [btc, eth] = state.instruments;
    assert.equal(btc.symbol, "BTC");
    assert.equal(btc.priceScale, 10n);
    assert.equal(btc.bustBuffer, 476041580087574n);
    assert.equal(btc.maxPositionNotional, 10_000_000n * WAD);
    assert.equal(btc.longOi, 23590192866625362236353n);
    assert.equal(btc.shortCap, 1207459685939735687074747n);
    assert.equal(btc.frozenBid, null);
    assert.equal(eth.id, 1);
    assert.equal(eth.paused, true);
    assert.equal(eth.frozenAsk, 251230n);
    assert.equal(eth.pausedAt, 1791662616000);
  });
});

Deno.test("the leaderboard read sends its parameters sorted by name, each once", async () => {
  const body: Wire<typeof wire.leaderboardPage> = {
    ok: true,
    summary: { uniqueAccounts: 2, trackedBalance: "2000000000000000000000" },
    accounts: [wireLeaderboardRow(1), wireLeaderboardRow(2)],
    pageInfo: { totalPages: 3, totalItems: 52 },
  };
  await withRoutes({ "/state/leaderboard/accounts": body }, async (client, seen) => {
    const page = await client.read("leaderboard", {
      window: "7d",
      sortKey: "realizedPnl",
      sortDir: "asc",
      page: 1,
      pageSize: 25,
      query: "bob smith",
    });
    await client.read("leaderboard", { query: "  " });
    assert.deepEqual(seen, [
      "/state/leaderboard/accounts?page=1&pageSize=25&query=bob+smith&sortDir=asc&sortKey=realizedPnl&window=7d",
      "/state/leaderboard/accounts?page=0&pageSize=25&sortDir=desc&sortKey=totalWindowedPnl&window=24h",
    ]);
    assert.equal(page.totalItems, 52);
    assert.equal(page.trackedBalance, 2000n * WAD);
    const [first] = page.accounts;
    assert.equal(first.address, WALLET_LOWER);
    assert.equal(first.leaderboardName, "<script>alert(1)</script>");
    assert.equal(first.totalWindowedPnl, -1500n * WAD);
    assert.equal(first.currentOpenPositionCount, 2);
  });
});

Deno.test("the trade-history read sends sorted parameters and maps trades", async () => {
  const body: Wire<typeof wire.tradeHistoryPage> = {
    ok: true,
    wallet: WALLET,
    trades: [{
      positionId: "53573",
      instrumentId: 1,
      isLong: true,
      leverage: 50,
      marginRaw: "250000000000000000000",
      entryPriceRaw: "251215",
      exitPriceRaw: "246309",
      openedAt: 1791662616000,
      closedAt: 1791666216000,
      liquidated: true,
      adjustedPnlRaw: "-250000000000000000000",
      userPaidFeeRaw: "5000000000000000000",
      paperMintedRaw: "25000000000000000000000",
      intentId: null,
      txHash: hash(9),
    }],
    nextCursor: "c2",
  };
  await withRoutes({ "/query/wallet/trades": body }, async (client, seen) => {
    const page = await client.read("tradeHistory", {
      wallet: WALLET,
      cursor: "c1",
      filter: "losses",
    });
    await client.read("tradeHistory", { wallet: WALLET });
    assert.deepEqual(seen, [
      `/query/wallet/trades?cursor=c1&filter=losses&limit=75&wallet=${WALLET_LOWER}`,
      `/query/wallet/trades?filter=all&limit=75&wallet=${WALLET_LOWER}`,
    ]);
    assert.equal(page.wallet, WALLET_LOWER);
    assert.equal(page.nextCursor, "c2");
    const [trade] = page.trades;
    assert.equal(trade.adjustedPnl, -250n * WAD);
    assert.equal(trade.userPaidFee, 5n * WAD);
    assert.equal(trade.exitPrice, 246309n);
    assert.equal(trade.txHash, hash(9));
  });
});

Deno.test("the protocol endpoints map to domain objects", async () => {
  const marketStats: Wire<typeof wire.marketStats> = {
    markets: { "1": { volume_24h: "7" }, "0": { volume_24h: "217800000000000000000000000000" } },
  };
  const queueSummary = wireQueueSummary();
  const row = (seq: string): Wire<typeof wire.recentTrades>["events"][number] => ({
    seq,
    ts: 1791662616000,
    wallet: WALLET,
    instrument: "ETH",
    instrumentId: 1,
    instrumentTerminal: false,
    side: "long",
    leverage: 50,
    notionalUsd: 12500,
    intentId: null,
    positionId: "53573",
    kind: "liquidation",
    entry: 2512.15,
    exit: 2463.09,
    pnlUsd: -250,
  });
  const recent: Wire<typeof wire.recentTrades> = {
    ok: true,
    count: 5,
    events: ["99", "98", "97", "96", "95"].map(row),
  };
  await withRoutes({
    "/query/protocol/summary": wireProtocolSummary(),
    "/query/protocol/market-stats": marketStats,
    "/query/protocol/queue-summary": queueSummary,
    "/query/protocol/trades/recent": recent,
    "/relayer/health": { ok: true, ready: false },
  }, async (client, seen) => {
    const summary = await client.read("protocolSummary");
    assert.equal(summary.block, 48399239);
    assert.equal(summary.tvl, 14_760_000n * WAD);
    assert.equal(summary.lp, -4840851050000000000000000n);
    assert.equal(summary.openPositions, 812);
    assert.equal(summary.queueOwed, 12n * WAD);
    assert.deepEqual([summary.paperSupply, summary.paperStaked], [1000n, 600n]);

    const stats = await client.read("marketStats");
    assert.deepEqual(stats.markets.map((m) => m.instrumentId), [0, 1]);
    assert.equal(stats.markets[0].volume24h, 217_800_000_000n * WAD);

    const queue = await client.read("queueSummary");
    assert.equal(queue.count, 1);
    assert.equal(queue.source.block, 5);

    const { trades } = await client.read("recentTrades");
    assert.deepEqual(trades.map((t) => t.seq), ["99", "98", "97", "96", "95"]);
    const [trade] = trades;
    assert.equal(trade.wallet, WALLET_LOWER);
    assert.equal(trade.kind, "liquidation");
    assert.equal(trade.isLong, true);
    assert.equal(trade.pnlUsd, -250);

    assert.deepEqual(await client.read("relayerHealth"), { ok: true, ready: false });
    // No query string: the upstream takes none; callers keep the newest rows they need.
    assert.ok(seen.includes("/query/protocol/trades/recent"));
  });
});

Deno.test("the protocol history read asks for the interval and turns the columns into points", async () => {
  const column = [1, 2, 3];
  const body: Wire<typeof wire.protocolHistory> = {
    startMs: 1791100000000,
    intervalMs: 3_600_000,
    columns: {
      ...Object.fromEntries(PROTOCOL_HISTORY_COLUMNS.map((name) => [name, column])) as Record<
        ProtocolHistoryColumn,
        number[]
      >,
      traderPnl: [-1, null, 1],
    },
    source: { asOfMs: 1791110800000, revision: "2772", generation: "0xff:34" },
    totals: {
      tvlRaw: "14760000000000000000000000",
      rewardsRaw: "0",
      volumeRaw: "5",
      liquidationRaw: "0",
      tradesRaw: "4821",
      usersRaw: "2260",
      stakerFees24hRaw: "0",
    },
  };
  await withRoutes({ "/query/protocol/history": body }, async (client, seen) => {
    const history = await client.read("protocolHistory", { interval: "1h" });
    assert.deepEqual(seen, ["/query/protocol/history?interval=1h"]);
    assert.equal(history.asOfMs, 1791110800000);
    assert.equal(history.totals.valueLocked, 14_760_000n * WAD);
    assert.deepEqual([history.totals.trades, history.totals.traders], [4821, 2260]);
    assert.deepEqual(history.points.map((p) => [p.at, p.traderPnlUsd]), [
      [1791100000000, -1],
      [1791103600000, null],
      [1791107200000, 1],
    ]);
  });
  body.columns.users = [1, 2];
  await withRoutes({ "/query/protocol/history": body }, async (client) => {
    const error = await client.read("protocolHistory", { interval: "1d" }).catch((e) => e);
    assert.ok(error instanceof PapertradeApiError);
    assert.equal(error.kind, "schema");
    assert.match(
      error.message,
      /^upstream changed: \/query\/protocol\/history .*has 2 points, expected 3.* → at columns\.users$/,
    );
  });
});

Deno.test("a block number past 2^53 is a schema error, not a rounded number", async () => {
  const body = wireProtocolSummary();
  body.source.block = "9007199254740993";
  await withRoutes({ "/query/protocol/summary": body }, async (client) => {
    const error = await client.read("protocolSummary").catch((e) => e);
    assert.ok(error instanceof PapertradeApiError);
    assert.equal(error.kind, "schema");
    assert.match(error.message, /9007199254740993 is too large.* → at source\.block$/);
  });
});
