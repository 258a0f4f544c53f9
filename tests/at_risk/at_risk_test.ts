/**
 * The at-risk board over the replay upstream: its first row is the position nearest to bust
 * found by brute force over every wallet, its refresh keeps to the read budget per minute of
 * its injected clock, and it degrades by wallet.
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import { type ReplayClients, withReplayClients } from "../support/replay_clients.ts";
import { createHyperEvmClient } from "../../lib/hyperevm/mod.ts";
import { nearestOf, readAtRiskBoard } from "../../lib/at_risk/board.ts";
import {
  type AtRiskSource,
  createAtRiskSource,
  sharedAtRiskSource,
} from "../../lib/at_risk/refresh.ts";
import { AT_RISK_REFRESH_MS, AT_RISK_TICK_MS } from "../../lib/at_risk/limits.ts";
import type { RecentTrade } from "../../lib/papertrade/wire.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { AtRiskPage } from "../../routes/at_risk/AtRiskBoard.tsx";
import { createToolContext } from "../../tools/context.ts";
import { fetchWalletPositions } from "../../lib/position/positions.ts";
import type { PositionValuation } from "../../lib/position/value_positions.ts";
import { createPapertradeClient, type PapertradeClient } from "../../lib/papertrade/mod.ts";
import { createLiveQuotes } from "../../lib/marks.ts";

/** Every wallet the replay serves (its data file), whatever the leaderboard says. */
const EVERY_WALLET = Object.keys(
  JSON.parse(await Deno.readTextFile(new URL("../../fixtures/data/wallets.json", import.meta.url))),
);

/** The board once the refresh a read found due has landed. */
async function landed(clients: Parameters<typeof readAtRiskBoard>[0], source: AtRiskSource) {
  await source.state();
  await source.settled();
  return readAtRiskBoard(clients, {}, { source });
}

/** A clock the test moves. */
function movableClock(start = catalog.baseTimeMs) {
  let at = start;
  return { now: () => at, advance: (ms: number) => at += ms };
}

Deno.test("the board's first row is the position nearest to bust over every wallet of the replay", async () => {
  await withReplayClients(async (clients) => {
    let nearest: { wallet: string; valued: PositionValuation } | null = null;
    let withPositions = 0;
    for (const wallet of EVERY_WALLET) {
      const { positions } = await fetchWalletPositions(clients, wallet);
      if (positions.length > 0) withPositions += 1;
      for (const valued of positions) {
        const distance = valued.distanceToBustPercent!;
        if (nearest === null || distance < nearest.valued.distanceToBustPercent!) {
          nearest = { wallet, valued };
        }
      }
    }
    const source = createAtRiskSource(clients, { now: clients.now });
    const board = await readAtRiskBoard(clients, {}, { source });
    assert.ok(nearest !== null);
    assert.equal(board.rows[0].wallet, nearest.wallet);
    assert.equal(board.rows[0].position.positionId, nearest.valued.position.positionId);
    assert.equal(board.rows[0].distanceToBustPercent, nearest.valued.distanceToBustPercent);
    assert.equal(board.rows[0].risk, "near_bust");
    assert.equal(board.known.size, withPositions, "every wallet with open positions is known");
    assert.equal(board.covered.size, withPositions);
    assert.equal(board.partial, false);
    assert.equal(board.rows.length, board.rows.filter((row) => row.distanceToBustPercent).length);
    for (let i = 1; i < board.rows.length; i++) {
      assert.ok(board.rows[i - 1].distanceToBustPercent! <= board.rows[i].distanceToBustPercent!);
    }
    // The dollar move to bust is the room between mark and bust, on the right side.
    const first = board.rows[0];
    const room = first.position.isLong
      ? first.mark!.markRaw - first.position.bustPrice
      : first.position.bustPrice - first.mark!.markRaw;
    assert.equal(first.moveToBust, room);
    assert.equal(board.refreshedAt, catalog.baseTimeMs);
  });
});

Deno.test("filters keep one market and one band, still nearest first", async () => {
  await withReplayClients(async (clients) => {
    const source = createAtRiskSource(clients);
    const all = await readAtRiskBoard(clients, {}, { source });
    const eth = await readAtRiskBoard(clients, { market: "ETH" }, { source });
    assert.ok(eth.rows.length > 0 && eth.rows.length < all.rows.length);
    assert.ok(eth.rows.every((row) => row.symbol === "ETH"));
    assert.deepEqual(eth.rows, all.rows.filter((row) => row.symbol === "ETH"));
    const close = await readAtRiskBoard(clients, { band: "close" }, { source });
    assert.deepEqual(close.rows, all.rows.filter((row) => row.risk === "close"));
    assert.deepEqual(all.markets, ["BTC", "ETH"]);
  });
});

/** `clients` with their Papertrade reads counted by name, and the latest trades replaced. */
function counting(clients: ReplayClients, feed?: () => RecentTrade[] | null) {
  const counts: Record<string, number> = {};
  const read = ((name, ...args) => {
    counts[name] = (counts[name] ?? 0) + 1;
    const trades = name === "recentTrades" ? feed?.() : null;
    if (trades) return Promise.resolve({ trades, rowsSkipped: 0 });
    return clients.papertrade.read(name, ...args);
  }) as PapertradeClient["read"];
  return { ...clients, papertrade: { ...clients.papertrade, read }, counts };
}

Deno.test("concurrent readers share one step; the next comes a tick later and re-reads no wallet read under a minute ago", async () => {
  await withReplayClients(async (replay) => {
    const clients = counting(replay);
    const clock = movableClock();
    const source = createAtRiskSource(clients, { now: clock.now });
    const boards = await Promise.all(
      Array.from({ length: 50 }, () => readAtRiskBoard(clients, {}, { source })),
    );
    assert.ok(boards.every((board) => board.refreshedAt === clock.now()));
    const known = boards[0].known.size;
    assert.deepEqual(clients.counts, {
      tradingState: 1,
      recentTrades: 1,
      leaderboard: 1,
      walletStream: known,
    });
    clock.advance(AT_RISK_TICK_MS - 1);
    assert.equal((await readAtRiskBoard(clients, {}, { source })).refreshedAt, catalog.baseTimeMs);
    clock.advance(1);
    // The step now due starts; readers get the last board until it lands.
    const during = await readAtRiskBoard(clients, {}, { source });
    assert.equal(during.refreshedAt, catalog.baseTimeMs);
    await source.settled();
    const next = await readAtRiskBoard(clients, {}, { source });
    assert.equal(next.refreshedAt, catalog.baseTimeMs + AT_RISK_TICK_MS);
    // Only the latest trades were read: no wallet traded, none is a minute old.
    assert.deepEqual(clients.counts, {
      tradingState: 1,
      recentTrades: 2,
      leaderboard: 1,
      walletStream: known,
    });
  });
});

Deno.test("a wallet the latest trades show trading is read again at the next step; the rest wait by closeness to bust", async () => {
  await withReplayClients(async (replay) => {
    let feed: RecentTrade[] | null = null;
    const clients = counting(replay, () => feed);
    const clock = movableClock();
    const source = createAtRiskSource(clients, { now: clock.now });
    const first = await landed(clients, source);
    const [nearest] = first.rows;
    const farthest = first.rows.at(-1)!;
    const trader = first.rows.find((row) => row.wallet !== nearest.wallet)!.wallet;
    const real = await replay.papertrade.read("recentTrades");
    const newest = real.trades[0];
    feed = [{ ...newest, seq: String(BigInt(newest.seq) + 1n), wallet: trader }, ...real.trades];
    clock.advance(AT_RISK_TICK_MS);
    const second = await landed(clients, source);
    const readAt = (board: typeof first, wallet: string) =>
      board.rows.find((row) => row.wallet === wallet)!.readAt;
    assert.equal(readAt(second, trader), clock.now(), "the trader was read again");
    assert.equal(readAt(second, nearest.wallet), catalog.baseTimeMs, "no one else was");
    // A minute on, the wallet nearest to bust is due again; the farthest is not.
    clock.advance(AT_RISK_REFRESH_MS);
    const third = await landed(clients, source);
    assert.equal(readAt(third, nearest.wallet), clock.now());
    assert.ok(farthest.distanceToBustPercent! > 2n * 10n ** 18n, "the farthest is over 2 % away");
    assert.equal(readAt(third, farthest.wallet), catalog.baseTimeMs);
  });
});

Deno.test("a small budget covers the rest on later steps and says it is partial until then", async () => {
  await withReplayClients(async (clients) => {
    const clock = movableClock();
    const source = createAtRiskSource(clients, { now: clock.now, walletReadsPerMinute: 30 });
    const first = await readAtRiskBoard(clients, {}, { source });
    const known = first.known.size;
    assert.ok(known > 60, `${known} wallets known`);
    assert.equal(first.covered.size, 30);
    assert.equal(first.notYetRead, known - 30);
    assert.equal(first.partial, true);
    // Within the same minute the budget is spent: a step reads no wallet.
    clock.advance(20_000);
    const second = await landed(clients, source);
    assert.equal(second.refreshedAt, clock.now());
    assert.equal(second.covered.size, 30);
    // A minute on, the next 30 never-read wallets; then the last ones.
    clock.advance(40_000);
    const third = await landed(clients, source);
    assert.equal(third.covered.size, 60);
    assert.ok([...first.covered].every((wallet) => third.covered.has(wallet)));
    clock.advance(60_000);
    const fourth = await landed(clients, source);
    assert.equal(fourth.covered.size, known);
    assert.equal(fourth.partial, false);
    const reason = nearestOf(first, [...first.known].find((w) => !first.covered.has(w))!);
    assert.deepEqual(reason, { reason: "not read yet (budget)" });
    // The page says so, with how many wallets wait; the full board says nothing of the kind.
    const page = (board: typeof first) =>
      renderToString(h(AtRiskPage, { board, filters: {}, unavailable: [], now: clock.now() }));
    assert.match(page(first), /Partial coverage\.<\/strong>/);
    assert.match(page(first), new RegExp(`${known - 30} wallets wait for the next refresh`));
    assert.match(page(first), new RegExp(`Covers 30 of ${known} wallets`));
    assert.doesNotMatch(page(fourth), /Partial coverage/);
  });
});

Deno.test("the whole leaderboard is read, a few pages a step, and the board is partial until it is", async () => {
  await withReplayClients(async (replay) => {
    const clients = counting(replay);
    const clock = movableClock();
    const source = createAtRiskSource(clients, { now: clock.now, pageSize: 10 });
    const first = await readAtRiskBoard(clients, {}, { source });
    assert.equal(first.known.size, 40, "four pages of ten in the first step");
    assert.equal(first.partial, true);
    let board = first;
    for (let step = 0; step < 5 && board.partial; step++) {
      clock.advance(AT_RISK_TICK_MS);
      board = await landed(clients, source);
    }
    assert.equal(board.partial, false);
    assert.ok(board.known.size > 60, `${board.known.size} wallets`);
    assert.equal(board.covered.size, board.known.size);
    assert.deepEqual(board.unavailable, []);
    assert.equal(clients.counts.leaderboard, Math.ceil((board.known.size + 1) / 10));
  });
});

Deno.test("a failing wallet read drops that wallet and names it; the board still answers", async () => {
  const upstream = await startReplayUpstream({
    port: 0,
    now: () => catalog.baseTimeMs,
    faults: { path: "/state/user/live", status: 500, times: 1 },
  });
  try {
    const clients = {
      papertrade: createPapertradeClient({ baseUrl: upstream.apiUrl, timeoutMs: 5_000 }),
      quotes: createLiveQuotes({ ...upstream, now: () => catalog.baseTimeMs }),
      hyperevm: createHyperEvmClient({ rpcUrl: upstream.rpcUrl }),
      now: () => catalog.baseTimeMs,
    };
    const board = await readAtRiskBoard(clients, {}, { source: createAtRiskSource(clients) });
    assert.equal(board.notRead.length, 1);
    const [failed] = board.notRead;
    assert.match(failed.reason, /\/state\/user\/live answered HTTP 500/);
    assert.equal(board.covered.size, board.known.size - 1);
    assert.equal(board.partial, true);
    assert.ok(!board.rows.some((row) => row.wallet === failed.wallet));
    assert.deepEqual(nearestOf(board, failed.wallet), { reason: "its read failed" });
  } finally {
    await upstream.close();
  }
});

Deno.test("a failing leaderboard fails the first board with the upstream's error, later ones keep the last", async () => {
  await withReplayClients(async (clients) => {
    const clock = movableClock();
    const source = createAtRiskSource(clients, { now: clock.now });
    clients.upstream.setFaults({ path: "/state/leaderboard/accounts", status: 500 });
    await assert.rejects(
      readAtRiskBoard(clients, {}, { source }),
      (error: Error & { endpoint?: string }) => error.endpoint === "/state/leaderboard/accounts",
    );
    clients.upstream.setFaults({});
    clock.advance(10_000);
    const good = await readAtRiskBoard(clients, {}, { source });
    assert.ok(good.rows.length > 0);
    clients.upstream.setFaults({ path: "/state/leaderboard/accounts", status: 500 });
    clock.advance(60_000);
    const kept = await landed(clients, source);
    assert.equal(kept.refreshedAt, clock.now(), "the wallets it knows are still read");
    assert.deepEqual(kept.covered, good.covered);
    assert.deepEqual(kept.rows.length, good.rows.length);
    assert.equal(kept.unavailable[0].part, "wallets with open positions");
    assert.equal(kept.partial, true);
  });
});

Deno.test("pages and tool calls of one process share one board", async () => {
  await withReplayClients((clients) => {
    const deps = { ...clients, config: { siteUrl: "https://explorer.test" } } as unknown as AppDeps;
    const call = createToolContext(deps, new AbortController().signal);
    assert.equal(sharedAtRiskSource(deps), sharedAtRiskSource(call));
    assert.equal(sharedAtRiskSource(call), sharedAtRiskSource({ ...clients }));
    return Promise.resolve();
  });
});
