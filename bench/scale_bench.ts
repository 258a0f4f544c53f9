/**
 * Issue 12 (scale), every figure side by side in one run, against the replay upstream's request
 * and open-stream counters:
 * 1. upstream requests for 1 and for 50 simultaneous views of home and of the whale's wallet
 *    page, with the read cache (the app as shipped) and without it (the client alone). Goal:
 *    50 cached views cost at most 2x one view.
 * 2. upstream wallet streams for 1 and for 40 live viewers of one wallet. Goal: at most 2.
 * 3. live slots and upstream streams left after 500 viewers (raw TCP connections) connect and
 *    leave: a third close cleanly, a third reset the connection, a third stall and then reset;
 *    production timings. Goal: 0 of both within 30 s.
 * 4. requests per second for home and wallet, cold cache (a new cache before every request)
 *    and warm cache, sequential, interleaved in rounds.
 * 5. bytes sent for home and the whale's wallet page, plain and gzipped. Goal: wallet page
 *    HTML at most 25 KB gzipped.
 *
 * Run: deno run -A --unstable-kv bench/scale_bench.ts   (or: deno task bench scale)
 */
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../app.tsx";
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
    live: {
      onStreamOpened: () => slots.open++,
      onStreamClosed: () => slots.open--,
      // Every viewer here comes from 127.0.0.1: let one client hold them all.
      maxStreamsPerClient: 500,
    },
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
  for (
    const [label, make] of [
      ["on", () => withReadCache(rawClient(), noKv)],
      ["off", rawClient],
    ] as const
  ) {
    const one = await views(make, path, 1);
    const fifty = await views(make, path, 50);
    const ratio = fifty / one;
    const goal = label === "on" ? (ratio <= 2 ? "met" : "MISSED") : "(baseline)";
    console.log(`| ${name} | ${label} | ${one} | ${fifty} | ${ratio.toFixed(2)}x | ${goal} |`);
  }
}

// Live viewers are raw TCP connections, so how each one leaves is exactly what we say: a
// fetch client may keep a cancelled body's connection open to drain it, and a browser would not.
const live = appWith(withReadCache(rawClient(), noKv));
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, live.app.fetch);

/** Opens a live stream over a raw connection and waits for its first event. */
async function openViewer(wallet: string): Promise<Deno.TcpConn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  await conn.write(
    new TextEncoder().encode(
      `GET /wallet/${wallet}/live HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n`,
    ),
  );
  const buffer = new Uint8Array(64 * 1024);
  let text = "";
  while (!text.includes("event: positions")) {
    const read = await conn.read(buffer);
    if (read === null) throw new Error(`live ${wallet}: closed early`);
    text += new TextDecoder().decode(buffer.subarray(0, read));
  }
  if (!text.startsWith("HTTP/1.1 200")) throw new Error(`live ${wallet}: ${text.slice(0, 40)}`);
  return conn;
}

async function settleTo(check: () => boolean, limitMs: number): Promise<number | null> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > limitMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

const allFreed = () => live.slots.open === 0 && upstream.stats().openStreams === 0;

async function streamsFor(viewers: number): Promise<number> {
  const conns = await Promise.all(Array.from({ length: viewers }, () => openViewer(WHALE)));
  const open = upstream.stats().openStreams;
  conns.forEach((conn) => conn.close());
  await settleTo(allFreed, 30_000);
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
const leavers: Deno.TcpConn[] = [];
for (let batch = 0; batch < 500; batch += 50) {
  leavers.push(
    ...await Promise.all(
      Array.from({ length: 50 }, (_, i) => openViewer(wallets[(batch + i) % wallets.length])),
    ),
  );
}
const peak = { slots: live.slots.open, streams: upstream.stats().openStreams };
const leftAt = performance.now();
// A third close right after their first event (clean close). A third close 6 s later with a
// heartbeat unread, which makes the kernel reset the connection. A third stop reading (stalled)
// and close 11 s later with two heartbeats unread (reset too).
const closeThird = (remainder: number) =>
  leavers.forEach((conn, i) => i % 3 === remainder && conn.close());
closeThird(0);
await new Promise((resolve) => setTimeout(resolve, 6_000));
closeThird(1);
await new Promise((resolve) => setTimeout(resolve, 5_000));
closeThird(2);
const budget = () => 30_000 - (performance.now() - leftAt);
const slotsFreed = await settleTo(() => live.slots.open === 0, budget());
const slotsS = ((performance.now() - leftAt) / 1000).toFixed(1);
const freed = await settleTo(allFreed, budget());
const elapsedS = ((performance.now() - leftAt) / 1000).toFixed(1);
console.log("| | slots | upstream streams |");
console.log("| --- | ---: | ---: |");
console.log(`| connected (${wallets.length} wallets) | ${peak.slots} | ${peak.streams} |`);
console.log(
  `| after leaving, ${elapsedS} s | ${live.slots.open} | ${upstream.stats().openStreams} |`,
);
console.log(
  `\nSlots all free: ${slotsFreed === null ? "NO" : "yes"}, ${slotsS} s after the first left ` +
    "(the last third closed 11 s in). Upstream streams all closed: " +
    `${freed === null ? "NO (goal MISSED)" : "yes"}, ${elapsedS} s in (10 s grace period).`,
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
