/**
 * Issue 27: 1 and 3 explorer processes (`main.ts`) on one KV_PATH against one replay upstream
 * (its own process, demo data with "now" at the wall clock, wallet patches every 4 s), the same
 * viewers spread over the processes (viewer v on process v mod N):
 * 1. upstream requests a minute (the replay's counter), in the first minute of new processes
 *    (cold) and in the second (warm), for 10 viewers of `/at-risk` (each loads it every 10 s), of
 *    one wallet's live page (each loads the page and holds its live stream) and of `/markets`
 *    (each loads it every 10 s); the ratio 3 : 1; and what the warm minute read, by kind;
 * 2. with 3 processes: each one's board (when its positions were read, and its coverage), and
 *    the mark chart of an open BTC position on each (`/position/:id/chart`: its points, and
 *    whether the three drew the same samples), after 10 viewers of `/markets/BTC` for the window;
 * 3. kill -9 of the board's leader (the lease holder) of the 3 while 10 viewers read `/at-risk`:
 *    how soon the lease went to another, what the survivors' viewers and the killed one's saw;
 *    then a new process in its place, and the charts of all three.
 *
 * Run: deno run -A --unstable-kv bench/scale_processes_bench.ts   (or: deno task bench
 * scale_processes). SCALE_WINDOW_S shortens the window (default 60) for a quick look;
 * SCALE_PARTS=requests or SCALE_PARTS=charts runs only part 1, or only parts 2 and 3;
 * SCALE_PARTS=live runs part 4 (the live data alone, the wallet page's own reads excluded).
 */
import { catalog } from "../fixtures/mod.ts";
import {
  chartData,
  type Deployment,
  liveViewers,
  pageViewers,
  type ReplayProcess,
  startDeployment,
  startReplayProcess,
  upstreamRequestsDuring,
} from "./processes.ts";
import { LEASE_KEY } from "../lib/at_risk/board_home.ts";
import type { LeaseRow } from "../lib/kv/lease.ts";

const WINDOW_MS = Number(Deno.env.get("SCALE_WINDOW_S") ?? 60) * 1000;
const VIEWERS = 10;
const EVERY_MS = 10_000;
const WHALE = catalog.wallets.whale.address;

/** An open BTC position of the committed data, whose page charts the market's mark samples. */
const POSITION = catalog.positions.close[0];

/** The mark chart of {@link POSITION} as one process draws it. */
async function positionChart(url: string) {
  const path = `position/${POSITION.id}/chart?wallet=${POSITION.owner}`;
  const response = await fetch(new URL(path, url));
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return chartData(await response.text(), "position-chart");
}

/**
 * The position's chart on each of `urls`, read one after the other within one 5 s bucket of the
 * market history (each read records the page's mark: reads at once, or across a bucket's edge,
 * would each see a different last sample); a round that crossed an edge is read again.
 */
async function chartsInOneBucket(urls: string[]) {
  for (let round = 0; round < 10; round++) {
    while (Date.now() % 5_000 > 500) await new Promise((resolve) => setTimeout(resolve, 20));
    const bucket = Math.floor(Date.now() / 5_000);
    const charts = [];
    for (const url of urls) charts.push(await positionChart(url));
    if (Math.floor(Date.now() / 5_000) === bucket) return charts;
  }
  throw new Error("no round of chart reads fitted in one 5 s bucket");
}

const replay = await startReplayProcess({ demoClock: true, patchEveryMs: 4_000 });

async function withDeployment<T>(
  n: number,
  run: (d: Deployment) => Promise<T>,
  on: ReplayProcess = replay,
): Promise<T> {
  const deployment = await startDeployment({ processes: n, replay: on });
  try {
    return await run(deployment);
  } finally {
    await deployment.close();
  }
}

type Scenario = { name: string; view: (d: Deployment, durationMs: number) => Promise<unknown> };
const pages = (path: string) => (d: Deployment, durationMs: number) =>
  pageViewers({ urls: d.urls, path, viewers: VIEWERS, everyMs: EVERY_MS, durationMs });
const SCENARIOS: Scenario[] = [
  { name: "10 viewers of /at-risk", view: pages("/at-risk") },
  {
    name: "10 viewers of one wallet's live page",
    view: (d, durationMs) =>
      liveViewers({ urls: d.urls, wallet: WHALE, viewers: VIEWERS, durationMs }),
  },
  { name: "10 viewers of /markets", view: pages("/markets") },
];

const perMinute = (count: number) => Math.round((count * 60_000) / WINDOW_MS);

/** Counts by kind from `before` to `after`, the largest first, as `kind n`. */
function breakdown(before: Record<string, number>, after: Record<string, number>): string {
  return Object.entries(after)
    .map(([kind, n]) => [kind, perMinute(n - (before[kind] ?? 0))] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([kind, n]) => `\`${kind}\` ${n}`)
    .join(", ");
}

/**
 * Runs `scenario` on a new deployment of `n` processes for two windows: the upstream requests
 * of the first (cold) and of the second (warm), and what the second one read.
 */
async function measure(scenario: Scenario, n: number) {
  return await withDeployment(n, async (d) => {
    const at0 = [await replay.requests(), await replay.counts()] as const;
    const viewing = scenario.view(d, 2 * WINDOW_MS) as Promise<{ statuses: unknown }>;
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const at1 = [await replay.requests(), await replay.counts()] as const;
    const tally = await viewing;
    const at2 = [await replay.requests(), await replay.counts()] as const;
    return {
      cold: perMinute(at1[0] - at0[0]),
      warm: perMinute(at2[0] - at1[0]),
      coldReads: breakdown(at0[1], at1[1]),
      reads: breakdown(at1[1], at2[1]),
      statuses: JSON.stringify(tally.statuses),
    };
  });
}

const PARTS = (Deno.env.get("SCALE_PARTS") ?? "requests,charts").split(",");
const reads: string[] = [];
if (PARTS.includes("requests")) {
  console.log(`## Issue 27: 1 and 3 processes on one KV_PATH\n`);
  console.log(
    `Each case on new processes for two windows of ${
      WINDOW_MS / 1000
    } s: the first from cold, the ` +
      `second warm. Figures are upstream requests a minute (the replay's counter).\n`,
  );
  console.log(
    "| viewers | 1 process, cold / warm | 3 processes, cold / warm | 3 : 1 cold / warm | statuses (1 / 3) |",
  );
  console.log(
    "| ------- | ---------------------: | -----------------------: | ----------------: | ---------------- |",
  );
}
for (const scenario of PARTS.includes("requests") ? SCENARIOS : []) {
  const one = await measure(scenario, 1);
  const three = await measure(scenario, 3);
  const ratio = (a: number, b: number) => (b === 0 ? "–" : `${(a / b).toFixed(2)}×`);
  console.log(
    `| ${scenario.name} | ${one.cold} / ${one.warm} | ${three.cold} / ${three.warm} | ` +
      `${ratio(three.cold, one.cold)} / ${ratio(three.warm, one.warm)} | ` +
      `${one.statuses} / ${three.statuses} |`,
  );
  reads.push(`- ${scenario.name}, cold minute, 1 process: ${one.coldReads}`);
  reads.push(`- ${scenario.name}, warm minute, 1 process: ${one.reads}`);
  reads.push(`- ${scenario.name}, warm minute, 3 processes: ${three.reads}`);
}
if (reads.length > 0) {
  console.log(`\nWhat they read (requests a minute, the six largest kinds):\n`);
  console.log(reads.join("\n"));
}

if (PARTS.includes("live")) await liveCost();
if (PARTS.includes("charts")) await chartsAndFailover();

/**
 * Part 4, the live data alone: on processes whose wallet page was already loaded once each (so
 * the page's own reads are out of the window), 10 viewers hold one wallet's live stream for the
 * window; the upstream requests a minute by kind, 1 process and 3.
 */
async function liveCost() {
  console.log(`\n### Live data: 10 viewers of one wallet's live stream, page reads excluded\n`);
  for (const n of [1, 3]) {
    await withDeployment(n, async (d) => {
      for (const url of d.urls()) {
        const page = await fetch(new URL(`wallet/${WHALE}`, url));
        await page.body?.cancel();
      }
      const before = [await replay.requests(), await replay.counts()] as const;
      const seen = await liveViewers({
        urls: d.urls,
        wallet: WHALE,
        viewers: VIEWERS,
        durationMs: WINDOW_MS,
      });
      const after = [await replay.requests(), await replay.counts()] as const;
      const streams = Object.entries(after[1])
        .filter(([kind]) => kind.includes("/state/user/live"))
        .map(([kind, count]) => `\`${kind}\` ${count - (before[1][kind] ?? 0)}`);
      console.log(
        `- ${n} process${n > 1 ? "es" : ""}: ${perMinute(after[0] - before[0])} requests a ` +
          `minute (${breakdown(before[1], after[1])}); wallet snapshot and stream requests: ` +
          `${
            streams.join(", ") || "none counted"
          }; frames read by the viewers: ${seen.framesRead}; ` +
          `statuses ${JSON.stringify(seen.statuses)}`,
      );
    });
  }
}

/**
 * Parts 2 and 3, over the committed data (its catalog names the open position) in a replay of
 * their own.
 */
async function chartsAndFailover() {
  const committed = await startReplayProcess({ patchEveryMs: 4_000 });
  try {
    await withDeployment(3, (d) => chartsOn(d, committed), committed);
  } finally {
    await committed.stop();
  }
}

async function chartsOn(d: Deployment, replay: ReplayProcess) {
  console.log(`\n### 3 processes: the charts and the boards\n`);
  const marketViews = await pageViewers({
    urls: d.urls,
    path: "/markets/BTC",
    viewers: VIEWERS,
    everyMs: EVERY_MS,
    durationMs: WINDOW_MS,
  });
  const charts = await chartsInOneBucket(d.urls());
  const same = charts.every((chart) =>
    JSON.stringify(chart.rows) === JSON.stringify(charts[0].rows)
  );
  console.log(
    `- the mark chart of BTC position ${POSITION.id} (\`/position/:id/chart\`, the samples of ` +
      `the market's mark) on each process after ${VIEWERS} viewers of /markets/BTC for ` +
      `${WINDOW_MS / 1000} s: ${charts.map((c) => c.points).join(", ")} points; the same ` +
      `samples on all three: ${same ? "yes" : "no"} (the viewers saw ` +
      `${JSON.stringify(marketViews.statuses)})`,
  );
  const boards = await Promise.all(
    d.urls().map(async (url) => {
      const html = await (await fetch(new URL("at-risk", url))).text();
      const read = /Positions read\s*<time[^>]*datetime="([^"]+)"/.exec(html)?.[1] ?? "none";
      const covers = /Covers\s*([\d,]+)\s*of\s*([\d,]+)/.exec(html);
      return `${read} (${covers ? `${covers[1]} of ${covers[2]}` : "no coverage line"})`;
    }),
  );
  console.log(`- each process's board, positions read at (coverage): ${boards.join("; ")}`);

  console.log(
    `\n### kill -9 of the board's leader (of 3 processes) under 10 viewers of /at-risk\n`,
  );
  const leader = await leaseRow(d);
  const slot = d.processes.findIndex((p) => leader?.holder.startsWith(`pid ${p.pid} `));
  const victim = slot >= 0 ? slot : 0;
  console.log(`- the lease holder: process ${victim} (term ${leader?.term ?? "none"})`);
  let handedAfterMs: number | null = null;
  const kill = (async () => {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS / 3));
    await d.kill(victim);
    const killedAt = performance.now();
    while (performance.now() - killedAt < WINDOW_MS) {
      const row = await leaseRow(d);
      if (row && row.holder !== leader?.holder) {
        handedAfterMs = performance.now() - killedAt;
        console.log(`- the lease went to term ${row.term} after ${Math.round(handedAfterMs)} ms`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(`- no new lease holder within ${WINDOW_MS / 1000} s`);
  })();
  const survivors = () => d.urls().filter((_, i) => i !== victim);
  const during = await upstreamRequestsDuring(replay, async () => {
    const [killedViewers, others] = await Promise.all([
      pageViewers({
        urls: () => [d.urls()[victim]],
        path: "/at-risk",
        viewers: 3,
        everyMs: EVERY_MS,
        durationMs: WINDOW_MS,
      }),
      pageViewers({
        urls: survivors,
        path: "/at-risk",
        viewers: VIEWERS - 3,
        everyMs: EVERY_MS,
        durationMs: WINDOW_MS,
      }),
    ]);
    await kill;
    console.log(
      `- statuses seen by the viewers of the survivors: ${JSON.stringify(others.statuses)}; by ` +
        `those of the killed process (0 = no answer, no front door moving them): ` +
        `${JSON.stringify(killedViewers.statuses)}`,
    );
  });
  console.log(`- upstream requests a minute meanwhile: ${perMinute(during)}`);
  await d.restart(victim);
  const again = await chartsInOneBucket(d.urls());
  const sameAgain = again.every((chart) =>
    JSON.stringify(chart.rows) === JSON.stringify(again[0].rows)
  );
  console.log(
    `- after a new process in its place, the position's mark chart points on each: ` +
      `${again.map((c) => c.rows.length).join(", ")} table rows, ${
        again.map((c) => c.points).join(", ")
      } points of the first line (before: ${
        charts.map((c) => c.points).join(", ")
      }); the same samples on all three: ${sameAgain ? "yes" : "no"}`,
  );
}

async function leaseRow(d: Deployment): Promise<LeaseRow | null> {
  const kv = await Deno.openKv(d.kvPath);
  try {
    return (await kv.get<LeaseRow>(LEASE_KEY)).value;
  } finally {
    kv.close();
  }
}

await replay.stop();
