/**
 * Issue 27 with real processes: explorers (`main.ts`) on one KV_PATH over one replay upstream in
 * its own process, its counting door telling what they read (`bench/processes.ts`).
 *
 * - The at-risk board's upstream reads with 3 processes are at most 1.1 × those of 1 process.
 * - `kill -9` of the board's leader hands the lead to another (the lease shortened to 10 s), whose
 *   steps go on, while no viewer of the survivors sees an error.
 * - The mark charts of a position are the same on every process, and after a restart.
 *
 * Everything binds 127.0.0.1; every wait is bounded (a guard ends a case that would hang, it
 * times nothing).
 */
import assert from "node:assert/strict";
import { catalog } from "../fixtures/mod.ts";
import {
  chartData,
  type Deployment,
  pageViewers,
  type ReplayProcess,
  startDeployment,
  startReplayProcess,
} from "../bench/processes.ts";
import { LEASE_KEY } from "../lib/at_risk/board_home.ts";
import { AT_RISK_FOLLOW_MS } from "../lib/at_risk/refresh.ts";
import type { LeaseRow } from "../lib/kv/lease.ts";

/** What the board reads (the door's kinds); /at-risk reads nothing else of the API. */
const BOARD_READS = [
  "GET /state/user/live",
  "GET /state/leaderboard/accounts",
  "GET /state/trading",
  "GET /query/protocol/trades/recent",
];
/** Short enough for a quick test, long enough that a loaded machine never lets a live lease lapse. */
const LEASE_MS = 10_000;
/** An open BTC position of the committed data (instrument 0). */
const POSITION = catalog.positions.close[0];

async function boardReadsDuring(replay: ReplayProcess, run: () => Promise<unknown>) {
  const before = await replay.counts();
  await run();
  const after = await replay.counts();
  const read = BOARD_READS.map((kind) => [kind, (after[kind] ?? 0) - (before[kind] ?? 0)] as const);
  return Object.assign(read.reduce((sum, [, n]) => sum + n, 0), {
    toString: () => JSON.stringify(Object.fromEntries(read)),
  });
}

/** Viewers of /at-risk for two board steps (10 s apart), spread over the processes. */
function atRiskViewers(urls: () => string[]) {
  return pageViewers({ urls, path: "/at-risk", viewers: 6, everyMs: 1_000, durationMs: 11_000 });
}

async function leaseRow(d: Deployment): Promise<LeaseRow | null> {
  const kv = await Deno.openKv(d.kvPath);
  try {
    return (await kv.get<LeaseRow>(LEASE_KEY)).value;
  } finally {
    kv.close();
  }
}

/** Waits (bounded) until `check` holds, polling every 200 ms. */
async function until<T>(check: () => Promise<T | null | undefined | false>, what: string) {
  for (let tries = 0; tries < 300; tries++) {
    const found = await check();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gave up waiting: ${what}`);
}

/** The charts of one market as a process draws them: a position's marks, the market's OI and price. */
interface Drawn {
  position: ReturnType<typeof chartData>;
  oi: ReturnType<typeof chartData>;
  price: ReturnType<typeof chartData>;
}

async function page(url: string, path: string) {
  const response = await fetch(new URL(path, url));
  assert.equal(response.status, 200, path);
  return await response.text();
}

/**
 * The charts of {@link POSITION}'s market on each of `urls`, read one process after the other
 * within one 5 s bucket of the history. Each read records the market's mark in the shared
 * history: within one bucket the first sample stays, so every read must draw the same samples. A
 * round that crossed into the next bucket (a slow machine) is read again (at most 10 rounds).
 */
async function charts(urls: string[]): Promise<Drawn[]> {
  for (let round = 0; round < 10; round++) {
    while (Date.now() % 5_000 > 500) await new Promise((resolve) => setTimeout(resolve, 20));
    const bucket = Math.floor(Date.now() / 5_000);
    const drawn: Drawn[] = [];
    for (const url of urls) {
      const position = chartData(
        await page(url, `position/${POSITION.id}/chart?wallet=${POSITION.owner}`),
        "position-chart",
      );
      const market = await page(url, "markets/BTC");
      drawn.push({ position, oi: chartData(market, "oi-"), price: chartData(market, "price-") });
    }
    if (Math.floor(Date.now() / 5_000) === bucket) return drawn;
  }
  throw new Error("no round of reads fitted in one 5 s bucket");
}

function assertSameCharts(drawn: Drawn[]) {
  for (const chart of drawn) {
    assert.deepEqual(chart.position.rows, drawn[0].position.rows, "the position's mark chart");
    assert.deepEqual(chart.oi.rows, drawn[0].oi.rows, "the open-interest chart");
    assert.deepEqual(chart.price.rows, drawn[0].price.rows, "the price chart");
  }
}

Deno.test("3 processes on one KV: one board (≤ 1.1 × one process's reads), its leader killed with kill -9 handed on, the same charts everywhere and after a restart", async () => {
  const replay = await startReplayProcess();
  try {
    const env = { AT_RISK_LEASE_MS: String(LEASE_MS) };
    const one = await startDeployment({ processes: 1, replay, env });
    let single: number;
    try {
      single = await boardReadsDuring(replay, async () => {
        const seen = await atRiskViewers(one.urls);
        assert.deepEqual(Object.keys(seen.statuses), ["200"]);
      });
    } finally {
      await one.close();
    }
    const d = await startDeployment({ processes: 3, replay, env });
    try {
      const three = await boardReadsDuring(replay, async () => {
        const seen = await atRiskViewers(d.urls);
        assert.deepEqual(Object.keys(seen.statuses), ["200"]);
      });
      assert.ok(single > 50, `one process read ${single}`);
      assert.ok(three <= 1.1 * single, `3 processes read ${three}, one ${single}`);
      console.log(`board reads: 1 process ${single}, 3 processes ${three}`);

      // The same chart on the three, drawn from the shared history (and candles before it).
      await pageViewers({
        urls: d.urls,
        path: "/markets/BTC",
        viewers: 3,
        everyMs: 1_000,
        durationMs: 6_000,
      });
      const drawn = await charts(d.urls());
      assert.ok(drawn[0].position.points >= 2, `${drawn[0].position.points} points`);
      assert.ok(drawn[0].oi.rows.length >= 2, `${drawn[0].oi.rows.length} OI rows`);
      assertSameCharts(drawn);

      // kill -9 of the leader while it is read (a leader renews its lease only while the board is
      // read): a survivor takes the lease once it lapses, and its viewers see no error.
      const reading = { urls: d.urls, path: "/at-risk", viewers: 3, everyMs: 500 };
      await pageViewers({ ...reading, durationMs: 1_500 });
      const leader = await until(() => leaseRow(d), "a leader");
      const slot = d.processes.findIndex((p) => leader.holder.startsWith(`pid ${p.pid} `));
      assert.ok(slot >= 0, `the holder ${leader.holder} is one of the processes`);
      const leaderUrl = d.processes[slot].url;
      const survivors = d.processes.filter((_, i) => i !== slot).map((p) => p.url);
      const stopLeaderViewers = new AbortController();
      const leaderViewing = pageViewers({
        ...reading,
        urls: () => [leaderUrl],
        viewers: 2,
        durationMs: 2 * LEASE_MS + AT_RISK_FOLLOW_MS,
        signal: stopLeaderViewers.signal,
      });
      const viewing = pageViewers({
        ...reading,
        urls: () => survivors,
        durationMs: 2 * LEASE_MS + AT_RISK_FOLLOW_MS,
      });
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 2));
      await d.kill(slot);
      const killedAt = Date.now();
      const successor = await until(async () => {
        const row = await leaseRow(d);
        return row && row.holder !== leader.holder ? row : null;
      }, "a new leader");
      assert.equal(successor.term, leader.term + 1);
      // Taken over once the lease lapsed, at the survivors' next look (every 2 s while read):
      // within the lease time of the kill, with a generous allowance for a loaded machine.
      const handedAfterMs = successor.expiresAt - LEASE_MS - killedAt;
      console.log(`lease handed on ${handedAfterMs} ms after the kill (lease ${LEASE_MS} ms)`);
      assert.ok(handedAfterMs >= 0, `the lease lapsed ${-handedAfterMs} ms before the kill`);
      assert.ok(handedAfterMs <= 2 * LEASE_MS + AT_RISK_FOLLOW_MS, `${handedAfterMs} ms`);
      stopLeaderViewers.abort(); // theirs went unanswered from the kill: no front door moved them
      await leaderViewing;
      assert.ok(
        d.processes.some((p, i) => i !== slot && successor.holder.startsWith(`pid ${p.pid} `)),
      );
      const seen = await viewing;
      assert.deepEqual(Object.keys(seen.statuses), ["200"], "no viewer saw an error");

      // A new process in the killed one's place draws the same chart, history kept.
      await d.restart(slot);
      const after = await charts(d.urls());
      assertSameCharts(after);
      assert.ok(after[0].oi.rows.length >= drawn[0].oi.rows.length, "the OI history was kept");
      assert.ok(after[0].position.points >= drawn[0].position.points, "the mark history was kept");
    } finally {
      await d.close();
    }
  } finally {
    await replay.stop();
  }
});
