/**
 * Page weight and wallet latency, in one run:
 * 1. gzipped JavaScript per page: the sum of the gzipped sizes of every script and module
 *    preload a page references (home, leaderboard, markets, docs, a transaction, a wallet).
 *    Targets: at most 2 KB on island-free pages, at most 15 KB on the wallet page.
 * 2. the wallet page's time to first byte with 50 ms injected on every Papertrade API request
 *    (replay `faults: { target: "api", latencyMs: 50 }`), divided by 50 ms. Target: at most 1.5.
 *    Median of N sequential requests after a warm-up, with one bare API round trip beside it.
 *
 * The app and the replay upstream run in this process on 127.0.0.1 with the catalog's clock.
 *
 * Run: deno run -A --unstable-kv bench/pages_bench.ts [runs]   (or: deno task bench pages)
 * A missed target is reported in the output, not as a failure: budgets are enforced by tests.
 */
import { catalog } from "../fixtures/mod.ts";
import { startReplayApp } from "../replay_app.ts";
import { createApp } from "../app.tsx";
import { uncachedClient } from "../lib/cache/mod.ts";
import type { AppDeps } from "../lib/deps.ts";
import { fetchWalletPage } from "../lib/wallet/wallet_page.ts";
import { gzipSize } from "../scripts/build.ts";

const RUNS = Number(Deno.args[0] ?? 15);
const WARMUP = 3;
const LATENCY_MS = 50;
const JS_BUDGET_PLAIN = 2 * 1024;
const JS_BUDGET_WALLET = 15 * 1024;

const WHALE = catalog.wallets.whale.address;
const PAGES: Array<[name: string, path: string, budget: number]> = [
  ["home", "/", JS_BUDGET_PLAIN],
  ["leaderboard", "/leaderboard", JS_BUDGET_PLAIN],
  ["markets", "/markets", JS_BUDGET_PLAIN],
  ["docs", "/docs/", JS_BUDGET_PLAIN],
  ["tx", `/tx/${catalog.transactions.multi_wallet_batch.hash}`, JS_BUDGET_PLAIN],
  ["wallet", `/wallet/${WHALE}`, JS_BUDGET_WALLET],
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

/** Milliseconds until the response headers (the first byte of a server-rendered page). */
async function timeToFirstByte(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  await response.body?.cancel();
  return elapsed;
}

/** Median duration (ms) of `run` over RUNS sequential runs after WARMUP unmeasured ones. */
async function medianOf(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** One row of the latency table. */
function row(label: string, ms: number, relative = true): string {
  return `| ${label} | ${ms.toFixed(1)} | ${relative ? `${(ms / LATENCY_MS).toFixed(2)}x` : ""} |`;
}

// Without the read cache (issue 12): this measures what a page costs when its reads go upstream.
let deps!: AppDeps;
const { origin, upstream, close } = await startReplayApp({
  build: (cached) => {
    deps = { ...cached, papertrade: uncachedClient(cached.papertrade) };
    return createApp(deps);
  },
});
try {
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

  const walletPage = () => timeToFirstByte(`${origin}/wallet/${WHALE}`);
  const bare = await medianOf(walletPage);
  upstream.setFaults({ target: "api", latencyMs: LATENCY_MS });
  const roundTrip = await medianOf(() => timeToFirstByte(`${upstream.apiUrl}/relayer/health`));
  // The page's upstream reads alone, to tell waiting from rendering.
  const reads = await medianOf(() => fetchWalletPage(deps, WHALE, { now: deps.now }));
  const slowed = await medianOf(walletPage);
  upstream.setFaults({});
  const ratio = slowed / LATENCY_MS;
  console.log(`\nWallet page time to first byte, median of ${RUNS} after ${WARMUP} warm-up:\n`);
  console.log("| measurement | ms | / 50 ms |");
  console.log("| --- | ---: | ---: |");
  console.log(row("wallet page, no injected latency", bare, false));
  console.log(row("one API round trip, 50 ms injected", roundTrip));
  console.log(row("the page's upstream reads alone (`fetchWalletPage`), 50 ms injected", reads));
  console.log(row("**wallet page, 50 ms injected on every API request**", slowed));
  console.log(`\nTarget "at most 1.5x": ${ratio <= 1.5 ? "met" : "**not met**"}.`);
} finally {
  await close();
}
