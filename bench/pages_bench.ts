/**
 * Pages at the speed of their data, in one run (each part can be run alone: `PAGES_PARTS=rps`):
 * 1. `js`: gzipped JavaScript per page: the sum of the gzipped sizes of every script and module
 *    preload a page references (home, leaderboard, markets, docs, a transaction, a wallet).
 *    Targets: at most 2 KB on island-free pages (2.5 KB where times tick), at most 15 KB on the
 *    wallet page.
 * 1b. `many`: the wallet page's HTML with 1,000 and 100 open positions, plain and gzipped
 *    (target: at most 150 KB gzipped).
 * 2. `ttfb`: the wallet page's first byte, timed by `curl`, with 50 ms and then 200 ms injected on
 *    every Papertrade API request, without the read cache, the replay in a process of its own
 *    (without the counting door, whose extra hop would count as upstream time); beside one bare
 *    API round trip and the head's reads alone, interleaved. Target: at most 1.2x the injected
 *    latency (issue 27). The page is streamed: the first byte waits for the snapshot only.
 * 3. `rps`: each page's warm requests a second at 16 clients (gzip accepted, as browsers do)
 *    against the same bytes and headers served from memory by `Deno.serve` in the same process,
 *    interleaved in rounds. Targets: `/markets` at least 1/5 of the home page's rate, a cached
 *    docs page at least 0.25x its bytes from memory.
 * 4. `memory` (not in the default run): `main.ts` in a child process over the replay upstream in
 *    another: its resident memory at start, after one visit of every page, at its peak while 16
 *    clients load its pages (every wallet the leaderboard, the board and the home page link, the
 *    markets, a docs page) and after idle, twice.
 * 5. `heap` (not in the default run; `--v8-flags=--expose-gc`): the same in this process, the V8
 *    heap after a full collection beside the resident memory.
 *
 * The app and the replay upstream run in this process on 127.0.0.1 with the catalog's clock
 * (parts 1 to 3). Each part is bounded in time. The default run (js, many, ttfb, rps) takes
 * about 1.5 minutes; the memory part, run alone, as long again.
 *
 * Run: deno run -A --unstable-kv bench/pages_bench.ts [runs]   (or: deno task bench pages)
 *      PAGES_PARTS=memory deno run -A --unstable-kv bench/pages_bench.ts
 * A missed target is reported in the output, not as a failure: budgets are enforced by tests.
 */
import { catalog, manyPositionsAddress } from "../fixtures/mod.ts";
import { replayDeps, startReplayApp } from "../replay_app.ts";
import type { Faults, ReplayUpstream } from "../fixtures/replay.ts";
import { createApp } from "../app.tsx";
import { uncachedClient } from "../lib/cache/mod.ts";
import type { AppDeps } from "../lib/deps.ts";
import { readWalletPage } from "../lib/wallet/wallet_page.ts";
import { fetchWalletRanks } from "../lib/leaderboard/ranks.ts";
import { gzipSize } from "../scripts/build.ts";
import { startReplayProcess } from "./processes.ts";
import { startExplorer } from "./front_door.ts";

const RUNS = Number(Deno.args[0] ?? 15);
const PARTS = (Deno.env.get("PAGES_PARTS") ?? "js,many,ttfb,rps").split(",");
const WARMUP = 3;
/** Latencies injected on every Papertrade API request for the first-byte part. */
const LATENCIES_MS = [50, 200];
const JS_BUDGET_PLAIN = 2 * 1024;
/** Pages whose times tick in the browser (`ages.js`): tests/js_budget_test.ts allows 2.5 KB. */
const JS_BUDGET_AGES = 2560;
const JS_BUDGET_WALLET = 15 * 1024;
/** Concurrent clients of the throughput and memory parts. */
const CLIENTS = 16;
/** Throughput: rounds per page, each a timed run of the app and one of memory. */
const RPS_ROUNDS = 2;
const RPS_ROUND_MS = 1_500;
/** Memory: cycles of load, how long each lasts, and how long the process is then left idle. */
const LOAD_CYCLES = 2;
const LOAD_MS = 15_000;
const IDLE_MS = 25_000;

const WHALE = catalog.wallets.whale.address;
const PAGES: Array<[name: string, path: string, budget: number]> = [
  ["home", "/", JS_BUDGET_AGES],
  ["leaderboard", "/leaderboard", JS_BUDGET_PLAIN],
  ["markets", "/markets", JS_BUDGET_AGES],
  ["docs", "/docs/", JS_BUDGET_PLAIN],
  ["tx", `/tx/${catalog.transactions.multi_wallet_batch.hash}`, JS_BUDGET_PLAIN],
  ["wallet", `/wallet/${WHALE}`, JS_BUDGET_WALLET],
];
/** The pages of the throughput part. */
const RPS_PAGES: Array<[name: string, path: string]> = [
  ["home", "/"],
  ["markets", "/markets"],
  ["docs page (cached)", "/docs/concepts"],
  ["leaderboard", "/leaderboard"],
  ["at-risk", "/at-risk"],
  ["tx", `/tx/${catalog.transactions.multi_wallet_batch.hash}`],
  ["wallet (whale)", `/wallet/${WHALE}`],
];

/** Script and module-preload URLs a page references, in document order. */
function scriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) urls.push(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)) {
    urls.push(match[1]);
  }
  return urls;
}

/** Median of sorted copies. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Requests a second of `url` from CLIENTS loops over `ms`; every answer must be 200. */
async function requestsPerSecond(url: string, ms: number): Promise<number> {
  const deadline = performance.now() + ms;
  let done = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, loop));
  return done / ((performance.now() - started) / 1000);
}

/** Resident memory of process `pid` in MiB (Linux `/proc`). */
async function rssMiB(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Part 1: gzipped JavaScript per page. */
async function scriptWeights(origin: string): Promise<void> {
  console.log("| page | scripts | gzipped JS | budget | met |");
  console.log("| --- | --- | ---: | ---: | --- |");
  for (const [name, path, budget] of PAGES) {
    const response = await fetch(`${origin}${path}`);
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
    let total = 0;
    const urls = scriptUrls(html);
    for (const url of urls) {
      const script = await fetch(new URL(url, origin));
      if (script.status !== 200) throw new Error(`${url}: HTTP ${script.status}`);
      total += await gzipSize(new Uint8Array(await script.arrayBuffer()));
    }
    const met = total <= budget;
    console.log(
      `| ${name} | ${urls.map((url) => `\`${url}\``).join(", ")} | ${total} B | ${budget} B | ${
        met ? "yes" : "**no**"
      } |`,
    );
  }
}

/**
 * Milliseconds to the first byte of `url`'s answer and to its last, as `curl` in a process of its
 * own sees them (a client in this process would share the server's thread, and see the head only
 * once the server stops rendering).
 */
async function curlTimes(url: string): Promise<{ first: number; whole: number }> {
  const output = await new Deno.Command("curl", {
    args: [
      "-s",
      "-o",
      "/dev/null",
      "--compressed",
      "-w",
      "%{http_code} %{time_starttransfer} %{time_total}",
      url,
    ],
    stdout: "piped",
    stderr: "null",
  }).output();
  const [status, first, whole] = new TextDecoder().decode(output.stdout).split(" ").map(Number);
  if (status !== 200) throw new Error(`${url}: HTTP ${status}`);
  return { first: first * 1000, whole: whole * 1000 };
}

/**
 * Part 2: the wallet page's first byte against the injected latency, without the read cache. The
 * replay upstream runs in a process of its own (`bench/processes.ts`), as a real upstream would:
 * its work of answering is not on the app's thread.
 */
async function firstByte(): Promise<void> {
  const replay = await startReplayProcess({ uncounted: true });
  const upstream = {
    apiUrl: replay.env.PAPERTRADE_API_URL,
    rpcUrl: replay.env.HYPEREVM_RPC_URL,
    fallbackRpcUrl: replay.env.HYPEREVM_RPC_FALLBACK_URL,
    hyperliquidInfoUrl: replay.env.HYPERLIQUID_INFO_URL,
    setFaults: async (faults: Faults) => {
      const response = await fetch(`${replay.origin}/_control/faults`, {
        method: "POST",
        body: JSON.stringify(faults),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`setting faults: HTTP ${response.status}`);
    },
  };
  const cached = replayDeps(upstream as unknown as ReplayUpstream);
  const deps: AppDeps = { ...cached, papertrade: uncachedClient(cached.papertrade) };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    createApp(deps).fetch,
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const close = async () => {
    await server.shutdown();
    await replay.stop();
  };
  try {
    const page = `${origin}/wallet/${WHALE}`;
    for (let i = 0; i < WARMUP; i++) await curlTimes(page);
    const unslowed: number[] = [];
    for (let i = 0; i < RUNS; i++) unslowed.push((await curlTimes(page)).first);
    console.log(
      `\nWallet page (the whale, 75 trade rows), no read cache, timed by curl; median of ${RUNS} interleaved rounds after ${WARMUP} warm-up:\n`,
    );
    console.log(`First byte with no injected latency: ${median(unslowed).toFixed(1)} ms.\n`);
    console.log(
      "| injected on every API request | one API round trip | the account alone (in process) | the account and the head's 2 ranks (24h, all) | the status (the account) with the page's others in flight | the head's reads with the page's others in flight | **page's first byte** | page's last byte (trail found) | first byte / injected | first byte / one round trip |",
    );
    console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    const verdicts: string[] = [];
    for (const latency of LATENCIES_MS) {
      await upstream.setFaults({ target: "api", latencyMs: latency });
      for (let i = 0; i < WARMUP; i++) await curlTimes(page);
      // Interleaved, one of each per round.
      const roundTrip: number[] = [], head: number[] = [], first: number[] = [];
      const account: number[] = [], headOnly: number[] = [], status: number[] = [];
      const whole: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        roundTrip.push((await curlTimes(`${upstream.apiUrl}/relayer/health`)).first);
        let started = performance.now();
        await deps.papertrade.read("walletStream", { wallet: WHALE });
        account.push(performance.now() - started);
        started = performance.now();
        await Promise.all([
          deps.papertrade.read("walletStream", { wallet: WHALE }),
          fetchWalletRanks(deps.papertrade, WHALE, { windows: ["24h", "all"] }),
        ]);
        headOnly.push(performance.now() - started);
        started = performance.now();
        const reads = readWalletPage(deps, WHALE, { now: deps.now });
        await reads.status;
        status.push(performance.now() - started);
        await reads.head;
        head.push(performance.now() - started);
        // The rest of those reads ends before the page is timed, so it does not share its turn.
        await reads.withTrail;
        const times = await curlTimes(page);
        first.push(times.first);
        whole.push(times.whole);
      }
      const ms = (values: number[]) => `${median(values).toFixed(1)} ms`;
      const ratio = median(first) / latency;
      console.log(
        `| ${latency} ms | ${ms(roundTrip)} | ${ms(account)} | ${ms(headOnly)} | ${ms(status)} | ${
          ms(head)
        } | **${ms(first)}** | ${ms(whole)} | ${ratio.toFixed(2)}x | ${
          (median(first) / median(roundTrip)).toFixed(2)
        }x |`,
      );
      verdicts.push(`${latency} ms: ${ratio <= 1.2 ? "met" : "**not met**"}`);
    }
    await upstream.setFaults({});
    console.log(`\nTarget "first byte at most 1.2x the injected latency": ${verdicts.join("; ")}.`);
  } finally {
    await close();
  }
}

/** Part 3: each page's warm requests a second against its bytes served from memory. */
async function throughput(): Promise<void> {
  let handler!: { fetch: (request: Request) => Response | Promise<Response> };
  const app = await startReplayApp({
    build: (deps) => {
      const built = createApp(deps);
      handler = built;
      return built;
    },
  });
  const stored = new Map<string, { bytes: Uint8Array<ArrayBuffer>; headers: Headers }>();
  const memory = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const page = stored.get(new URL(request.url).pathname)!;
    return new Response(page.bytes, { headers: page.headers });
  });
  const memoryOrigin = `http://127.0.0.1:${memory.addr.port}`;
  try {
    // Warm: the read cache and the docs cache hold every page's reads.
    for (const [, path] of RPS_PAGES) await requestsPerSecond(`${app.origin}${path}`, 300);
    for (const [, path] of RPS_PAGES) {
      const response = await handler.fetch(
        new Request(`${app.origin}${path}`, { headers: { "accept-encoding": "gzip" } }),
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
      stored.set(path, { bytes, headers: new Headers(response.headers) });
      await requestsPerSecond(`${memoryOrigin}${path}`, 300);
    }
    const rates = new Map(
      RPS_PAGES.map(([, path]) => [path, { app: [] as number[], memory: [] as number[] }]),
    );
    for (let round = 0; round < RPS_ROUNDS; round++) {
      for (const [, path] of RPS_PAGES) {
        rates.get(path)!.app.push(await requestsPerSecond(`${app.origin}${path}`, RPS_ROUND_MS));
        rates.get(path)!.memory.push(
          await requestsPerSecond(`${memoryOrigin}${path}`, RPS_ROUND_MS),
        );
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const home = mean(rates.get("/")!.app);
    console.log(
      `\nWarm requests a second, ${CLIENTS} clients, gzip, ${RPS_ROUNDS} interleaved rounds of ${RPS_ROUND_MS} ms (mean):\n`,
    );
    console.log(
      "| page | gzipped bytes | app req/s | same bytes from memory req/s | app / memory | app / home |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (const [name, path] of RPS_PAGES) {
      const { app: ours, memory: theirs } = rates.get(path)!;
      console.log(
        `| ${name} | ${stored.get(path)!.bytes.length} | ${mean(ours).toFixed(0)} | ${
          mean(theirs).toFixed(0)
        } | ${(mean(ours) / mean(theirs)).toFixed(3)} | ${(mean(ours) / home).toFixed(3)} |`,
      );
    }
    const markets = mean(rates.get("/markets")!.app) / home;
    const docs = rates.get("/docs/concepts")!;
    const docsRatio = mean(docs.app) / mean(docs.memory);
    console.log(
      `\nTargets: /markets >= 1/5 of home: ${markets.toFixed(3)} ${
        markets >= 0.2 ? "met" : "**not met**"
      }; ` +
        `cached docs page >= 0.25x memory: ${docsRatio.toFixed(3)} ${
          docsRatio >= 0.25 ? "met" : "**not met**"
        }.`,
    );
  } finally {
    await memory.shutdown();
    await app.close();
  }
}

/** Part 4: the explorer's resident memory at start, under load and after idle. */
async function memoryAfterLoad(): Promise<void> {
  const replay = await startReplayProcess();
  const explorer = await startExplorer(replay.env);
  try {
    const origin = explorer.url.replace(/\/$/, "");
    // Past its background warm-up (lazy modules load about a second after the first answer).
    await (await fetch(`${origin}/`)).arrayBuffer();
    await sleep(5_000);
    const start = await rssMiB(explorer.pid);
    const wallets = new Set<string>();
    for (const path of ["/leaderboard", "/at-risk", "/"]) {
      const html = await (await fetch(`${origin}${path}`)).text();
      for (const match of html.matchAll(/\/wallet\/(0x[0-9a-f]{40})/g)) wallets.add(match[1]);
    }
    const paths = [
      "/",
      "/markets",
      "/leaderboard",
      "/at-risk",
      "/docs/concepts",
      ...[...wallets].map((wallet) => `/wallet/${wallet}`),
    ];
    // Once each, one at a time: every page's code has run and its reads are cached.
    for (const path of paths) await (await fetch(`${origin}${path}`)).arrayBuffer();
    await sleep(5_000);
    const warm = await rssMiB(explorer.pid);
    let requests = 0;
    let failed = 0;
    const cycles: Array<{ peak: number; end: number; idle: number }> = [];
    for (let cycle = 0; cycle < LOAD_CYCLES; cycle++) {
      let peak = 0;
      const deadline = performance.now() + LOAD_MS;
      const sampler = (async () => {
        while (performance.now() < deadline) {
          peak = Math.max(peak, await rssMiB(explorer.pid));
          await sleep(200);
        }
      })();
      await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = client; performance.now() < deadline; i += CLIENTS) {
          const response = await fetch(`${origin}${paths[i % paths.length]}`, {
            headers: { "accept-encoding": "gzip" },
          });
          await response.arrayBuffer();
          requests++;
          if (response.status !== 200) failed++;
        }
      }));
      await sampler;
      const end = await rssMiB(explorer.pid);
      await sleep(IDLE_MS);
      cycles.push({ peak, end, idle: await rssMiB(explorer.pid) });
    }
    console.log(
      `\n\`main.ts\` over the replay (child processes): ${LOAD_CYCLES} cycles of ${CLIENTS} clients for ${
        LOAD_MS / 1000
      } s over ${paths.length} pages (${wallets.size} wallet pages), then ${
        IDLE_MS / 1000
      } s idle: ` +
        `${requests} requests, ${failed} not 200. Resident memory (VmRSS), MiB; start ${
          start.toFixed(0)
        } (5 s after its first answer), warm ${warm.toFixed(0)} (after each page once):\n`,
    );
    console.log(
      "| cycle | peak under load | end of the load | after idle | idle / start | idle / warm |",
    );
    console.log("| ---: | ---: | ---: | ---: | ---: | ---: |");
    cycles.forEach(({ peak, end, idle }, i) => {
      console.log(
        `| ${i + 1} | ${peak.toFixed(0)} | ${end.toFixed(0)} | ${idle.toFixed(0)} | ${
          (idle / start).toFixed(2)
        }x | ${(idle / warm).toFixed(2)}x |`,
      );
    });
  } finally {
    await explorer.stop();
    await replay.stop();
  }
}

/**
 * Part 5 (`heap`, not in the default run; needs `--v8-flags=--expose-gc`): the app in this
 * process, its V8 heap after a full collection at start, after the memory part's load (shorter)
 * and after idle, beside its resident memory: what the caches keep, told from what the
 * allocators keep.
 */
async function heapAfterLoad(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("the heap part needs --v8-flags=--expose-gc");
  const app = await startReplayApp({ now: () => Date.now() });
  const sample = () => {
    gc();
    gc();
    const m = Deno.memoryUsage();
    return [m.heapUsed, m.heapTotal, m.rss].map((bytes) => (bytes / 2 ** 20).toFixed(1));
  };
  try {
    await (await fetch(`${app.origin}/`)).arrayBuffer();
    await sleep(3_000);
    const rows: Array<[string, string[]]> = [["start", sample()]];
    const wallets = new Set<string>();
    for (const path of ["/leaderboard", "/at-risk", "/"]) {
      const html = await (await fetch(`${app.origin}${path}`)).text();
      for (const match of html.matchAll(/\/wallet\/(0x[0-9a-f]{40})/g)) wallets.add(match[1]);
    }
    const paths = ["/", "/markets", "/leaderboard", "/at-risk", "/docs/concepts"]
      .concat([...wallets].map((wallet) => `/wallet/${wallet}`));
    const deadline = performance.now() + 10_000;
    await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; performance.now() < deadline; i += CLIENTS) {
        const response = await fetch(`${app.origin}${paths[i % paths.length]}`, {
          headers: { "accept-encoding": "gzip" },
        });
        await response.arrayBuffer();
      }
    }));
    rows.push(["after 10 s of load", sample()]);
    await sleep(10_000);
    rows.push(["after 10 s idle", sample()]);
    console.log(
      `\nThe app in process (${paths.length} pages, 16 clients), MiB after a full collection:\n`,
    );
    console.log("| when | heap used | heap total | resident |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const [when, values] of rows) console.log(`| ${when} | ${values.join(" | ")} |`);
  } finally {
    await app.close();
  }
}

/** Part `many`: a wallet page's size with 1,000 and with 100 open positions (replay `manyPositions`). */
async function manyPositions(): Promise<void> {
  console.log("\n| open positions | HTML bytes | gzipped bytes | budget (gzipped) |");
  console.log("| ---: | ---: | ---: | ---: |");
  for (const count of [1_000, 100]) {
    const app = await startReplayApp({ manyPositions: count });
    try {
      const response = await app.fetch(`/wallet/${manyPositionsAddress()}`, {
        headers: { "accept-encoding": "identity" },
      });
      const html = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      const gzipped = await gzipSize(html);
      console.log(`| ${count} | ${html.length} | ${gzipped} | 153600 |`);
    } finally {
      await app.close();
    }
  }
}

if (PARTS.includes("js")) {
  const app = await startReplayApp();
  try {
    await scriptWeights(app.origin);
  } finally {
    await app.close();
  }
}
if (PARTS.includes("many")) await manyPositions();
if (PARTS.includes("ttfb")) await firstByte();
if (PARTS.includes("rps")) await throughput();
if (PARTS.includes("memory")) await memoryAfterLoad();
if (PARTS.includes("heap")) await heapAfterLoad();
