/**
 * Issue 26 (a slow or hostile upstream and a crowded front door), at full scale, loopback only,
 * through HAProxy on `deploy/haproxy.cfg` with its defaults and `deno task start` (`main.ts`) as
 * `docs/self-hosting.md` runs them (the app under `ulimit -n 4096`), against the replay upstream
 * in this process:
 * 1. 260 live viewers from 260 source addresses (127.0.0.x and 127.0.1.x): how they were
 *    answered, and how long `/robots.txt` and a tool call took while they were open;
 * 2. 4,300 silent connections from 72 addresses (under the per-client cap of 64): how many the
 *    door held, and how long a normal client from another address took to be served;
 * 3. 400 distinct wallet pages at once (from 20 addresses) while every upstream read takes 6 s,
 *    the app under `ulimit -n 4096` as documented, then under the default 1024: how they were
 *    answered, the app's peak descriptors, whether it is alive and its error pages right after;
 * 4. 50 MB and 1 GiB-gzip upstream answers on every read, 40 pages and tool calls at once: the
 *    app's peak resident memory against its stated ceiling, and whether each read was named
 *    unavailable ("answer too large").
 * `deno run -A --unstable-kv bench/crowded_door_bench.ts [1|2|3|4 ...]` runs some of them.
 */
import { catalog, type Faults, startReplayUpstream } from "../fixtures/mod.ts";
import {
  distinctWalletPages,
  idleConnectionsFrom,
  loopbackAddresses,
  openFiles,
  openLiveViewers,
  residentMiB,
  startExplorer,
  startFrontDoor,
  testCertificate,
} from "./front_door.ts";

const only = new Set(Deno.args.map(Number));
const wanted = (section: number) => only.size === 0 || only.has(section);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${Math.round(value)} ms`;

/** The stated ceiling of section 4 (docs/security-and-limits.md). */
const MEMORY_CEILING_MIB = 512;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

/** A tool call through `base` from source address `from`: status and time. */
async function toolCall(base: string, from: string): Promise<[number, number]> {
  const client = Deno.createHttpClient({ localAddress: from, poolMaxIdlePerHost: 0 });
  try {
    return await timed(async () => {
      const response = await fetch(`${base}api/tools/get_protocol_overview`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
        client,
        signal: AbortSignal.timeout(30_000),
      } as RequestInit);
      await response.body?.cancel();
      return response.status;
    });
  } finally {
    client.close();
  }
}

/** `path` through `base` from `from` on a new connection: status (0 on failure) and time. */
async function page(base: string, path: string, from: string): Promise<[number, number]> {
  const client = Deno.createHttpClient({ localAddress: from, poolMaxIdlePerHost: 0 });
  try {
    return await timed(async () => {
      try {
        const response = await fetch(`${base}${path}`, {
          client,
          signal: AbortSignal.timeout(30_000),
        } as RequestInit);
        await response.body?.cancel();
        return response.status;
      } catch {
        return 0;
      }
    });
  } finally {
    client.close();
  }
}

/** The app over `upstream` under `fileLimit`, HAProxy in front of it with the defaults. */
async function withDoor(
  upstream: Awaited<ReturnType<typeof startReplayUpstream>>,
  fileLimit: number,
  body: (
    base: string,
    app: Awaited<ReturnType<typeof startExplorer>>,
    door: Awaited<ReturnType<typeof startFrontDoor>>,
  ) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const app = await startExplorer({
    PORT: "0",
    // The deployment's `loopback` would take these loopback clients for proxies too (one client
    // key for all); HAProxy itself connects from 127.0.0.1.
    TRUSTED_PROXIES: "127.0.0.1",
    PAPERTRADE_API_URL: upstream.apiUrl,
    HYPEREVM_RPC_URL: upstream.rpcUrl,
    HYPEREVM_RPC_FALLBACK_URL: upstream.fallbackRpcUrl,
    HYPERLIQUID_INFO_URL: upstream.hyperliquidInfoUrl,
    ...env,
  }, fileLimit);
  const door = await startFrontDoor({ appPort: app.port, certificate: await testCertificate(dir) });
  try {
    await sleep(1_000); // the app loads its modules in the background first
    await body(`http://127.0.0.1:${door.plain.port}/`, app, door);
  } finally {
    await door.stop();
    await app.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
const rows: string[] = [];

if (wanted(1)) {
  await withDoor(upstream, 4096, async (base) => {
    const { whale, near_bust, liquidated, staker, pending_ops, early_trader } = catalog.wallets;
    const wallets = [whale, near_bust, liquidated, staker, pending_ops, early_trader]
      .map((wallet) => wallet.address);
    const viewers = await openLiveViewers(base, wallets, loopbackAddresses(260, 10));
    try {
      await sleep(1_000);
      const robots = await page(base, "robots.txt", "127.0.0.2");
      const tool = await toolCall(base, "127.0.0.3");
      const answered = viewers.statuses.filter((status) => status === 200).length;
      const refused = viewers.statuses.filter((status) => status === 503).length;
      rows.push(
        `| 1 | 260 live viewers from 260 addresses | streams answered ${answered}, refused ${refused}` +
          ` | /robots.txt ${robots[0]} in ${ms(robots[1])}; tool call ${tool[0]} in ${
            ms(tool[1])
          } |`,
      );
    } finally {
      await viewers.close();
    }
  });
}

if (wanted(2)) {
  await withDoor(upstream, 4096, async (base) => {
    // 72 addresses, 59 or 60 each: 4,300 in all, each under the per-client cap of 64.
    const addresses = loopbackAddresses(72, 300);
    const crowd = await idleConnectionsFrom({ port: Number(new URL(base).port) }, addresses, 60);
    try {
      const held = crowd.open();
      const normal = await page(base, "robots.txt", "127.0.0.2");
      rows.push(
        `| 2 | 4,320 silent connections from 72 addresses | ${held} still open after 1 s` +
          ` | normal client ${normal[0]} in ${ms(normal[1])} |`,
      );
    } finally {
      crowd.close();
    }
  });
}

for (const fileLimit of wanted(3) ? [4096, 1024] : []) {
  upstream.setFaults({ latencyMs: 6_000 } satisfies Faults);
  await withDoor(upstream, fileLimit, async (base, app) => {
    let peak = openFiles(app.pid);
    const sampling = setInterval(() => {
      if (!app.exited()) peak = Math.max(peak, openFiles(app.pid));
    }, 100);
    // From 20 addresses, 20 pages each: under the door's 64 connections per client.
    const from = loopbackAddresses(20, 600);
    const [tally, took] = await timed(() => distinctWalletPages(base, 400, 60_000, from));
    clearInterval(sampling);
    upstream.setFaults({});
    await sleep(2_000);
    const notFound = await page(base, "no-such-page", "127.0.0.2");
    const bad = await page(base, "wallet/0xnot-an-address", "127.0.0.2");
    rows.push(
      `| 3 | 400 distinct wallet pages, upstream 6 s, app ulimit -n ${fileLimit} | ${
        JSON.stringify(tally)
      } in ${ms(took)}; peak descriptors ${peak} | alive ${!app.exited()}; after: 404 page ${
        notFound[0]
      }, 400 page ${bad[0]}; "Uncaught" in log: ${/Uncaught/.test(app.stderr())} |`,
    );
  });
}

if (wanted(4)) {
  for (const fault of [{ bodyBytes: 50_000_000 }, { gzipBombBytes: 1024 ** 3 }]) {
    upstream.setFaults(fault);
    await withDoor(upstream, 4096, async (base, app) => {
      const before = residentMiB(app.pid);
      let peak = before;
      const sampling = setInterval(() => {
        if (!app.exited()) peak = Math.max(peak, residentMiB(app.pid));
      }, 50);
      const wallet = catalog.wallets.whale.address;
      const answers = await Promise.all(Array.from({ length: 40 }, async (_, index) => {
        const response = index % 2 === 0
          ? await fetch(`${base}wallet/${wallet}`)
          : await fetch(`${base}api/tools/get_protocol_overview`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{}",
          });
        return await response.text();
      }));
      clearInterval(sampling);
      const named = answers.filter((text) => /answer too large/.test(text)).length;
      rows.push(
        `| 4 | ${JSON.stringify(fault)} on every read, 40 pages and tool calls at once | RSS ${
          before.toFixed(0)
        } → peak ${
          peak.toFixed(0)
        } MiB (ceiling ${MEMORY_CEILING_MIB}) | ${named} of 40 name a read "answer too large" |`,
      );
    });
  }
  upstream.setFaults({});
}

await upstream.close();
console.log("| # | scenario | what happened | figures |");
console.log("| - | -------- | ------------- | ------- |");
for (const row of rows) console.log(row);
