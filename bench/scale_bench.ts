/**
 * Issue 12 (scale), every figure side by side in one run, against the replay upstream's request
 * and open-stream counters:
 * 1. upstream requests for 1 and for 50 simultaneous views of home and of the whale's wallet
 *    page, with the read cache (the app as shipped) and without it (the client alone). Goal:
 *    50 cached views cost at most 2x one view.
 * 2. upstream wallet streams for 1 and for 40 live viewers of one wallet. Goal: at most 2.
 * 3. live slots and upstream streams left after 500 viewers connect and leave (a third close
 *    cleanly, a third reset the connection, a third stop reading and then reset), with the
 *    production grace period. Goal: 0 of both within 30 s.
 * 4. requests per second for home and wallet, cold cache (a new cache before every request)
 *    and warm cache, sequential, interleaved in rounds.
 * 5. bytes sent for home and the whale's wallet page, plain and gzipped. Goal: wallet page
 *    HTML at most 25 KB gzipped.
 *
 * Run: deno run -A --unstable-kv bench/scale_bench.ts   (or: deno task bench scale)
 */
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../lib/app.tsx";
import { createDeps } from "../lib/boot.ts";
import { type AppConfig, DEFAULT_CONFIG } from "../lib/config.ts";
import type { AppDeps } from "../lib/deps.ts";
import { createPapertradeClient, type PapertradeClient } from "../lib/papertrade/mod.ts";
import { withReadCache } from "../lib/cache/mod.ts";

const WHALE = catalog.wallets.whale.address;
const PAGES = [["home", "/"], ["wallet", `/wallet/${WHALE}`]] as const;
const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
const config: AppConfig = {
  ...DEFAULT_CONFIG,
  papertradeApiUrl: upstream.apiUrl,
  rpcUrl: upstream.rpcUrl,
  fallbackRpcUrl: upstream.fallbackRpcUrl,
};
const baseDeps = createDeps(config, { now: () => catalog.baseTimeMs });
const rawClient = () => createPapertradeClient({ baseUrl: upstream.apiUrl });
const noKv = { env: { get: () => undefined } };

/** An app over `papertrade`, plus counters of its live slots. */
function appWith(papertrade: PapertradeClient) {
  const slots = { open: 0 };
  const deps: AppDeps = { ...baseDeps, papertrade };
  const app = createApp(deps, {
    live: { onStreamOpened: () => slots.open++, onStreamClosed: () => slots.open-- },
  });
  return { app, slots };
}

/** Upstream requests made while `run` runs. */
async function upstreamRequests(run: () => Promise<unknown>): Promise<number> {
  const before = upstream.stats().requests;
  await run();
  return upstream.stats().requests - before;
}

async function views(papertrade: () => PapertradeClient, path: string, count: number) {
  const { app } = appWith(papertrade());
  return await upstreamRequests(() =>
    Promise.all(Array.from({ length: count }, async () => {
      const response = await app.request(path);
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
      await response.arrayBuffer();
    }))
  );
}

console.log("### Upstream requests per view\n");
console.log("| page | read cache | 1 view | 50 simultaneous views | ratio | goal <= 2x |");
console.log("| --- | --- | ---: | ---: | ---: | --- |");
for (const [name, path] of PAGES) {
  for (const [label, make] of [
    ["on", () => withReadCache(rawClient(), noKv)],
    ["off", rawClient],
  ] as const) {
    const one = await views(make, path, 1);
    const fifty = await views(make, path, 50);
    const ratio = fifty / one;
    const goal = label === "on" ? (ratio <= 2 ? "met" : "MISSED") : "(baseline)";
    console.log(`| ${name} | ${label} | ${one} | ${fifty} | ${ratio.toFixed(2)}x | ${goal} |`);
  }
}

// Live streams go through real sockets, as browsers' EventSource connections do.
const live = appWith(withReadCache(rawClient(), noKv));
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, live.app.fetch);
const origin = `http://127.0.0.1:${server.addr.port}`;

/** Opens a live stream and waits for its first event. */
async function openViewer(wallet: string, signal: AbortSignal) {
  const response = await fetch(`${origin}/wallet/${wallet}/live`, { signal });
  if (response.status !== 200) throw new Error(`live ${wallet}: HTTP ${response.status}`);
  const reader = response.body!.getReader();
  let text = "";
  while (!text.includes("event: positions")) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error("stream ended early");
    text += new TextDecoder().decode(chunk.value);
  }
  return reader;
}

async function settleTo(check: () => boolean, limitMs: number): Promise<number | null> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > limitMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

async function streamsFor(viewers: number): Promise<number> {
  const control = new AbortController();
  const readers = await Promise.all(
    Array.from({ length: viewers }, () => openViewer(WHALE, control.signal)),
  );
  const open = upstream.stats().openStreams;
  await Promise.all(readers.map((reader) => reader.cancel()));
  control.abort();
  await settleTo(() => live.slots.open === 0 && upstream.stats().openStreams === 0, 30_000);
  return open;
}

console.log("\n### Upstream wallet streams per live viewers of one wallet\n");
const single = await streamsFor(1);
const forty = await streamsFor(40);
console.log("| live viewers | upstream wallet streams | goal <= 2 |");
console.log("| ---: | ---: | --- |");
console.log(`| 1 | ${single} | |`);
console.log(`| 40 | ${forty} | ${forty <= 2 ? "met" : "MISSED"} |`);

console.log("\n### 500 live viewers connect and leave\n");
const wallets = Object.values(catalog.wallets)
  .map((wallet) => wallet.address)
  .filter((address) => address !== catalog.wallets.unknown.address);
const leavers = await Promise.all(Array.from({ length: 500 }, async (_, i) => {
  const control = new AbortController();
  const reader = await openViewer(wallets[i % wallets.length], control.signal);
  return { control, reader, mode: i % 3 };
}));
const peak = { slots: live.slots.open, streams: upstream.stats().openStreams };
const leftAt = performance.now();
for (const { control, reader, mode } of leavers) {
  if (mode === 0) void reader.cancel(); // clean close
  else if (mode === 1) control.abort(); // connection reset
  // mode 2: stops reading (stalled); reset below once the others are gone
}
await new Promise((resolve) => setTimeout(resolve, 2_000));
for (const { control, mode } of leavers) if (mode === 2) control.abort();
const freed = await settleTo(
  () => live.slots.open === 0 && upstream.stats().openStreams === 0,
  30_000 - (performance.now() - leftAt),
);
const elapsedS = ((performance.now() - leftAt) / 1000).toFixed(1);
console.log("| | slots | upstream streams |");
console.log("| --- | ---: | ---: |");
console.log(`| connected (${wallets.length} wallets) | ${peak.slots} | ${peak.streams} |`);
console.log(
  `| after leaving, ${elapsedS} s | ${live.slots.open} | ${upstream.stats().openStreams} |`,
);
console.log(
  `\nAll freed: ${freed === null ? "NO (goal MISSED)" : "yes"} after ${elapsedS} s ` +
    "(stalled third reset 2 s in; upstream streams close 10 s after their last viewer).",
);
await server.shutdown();

console.log("\n### Requests per second, cold and warm read cache (sequential)\n");
const ROUND_MS = 1_500;
async function perSecond(path: string, cold: boolean): Promise<number> {
  let client = withReadCache(rawClient(), noKv);
  const proxy = new Proxy({} as PapertradeClient, {
    get: (_target, name) => client[name as keyof PapertradeClient],
  });
  const { app } = appWith(proxy);
  await (await app.request(path)).arrayBuffer(); // warm-up (and primes the warm cache)
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < ROUND_MS) {
    if (cold) client = withReadCache(rawClient(), noKv);
    await (await app.request(path)).arrayBuffer();
    count++;
  }
  return count / ((performance.now() - started) / 1000);
}
console.log("| page | cache | round 1 | round 2 | round 3 | mean req/s | warm / cold |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const [name, path] of PAGES) {
  const rounds = { cold: [] as number[], warm: [] as number[] };
  for (let round = 0; round < 3; round++) {
    rounds.cold.push(await perSecond(path, true));
    rounds.warm.push(await perSecond(path, false));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  for (const kind of ["cold", "warm"] as const) {
    const ratio = kind === "warm" ? `${(mean(rounds.warm) / mean(rounds.cold)).toFixed(1)}x` : "";
    console.log(
      `| ${name} | ${kind} | ${rounds[kind].map((v) => v.toFixed(0)).join(" | ")} | ${
        mean(rounds[kind]).toFixed(0)
      } | ${ratio} |`,
    );
  }
}

console.log("\n### Bytes sent (HTML)\n");
console.log("| page | plain bytes | gzipped bytes | goal |");
console.log("| --- | ---: | ---: | --- |");
const { app } = appWith(withReadCache(rawClient(), noKv));
for (const [name, path] of PAGES) {
  const plain = (await (await app.request(path)).arrayBuffer()).byteLength;
  const zipped = await app.request(path, { headers: { "accept-encoding": "gzip, br" } });
  const encoding = zipped.headers.get("content-encoding");
  const bytes = (await zipped.arrayBuffer()).byteLength;
  const goal = name === "wallet" ? (bytes <= 25 * 1024 ? "<= 25 KB: met" : "MISSED") : "";
  console.log(`| ${name} | ${plain} | ${bytes} (${encoding}) | ${goal} |`);
}
await upstream.close();
