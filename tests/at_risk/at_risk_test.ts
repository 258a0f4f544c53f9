/**
 * The at-risk board over the replay upstream: its first row is the position nearest to bust
 * found by brute force over every wallet, its refresh keeps to the read budget per minute of
 * its injected clock, and it degrades by wallet.
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import { withReplayClients } from "../support/replay_clients.ts";
import { createHyperEvmClient } from "../../lib/hyperevm/mod.ts";
import { nearestOf, readAtRiskBoard } from "../../lib/at_risk/board.ts";
import {
  type AtRiskSource,
  createAtRiskSource,
  sharedAtRiskSource,
} from "../../lib/at_risk/refresh.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { AtRiskPage } from "../../routes/at_risk/AtRiskBoard.tsx";
import { createToolContext } from "../../tools/context.ts";
import { fetchWalletPositions } from "../../lib/position/positions.ts";
import type { PositionValuation } from "../../lib/position/value_positions.ts";
import { createPapertradeClient } from "../../lib/papertrade/mod.ts";
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

Deno.test("concurrent readers share one refresh, and the next is read only after the interval", async () => {
  await withReplayClients(async (clients) => {
    const clock = movableClock();
    const source = createAtRiskSource(clients, { now: clock.now });
    const before = clients.upstream.stats().requests;
    const boards = await Promise.all(
      Array.from({ length: 50 }, () => readAtRiskBoard(clients, {}, { source })),
    );
    const oneRefresh = clients.upstream.stats().requests - before;
    assert.ok(boards.every((board) => board.refreshedAt === clock.now()));
    // One leaderboard page, the trading state, each known wallet, and the viewers' mark reads.
    assert.ok(oneRefresh < boards[0].known.size + 2 + 50 * 2, `${oneRefresh} requests`);
    clock.advance(59_999);
    const cached = await readAtRiskBoard(clients, {}, { source });
    assert.equal(cached.refreshedAt, catalog.baseTimeMs);
    clock.advance(1);
    // The refresh now due starts; readers get the last board until it lands.
    const during = await readAtRiskBoard(clients, {}, { source });
    assert.equal(during.refreshedAt, catalog.baseTimeMs);
    await source.settled();
    const next = await readAtRiskBoard(clients, {}, { source });
    assert.equal(next.refreshedAt, catalog.baseTimeMs + 60_000);
  });
});

Deno.test("a small budget covers the rest on later refreshes, oldest first, and says it is partial", async () => {
  await withReplayClients(async (clients) => {
    const clock = movableClock();
    const source = createAtRiskSource(clients, {
      now: clock.now,
      refreshMs: 20_000,
      walletReadsPerMinute: 30,
    });
    const first = await readAtRiskBoard(clients, {}, { source });
    const known = first.known.size;
    assert.ok(known > 60, `${known} wallets known`);
    assert.equal(first.covered.size, 30);
    assert.equal(first.notYetRead, known - 30);
    assert.equal(first.partial, true);
    // Within the same minute the budget is spent: a refresh reads no wallet.
    clock.advance(20_000);
    const second = await landed(clients, source);
    assert.equal(second.refreshedAt, clock.now());
    assert.equal(second.covered.size, 30);
    // A minute on, the next 30 never-read wallets; then the last ones and the oldest.
    clock.advance(40_000);
    const third = await landed(clients, source);
    assert.equal(third.covered.size, 60);
    assert.ok([...first.covered].every((wallet) => third.covered.has(wallet)));
    clock.advance(60_000);
    const fourth = await landed(clients, source);
    assert.equal(fourth.covered.size, known);
    assert.equal(fourth.partial, false);
    // Oldest first: every wallet of the first refresh is read again before any of the second.
    assert.equal(fourth.oldestReadAt, catalog.baseTimeMs);
    clock.advance(60_000);
    const fifth = await landed(clients, source);
    assert.equal(fifth.oldestReadAt, catalog.baseTimeMs + 60_000);
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

Deno.test("a wallet list longer than the leaderboard pages the board reads is said to be cut short", async () => {
  await withReplayClients(async (clients) => {
    const source = createAtRiskSource(clients, { now: clients.now, pageSize: 10 });
    const board = await readAtRiskBoard(clients, {}, { source });
    assert.equal(board.known.size, 50, "five pages of ten");
    assert.equal(board.covered.size, 50);
    assert.equal(board.partial, true);
    assert.match(board.unavailable[0].reason, /\b50\b/, "the reason gives how many were read");
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
    assert.equal(kept.refreshedAt, good.refreshedAt);
    assert.deepEqual(kept.rows.length, good.rows.length);
    assert.equal(kept.unavailable[0].part, "wallets with open positions");
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
