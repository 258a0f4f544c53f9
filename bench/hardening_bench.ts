/**
 * Issue 16 (survives the open internet) and issue 17 item 5 (a limit that means what it says),
 * measured side by side in one run, at full scale:
 * 1. the rate limiter: calls allowed in the worst 60 s span, and time per call and heap under a
 *    flood of 100,000 new keys, for the sliding log against the previous GCRA (copied below);
 * 2. two `main.ts` processes on one KV_PATH, 20 concurrent clients each for 10 s: calls allowed
 *    between them, with the KV default against the previous one (memory);
 * 3. under `ulimit -n 1024`, three bursts of 400 never-finishing connections (descriptors counted
 *    35 s after each) and a 60 s reconnect flood, straight at the app and through HAProxy;
 * 4. five HTTP/2 connections with 200 never-finishing request bodies each, pinged every 10 s:
 *    how long they are held, and the memory of the app and of HAProxy;
 * 5. single-read upstream faults (hung connection, delays with 503s and 429s, RPC hangs): when
 *    the page answers, under the 20 s upstream budget against the previous 25 s one;
 * 6. the front doors compared: the app alone, HAProxy (deploy/), Caddy and nginx (the
 *    closest configs, in bench/doors/), probed with the same scenarios at short timeouts.
 */
import { createRateLimiter, MemoryStore } from "../lib/http/rate_limit.ts";
import { createPapertradeClient } from "../lib/papertrade/mod.ts";
import { withReadCache } from "../lib/cache/mod.ts";
import { createApp } from "../app.tsx";
import { catalog, type Faults } from "../fixtures/mod.ts";
import { startReplayApp } from "../replay_app.ts";
import {
  type Door,
  flood,
  type FloodReport,
  freePort,
  h2Held,
  hammerToolCalls,
  idleHeld,
  MALFORMED_CHUNKED,
  NO_HOST,
  oversizedHead,
  residentMiB,
  type RunningFrontDoor,
  slowBodyHeld,
  slowHeadHeld,
  startExplorer,
  startFrontDoor,
  startProxy,
  statusOf,
  testCertificate,
} from "./front_door.ts";

const f = (value: number, digits = 1) => Number.isFinite(value) ? value.toFixed(digits) : "n/a";
const s = (ms: number) => Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "held";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- 1. the limiter -----------------------------------------------------------------------

/**
 * The limiter before issue 17, copied as the baseline: GCRA (one number per key, its
 * theoretical arrival time) in the same two-generation LRU of 50,000 keys as MemoryStore.
 */
function previousGcra(limit = 60, windowMs = 60_000) {
  const emissionMs = windowMs / limit;
  let recent = new Map<string, number>();
  let older = new Map<string, number>();
  return (key: string, now: number, cost = 1): boolean => {
    const start = Math.max(recent.get(key) ?? older.get(key) ?? now, now);
    const tat = start + cost * emissionMs;
    if (tat - now > windowMs + 1e-6) return false;
    older.delete(key);
    if (!recent.has(key) && recent.size >= 25_000) {
      older = recent;
      recent = new Map();
    }
    recent.set(key, tat);
    return true;
  };
}

/** Most calls allowed in any 60 s span when a client sends one call every 100 ms for 3 min. */
async function worstSpan(allow: (now: number) => Promise<boolean> | boolean): Promise<number> {
  const allowed: number[] = [];
  for (let now = 0; now < 180_000; now += 100) if (await allow(now)) allowed.push(now);
  let worst = 0;
  for (const start of allowed) {
    worst = Math.max(worst, allowed.filter((t) => t >= start && t < start + 60_000).length);
  }
  return worst;
}

function heapMb(): number {
  return Deno.memoryUsage().heapUsed / 1024 / 1024;
}

/** Calls `consume` once per new address key and samples time per call and heap every 20,000. */
async function keyFlood(consume: (key: string) => unknown) {
  const marks: { at: number; usPerCall: number; heap: number }[] = [];
  let started = performance.now();
  for (let index = 1; index <= 100_000; index++) {
    await consume(`10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`);
    if (index % 20_000 === 0) {
      marks.push({ at: index, usPerCall: (performance.now() - started) / 20, heap: heapMb() });
      started = performance.now();
    }
  }
  return marks;
}

async function limiterSection() {
  console.log("\n### 1. Rate limiter: the worst 60 s span, and a flood of 100,000 new keys\n");
  const gcra = previousGcra();
  let clock = 0;
  const log = createRateLimiter({ now: () => clock });
  const gcraWorst = await worstSpan((now) => gcra("k", now));
  const logWorst = await worstSpan(async (now) => {
    clock = now;
    return (await log.consume("k")).allowed;
  });
  console.log("| limiter | most calls allowed in one 60 s span (one call every 100 ms, 3 min) |");
  console.log("| ------- | -----------------------------------------------------------------: |");
  console.log(`| previous GCRA | ${gcraWorst} |`);
  console.log(`| sliding log (now) | ${logWorst} |`);
  const previousStore = previousGcra();
  const previous = await keyFlood((key) => previousStore(key, 0));
  const store = new MemoryStore();
  const limiter = createRateLimiter({ store, now: () => 0 });
  const now = await keyFlood((key) => limiter.consume(key));
  console.log(
    "\n| keys so far | previous GCRA + LRU µs/call | heap MB | sliding log + LRU µs/call | heap MB |",
  );
  console.log("| ---: | ---: | ---: | ---: | ---: |");
  now.forEach((mark, index) => {
    const old = previous[index];
    console.log(
      `| ${mark.at} | ${f(old.usPerCall, 2)} | ${f(old.heap)} | ${f(mark.usPerCall, 2)} | ${
        f(mark.heap)
      } |`,
    );
  });
  console.log(
    `\nsliding log: last/first µs per call = ${
      f(now.at(-1)!.usPerCall / now[0].usPerCall, 2)
    }; keys held ${store.size} (cap 50,000, as before).`,
  );
}

// ---- 2. two processes on one KV file ------------------------------------------------------

async function twoProcesses(settings: Record<string, string>) {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const servers = await Promise.all(
    [0, 1].map(() => startExplorer({ PORT: "0", KV_PATH: path, ...settings })),
  );
  const tally = await hammerToolCalls(servers.map(({ url }) => url), {
    clientsEach: 20,
    durationMs: 10_000,
  });
  const logLines = servers.map((server) => (server.stderr().match(/\[rate-limit\]/g) ?? []).length);
  await Promise.all(servers.map((server) => server.stop()));
  await Deno.remove(path).catch(() => {});
  return { ...tally, logLines };
}

async function kvSection() {
  console.log("\n### 2. Two processes on one KV_PATH, 20 concurrent clients each for 10 s\n");
  console.log(
    "| store | calls allowed | refused 429 | refused 503 (store) | store log lines per process |",
  );
  console.log(
    "| ----- | ------------: | ----------: | ------------------: | --------------------------- |",
  );
  for (
    const [label, settings] of [
      ["KV (now the default with KV_PATH)", {}],
      ["memory (the previous default)", { RATE_LIMIT_STORE: "memory" }],
    ] as const
  ) {
    const row = await twoProcesses(settings);
    console.log(
      `| ${label} | ${row.allowed} | ${row.limited} | ${row.unavailable} | ${
        row.logLines.join(", ")
      } |`,
    );
  }
}

// ---- 3. floods under ulimit -n 1024 -------------------------------------------------------

const FULL_FLOOD = {
  bursts: 3,
  burstSize: 400,
  settleMs: 35_000,
  reconnectMs: 60_000,
  reconnectLoops: 50,
};

function floodRow(label: string, report: FloodReport, alive: boolean): string {
  const after = report.afterBursts.map((counts) => counts.join(" / ")).join(", ");
  return `| ${label} | ${report.baseline.join(" / ")} | ${after} | ${
    report.afterReconnects.join(" / ")
  } | ${report.opened.join(", ")} | ${report.reconnects} | ${
    report.answeredDuring.map((ok) => (ok ? "yes" : "no")).join(", ")
  } | ${report.answeredAfter ? "yes" : "no"} | ${alive ? "yes" : "no"} |`;
}

async function floodSection(certificate: { caCert: string; bundle: string }) {
  console.log(
    "\n### 3. ulimit -n 1024: 3 bursts of 400 never-finishing connections, then a 60 s reconnect flood\n",
  );
  const bare = await startExplorer({ PORT: "0" }, 1024);
  const behind = await startExplorer({ PORT: "0", TRUSTED_PROXIES: "loopback" }, 1024);
  const proxy = await startFrontDoor({ appPort: behind.port, certificate });
  const [bareReport, proxiedReport] = await Promise.all([
    flood({
      door: { port: bare.port },
      pids: [bare.pid],
      normalUrl: `${bare.url}robots.txt`,
      ...FULL_FLOOD,
    }),
    flood({
      door: proxy.plain,
      pids: [behind.pid, proxy.pid],
      normalUrl: `http://127.0.0.1:${proxy.plain.port}/robots.txt`,
      ...FULL_FLOOD,
    }),
  ]);
  console.log(
    "| front door | descriptors before (app / proxy) | 35 s after each burst | after the reconnect flood | connections opened per burst | reconnects | normal client answered during (bursts, flood) | after | alive |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |");
  console.log(floodRow("the app alone", bareReport, !bare.exited()));
  console.log(floodRow("HAProxy in front", proxiedReport, !behind.exited() && !proxy.exited()));
  const acceptLines = (bare.stderr().match(/stopped accepting/g) ?? []).length;
  console.log(`\nThe bare app logged "stopped accepting" ${acceptLines} time(s).`);
  await Promise.all([proxy.stop(), bare.stop(), behind.stop()]);
}

// ---- 4. HTTP/2 never-finishing streams ----------------------------------------------------

async function h2Section(certificate: { caCert: string; bundle: string }) {
  console.log(
    "\n### 4. Five HTTP/2 connections, 200 never-finishing request bodies each, a PING every 10 s\n",
  );
  console.log(
    "| front door | door | held (each of 5) | app RSS MiB before / during / 10 s after | proxy RSS MiB before / during / after |",
  );
  console.log("| --- | --- | --- | --- | --- |");
  const bare = await startExplorer({ PORT: "0" });
  const behind = await startExplorer({ PORT: "0", TRUSTED_PROXIES: "loopback" });
  const proxy = await startFrontDoor({ appPort: behind.port, certificate });
  const cases: [string, string, Door, number[], RunningFrontDoor?][] = [
    ["the app alone", "h2c", { port: bare.port }, [bare.pid]],
    ["HAProxy", "TLS (h2)", proxy.tls, [behind.pid, proxy.pid], proxy],
    ["HAProxy", "h2c", proxy.plain, [behind.pid, proxy.pid], proxy],
  ];
  for (const [label, kind, door, pids] of cases) {
    const before = pids.map(residentMiB);
    let during: number[] = [];
    const sample = sleep(20_000).then(() => during = pids.map(residentMiB));
    const held = await Promise.all(
      Array.from(
        { length: 5 },
        () => h2Held(door, { streams: 200, pingMs: 10_000, boundMs: 120_000 }),
      ),
    );
    await sample;
    await sleep(10_000);
    const after = pids.map(residentMiB);
    const heldText = held.map((result) => (result ? s(result.heldMs) : "no h2")).join(", ");
    console.log(
      `| ${label} | ${kind} | ${heldText} | ${f(before[0])} / ${f(during[0] ?? NaN)} / ${
        f(after[0])
      } | ${pids.length > 1 ? `${f(before[1])} / ${f(during[1] ?? NaN)} / ${f(after[1])}` : "-"} |`,
    );
  }
  await Promise.all([proxy.stop(), bare.stop(), behind.stop()]);
}

// ---- 5. single-read faults under the page deadline ----------------------------------------

async function faultCase(path: string, faults: Faults, budgetMs: number) {
  const app = await startReplayApp({
    faults,
    upstreamTimeoutMs: 8_000,
    build: (deps) =>
      createApp({
        ...deps,
        papertrade: withReadCache(
          createPapertradeClient({
            baseUrl: deps.config.papertradeApiUrl,
            timeoutMs: 8_000,
            retry: { totalBudgetMs: budgetMs },
          }),
          { env: { get: () => undefined } },
        ),
      }),
  });
  const started = performance.now();
  const response = await app.fetch(path);
  await response.body?.cancel();
  const ms = performance.now() - started;
  await app.close();
  return { ms, status: response.status };
}

async function faultSection() {
  console.log("\n### 5. Single-read upstream faults against the 25 s page deadline\n");
  const tx = `/tx/${catalog.transactions.multi_wallet_batch.hash}`;
  const cases: [string, string, Faults][] = [
    ["API hangs", "/leaderboard", { target: "api", hang: true }],
    ["API: 7.9 s, then 503, every time", "/leaderboard", {
      target: "api",
      latencyMs: 7_900,
      status: 503,
    }],
    ["API: 7.9 s, then 429 retry after 5 s, every time", "/leaderboard", {
      target: "api",
      latencyMs: 7_900,
      rateLimit: { retryAfterS: 5 },
    }],
    ["API: 429 retry after 5 s, every time", "/leaderboard", {
      target: "api",
      rateLimit: { retryAfterS: 5 },
    }],
    ["RPC hangs (primary and fallback)", tx, { target: "rpc", hang: true }],
    ["RPC: 7.9 s on every call", tx, { target: "rpc", latencyMs: 7_900 }],
    ["RPC primary down, fallback 7.9 s", tx, {
      target: "rpc",
      rpcPrimaryDown: true,
      latencyMs: 7_900,
    }],
  ];
  const rows = await Promise.all(cases.map(async ([label, path, faults]) => {
    const [now, before] = await Promise.all([
      faultCase(path, faults, 20_000),
      faultCase(path, faults, 25_000),
    ]);
    return `| ${label} | \`${path.slice(0, 14)}\` | ${s(now.ms)} (${now.status}) | ${
      s(before.ms)
    } (${before.status}) |`;
  }));
  console.log("| fault | page | answered, 20 s budget (now) | answered, 25 s budget (before) |");
  console.log("| ----- | ---- | --------------------------: | -----------------------------: |");
  for (const row of rows) console.log(row);
}

// ---- 6. front doors compared --------------------------------------------------------------

async function doorsSection(dir: string, certificate: { caCert: string; bundle: string }) {
  const idle = 2_000;
  const request = 4_000;
  console.log(
    `\n### 6. Front doors compared (idle ${idle / 1000} s, request ${
      request / 1000
    } s: the behaviour, not the scale)\n`,
  );
  const app = await startExplorer({ PORT: "0" });
  const doors: [string, () => Promise<{ plain: Door; tls?: Door; stop(): Promise<void> }>][] = [
    [
      "the app alone (Deno's server)",
      () => Promise.resolve({ plain: { port: app.port }, stop: () => Promise.resolve() }),
    ],
    ["HAProxy 2.6 (deploy/)", () =>
      startFrontDoor({
        appPort: app.port,
        certificate,
        idleTimeoutMs: idle,
        requestTimeoutMs: idle,
      })],
    ["Caddy 2.6", () => {
      const [plain, tls] = [freePort(), freePort()];
      return startProxy("caddy", [
        "run",
        "--adapter",
        "caddyfile",
        "--config",
        new URL("./doors/Caddyfile", import.meta.url).pathname,
      ], {
        PLAIN: String(plain),
        TLS: String(tls),
        APP: String(app.port),
        CERT: `${dir}/leaf.pem`,
        KEY: `${dir}/leaf.key`,
        IDLE: `${idle}ms`,
        REQ: `${request}ms`,
        HOME: dir,
        XDG_DATA_HOME: dir,
        XDG_CONFIG_HOME: dir,
      }, { plain: { port: plain }, tls: { port: tls, caCert: certificate.caCert } });
    }],
    ["nginx 1.22", async () => {
      const [plain, tls] = [freePort(), freePort()];
      const template = await Deno.readTextFile(new URL("./doors/nginx.conf", import.meta.url));
      const values: Record<string, string> = {
        DIR: dir,
        PLAIN: String(plain),
        TLS: String(tls),
        APP: String(app.port),
        IDLE: `${idle}ms`,
        REQ: `${request}ms`,
      };
      const config = template.replace(/\b(DIR|PLAIN|TLS|APP|IDLE|REQ)\b/g, (name) => values[name]);
      await Deno.writeTextFile(`${dir}/nginx.conf`, config);
      return startProxy("nginx", ["-c", `${dir}/nginx.conf`, "-p", dir], {}, {
        plain: { port: plain },
        tls: { port: tls, caCert: certificate.caCert },
      });
    }],
  ];
  console.log(
    "| front door | silent connection | trickled head | trickled body | h2 PINGs only (TLS / h2c) | h2 200 unfinished bodies + PINGs (TLS / h2c) | 40 KB head | 1 MB head | no Host | broken chunked body |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const [label, open] of doors) {
    const door = await open();
    const bound = 15_000;
    const trickle = idle / 3;
    const ping = { pingMs: trickle, boundMs: bound };
    const h2 = (result: Awaited<ReturnType<typeof h2Held>>) =>
      result === null ? "no h2" : result.heldMs < 200 ? "refused" : s(result.heldMs);
    const tls = door.tls ?? door.plain;
    const [silent, head, body, pingTls, pingPlain, streamsTls, streamsPlain] = await Promise.all([
      idleHeld(door.plain, bound),
      slowHeadHeld(door.plain, trickle, bound),
      slowBodyHeld(door.plain, trickle, bound),
      door.tls ? h2Held(tls, { streams: 0, ...ping }) : Promise.resolve(null),
      h2Held(door.plain, { streams: 0, ...ping }),
      door.tls ? h2Held(tls, { streams: 200, ...ping }) : Promise.resolve(null),
      h2Held(door.plain, { streams: 200, ...ping }),
    ]);
    const statuses = [
      await statusOf(door.plain, oversizedHead(40_000)),
      await statusOf(door.plain, oversizedHead(1_000_000)),
      await statusOf(door.plain, NO_HOST),
      await statusOf(door.plain, MALFORMED_CHUNKED),
    ].map((status) => (status === 0 ? "closed" : String(status)));
    console.log(
      `| ${label} | ${s(silent)} | ${s(head)} | ${s(body)} | ${h2(pingTls)} / ${h2(pingPlain)} | ${
        h2(streamsTls)
      } / ${h2(streamsPlain)} | ${statuses.join(" | ")} |`,
    );
    await door.stop();
  }
  await app.stop();
}

// ---- run ------------------------------------------------------------------------------------

// `deno run -A --unstable-kv bench/hardening_bench.ts 3 5` runs sections 3 and 5 only.
const only = new Set(Deno.args.map(Number));
const run = (section: number) => only.size === 0 || only.has(section);
const dir = await Deno.makeTempDir();
const certificate = await testCertificate(dir);
console.log(`Deno ${Deno.version.deno}, ${new Date().toISOString()}`);
if (run(1)) await limiterSection();
if (run(2)) await kvSection();
if (run(3)) await floodSection(certificate);
if (run(4)) await h2Section(certificate);
if (run(5)) await faultSection();
if (run(6)) await doorsSection(dir, certificate);
await Deno.remove(dir, { recursive: true });
