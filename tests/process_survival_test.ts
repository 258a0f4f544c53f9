/**
 * The real entry (`main.ts`) as a child process: bad configuration ends in one line and exit
 * status 2, a busy port names PORT, PORT=0 and HOST=::1 work; under an open-file limit
 * (`ulimit -n`), bursts of never-finishing connections past the limit and a reconnect flood,
 * straight at the app, do not kill it and it serves again once they leave; through the HAProxy
 * front door they keep no normal client from being answered, and the descriptors of both come
 * back; and two processes on one KV_PATH share one budget.
 * Timeouts and counts are scaled down (the full-scale figures are in bench/hardening_bench.ts).
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import {
  distinctWalletPages,
  flood,
  type FloodReport,
  hammerToolCalls,
  openFiles,
  residentMiB,
  type RunningExplorer,
  startExplorer as start,
  startFrontDoor,
  testCertificate,
} from "../bench/front_door.ts";

const ENTRY = new URL("../main.ts", import.meta.url).pathname;
const BASE_ENV = {
  RUST_BACKTRACE: "0",
  NO_COLOR: "1",
  // Upstreams are never contacted by the paths used here; point them nowhere real.
  PAPERTRADE_API_URL: "http://127.0.0.1:9",
  HYPEREVM_RPC_URL: "http://127.0.0.1:9",
  HYPEREVM_RPC_FALLBACK_URL: "http://127.0.0.1:9",
};

async function runToExit(env: Record<string, string>) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", ENTRY],
    env: { ...BASE_ENV, ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: output.code, stderr: new TextDecoder().decode(output.stderr) };
}

Deno.test("bad configuration is one line naming the variable, exit status 2, no stack trace", async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "abc" }, /PORT="abc" is not valid: expected a whole number from 0 to 65535/],
    [{ SITE_URL: "notaurl" }, /SITE_URL="notaurl" is not valid/],
    [{ UPSTREAM_TIMEOUT_MS: "-5" }, /UPSTREAM_TIMEOUT_MS="-5" is not valid/],
  ];
  for (const [env, message] of cases) {
    const { code, stderr } = await runToExit(env);
    assert.equal(code, 2, JSON.stringify(env));
    assert.match(stderr, message);
    assert.equal(stderr.trim().split("\n").length, 1, stderr);
    assert.doesNotMatch(stderr, /\bat \S+:\d+|Uncaught|papertradeApiUrl/);
  }
});

Deno.test("PORT=0 links use the real port, HOST=::1 works, a busy port names PORT", async () => {
  const server = await start({ PORT: "0", HOST: "::1" });
  try {
    assert.match(server.url, /^http:\/\/\[::1\]:(\d+)\/$/);
    assert.doesNotMatch(server.url, /:0\//);
    const mcp = await fetch(`${server.url}mcp`);
    const body = await mcp.json();
    assert.equal(body.endpoint, `${server.url}mcp`, "links carry the real port");
    const port = new URL(server.url).port;
    const busy = await runToExit({ PORT: port, HOST: "::1" });
    assert.equal(busy.code, 2);
    assert.match(busy.stderr, new RegExp(`PORT=${port} is already in use .*set PORT`));
    assert.equal(busy.stderr.trim().split("\n").length, 1);
  } finally {
    await server.stop();
  }
});

const FILE_LIMIT = 256;
const FLOOD = { bursts: 3, settleMs: 1_500, reconnectMs: 1_500, reconnectLoops: 20 };

/** Alive, answering after the flood, descriptors back, and nothing uncaught on stderr. */
function assertRecoveredFrom(report: FloodReport, stderr: string): void {
  const summary = JSON.stringify(report);
  assert.ok(report.opened.every((opened) => opened > 0), summary);
  assert.ok(report.answeredAfter, summary);
  report.afterReconnects.forEach((count, index) =>
    assert.ok(count <= report.baseline[index] + 20, `descriptors did not come back: ${summary}`)
  );
  assert.doesNotMatch(stderr, /Uncaught|Too many open files.*\n.*at /);
}

Deno.test("under ulimit -n 256, bursts of never-finishing connections past the limit and a reconnect flood leave the app alive, answering once they leave", async () => {
  const server = await start({ PORT: "0" }, FILE_LIMIT);
  try {
    const report = await flood({
      door: { port: server.port },
      pids: [server.pid],
      normalUrl: `${server.url}robots.txt`,
      burstSize: 300, // more connections than 256 descriptors hold: accept fails
      ...FLOOD,
    });
    assert.equal(server.exited(), false);
    assertRecoveredFrom(report, server.stderr());
    // Deno's server stopped accepting at the limit and listened again (lib/http/resilient_serve.ts).
    assert.match(server.stderr(), /stopped accepting/);
  } finally {
    await server.stop();
  }
});

Deno.test("the same flood through HAProxy: app and proxy alive, a normal client answered throughout, descriptors of both back", async () => {
  const dir = await Deno.makeTempDir();
  const server = await start({ PORT: "0", TRUSTED_PROXIES: "loopback" }, FILE_LIMIT);
  const proxy = await startFrontDoor({
    appPort: server.port,
    certificate: await testCertificate(dir),
    idleTimeoutMs: 500,
    requestTimeoutMs: 500,
  });
  try {
    const report = await flood({
      door: proxy.plain,
      pids: [server.pid, proxy.pid],
      normalUrl: `http://127.0.0.1:${proxy.plain.port}/robots.txt`,
      burstSize: 150,
      ...FLOOD,
    });
    assert.equal(server.exited() || proxy.exited(), false);
    const summary = JSON.stringify(report);
    assert.ok(report.answeredDuring.every(Boolean), `a normal client was refused: ${summary}`);
    for (const counts of report.afterBursts) {
      counts.forEach((count, index) =>
        assert.ok(count <= report.baseline[index] + 20, `the door held the burst: ${summary}`)
      );
    }
    assertRecoveredFrom(report, server.stderr());
  } finally {
    await proxy.stop();
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("quiet logs: disconnects, streams and junk paths print nothing, and no Deno banners", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const server = await start({
    PORT: "0",
    PAPERTRADE_API_URL: upstream.apiUrl,
    HYPEREVM_RPC_URL: upstream.rpcUrl,
    HYPEREVM_RPC_FALLBACK_URL: upstream.fallbackRpcUrl,
  });
  try {
    const wallet = catalog.wallets.whale.address;
    for (
      const path of ["/", "/markets", "/static/%00", "/static/..%2f..%2fetc", `/wallet/${wallet}`]
    ) {
      const response = await fetch(`${server.url}${path.slice(1)}`);
      await response.body?.cancel();
    }
    // A live stream and a page, both dropped by the client mid-way.
    for (
      const path of [`wallet/${wallet}/live`, `wallet/${wallet}`, `wallet/${wallet}/trades.csv`]
    ) {
      const controller = new AbortController();
      const pending = fetch(`${server.url}${path}`, { signal: controller.signal });
      setTimeout(() => controller.abort(), 30);
      await pending.then((response) => response.body?.cancel()).catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(server.stderr(), "");
  } finally {
    await server.stop();
    await upstream.close();
  }
});

Deno.test("two processes on one KV_PATH, hammered at once, allow at most 60 calls between them", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const servers = await Promise.all([0, 1].map(() => start({ PORT: "0", KV_PATH: path })));
  try {
    // 20 concurrent clients per process, all from 127.0.0.1: one client key between them, until
    // 40 calls were refused by the limit (at most 8 s: on a busy machine many tries end in
    // contention, 503, and spending the budget takes longer).
    const tally = await hammerToolCalls(servers.map(({ url }) => url), {
      clientsEach: 20,
      durationMs: 8_000,
      untilLimited: 40,
    });
    assert.ok(tally.allowed <= 60, JSON.stringify(tally));
    assert.ok(tally.allowed >= 30, `the budget is spent, not lost: ${JSON.stringify(tally)}`);
    assert.ok(tally.limited > 0, JSON.stringify(tally));
    for (const server of servers) {
      const lines = server.stderr().match(/\[rate-limit\]/g) ?? [];
      assert.ok(lines.length <= 1, `one store-failure line per minute at most: ${server.stderr()}`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Deno.remove(path).catch(() => {});
  }
});

/**
 * The pages {@link assertRecovered} reads and a known wallet's (which loads the upstream
 * clients), asked once before a flood: a crowd past the open-file
 * limit that meets a module still to be loaded can leave it unloadable for the process's life
 * (Deno remembers the failed read; such a page then answers 503), which is why the server loads
 * every lazily loaded module just after its first answer and the front door holds crowds off.
 */
async function visitedBeforeTheFlood(server: RunningExplorer): Promise<void> {
  const known = `wallet/${catalog.wallets.whale.address}`;
  for (const path of ["no-such-page", "wallet/0xnot-an-address", known]) {
    await (await fetch(`${server.url}${path}`)).body?.cancel();
  }
}

/**
 * After a flood: the process is alive, its descriptors are back near `baseline`, and its error
 * pages are the real ones (a 404 and a 400 page with their hints, not a bare 500).
 */
async function assertRecovered(server: RunningExplorer, baseline: number): Promise<void> {
  assert.equal(server.exited(), false, server.stderr().slice(-500));
  for (let turn = 0; turn < 100 && openFiles(server.pid) > baseline + 40; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(openFiles(server.pid) <= baseline + 40, `descriptors: ${openFiles(server.pid)}`);
  const notFound = await fetch(`${server.url}no-such-page`);
  assert.equal(notFound.status, 404);
  assert.match(await notFound.text(), /Page not found[\s\S]*Paste a wallet, transaction/);
  const bad = await fetch(`${server.url}wallet/0xnot-an-address`);
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /<h1>[^<]+<\/h1>[\s\S]*Back to the overview/);
  assert.doesNotMatch(server.stderr(), /Uncaught|ErrorPage\.tsx/);
}

Deno.test("under ulimit -n 256, 400 distinct wallet pages over a slow upstream leave `deno task start` alive and its error pages right", async () => {
  const upstream = await startReplayUpstream({
    port: 0,
    now: () => catalog.baseTimeMs,
    faults: { latencyMs: 1_500 },
  });
  const server = await start({
    PORT: "0",
    PAPERTRADE_API_URL: upstream.apiUrl,
    HYPEREVM_RPC_URL: upstream.rpcUrl,
    HYPEREVM_RPC_FALLBACK_URL: upstream.fallbackRpcUrl,
    HYPERLIQUID_INFO_URL: upstream.hyperliquidInfoUrl,
    UPSTREAM_TIMEOUT_MS: "3000",
  }, FILE_LIMIT);
  try {
    await visitedBeforeTheFlood(server);
    const baseline = openFiles(server.pid);
    const tally = await distinctWalletPages(server.url, 400, 40_000);
    assert.ok(!Object.keys(tally).some((status) => status === "500"), JSON.stringify(tally));
    // The upstream pool held the app to its stated number of requests at once.
    assert.ok(upstream.stats().peakInFlight <= 32 + 256, JSON.stringify(upstream.stats()));
    await assertRecovered(server, baseline);
  } finally {
    await server.stop();
    await upstream.close();
  }
});

Deno.test("under ulimit -n 256, 400 distinct wallet pages leave `deno task demo` alive (its replay upstream too) and its error pages right", async () => {
  const server = await start({ PORT: "0" }, FILE_LIMIT, { demo: true });
  try {
    await visitedBeforeTheFlood(server);
    const baseline = openFiles(server.pid);
    const tally = await distinctWalletPages(server.url, 400, 40_000);
    assert.ok(!Object.keys(tally).some((status) => status === "500"), JSON.stringify(tally));
    await assertRecovered(server, baseline);
    // Its own upstream answers again: a known wallet's page is whole.
    const page = await fetch(`${server.url}wallet/${catalog.wallets.whale.address}`);
    assert.equal(page.status, 200);
    await page.body?.cancel();
  } finally {
    await server.stop();
  }
});

/** The app's stated memory ceiling under hostile upstream answers (docs/security-and-limits.md). */
const MEMORY_CEILING_MIB = 512;

Deno.test("with 50 MB and 1 GiB-gzip answers on every upstream read, `deno task start` stays under its memory ceiling and names each read too large", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const server = await start({
    PORT: "0",
    PAPERTRADE_API_URL: upstream.apiUrl,
    HYPEREVM_RPC_URL: upstream.rpcUrl,
    HYPEREVM_RPC_FALLBACK_URL: upstream.fallbackRpcUrl,
    HYPERLIQUID_INFO_URL: upstream.hyperliquidInfoUrl,
  });
  try {
    for (const fault of [{ bodyBytes: 50_000_000 }, { gzipBombBytes: 1024 ** 3 }]) {
      upstream.setFaults(fault);
      let peak = residentMiB(server.pid);
      const sampling = setInterval(() => {
        if (!server.exited()) peak = Math.max(peak, residentMiB(server.pid));
      }, 25);
      const wallet = catalog.wallets.whale.address;
      const answers = await Promise.all(Array.from({ length: 40 }, async (_, index) => {
        const response = index % 2 === 0
          ? await fetch(`${server.url}wallet/${wallet}`)
          : await fetch(`${server.url}api/tools/get_protocol_overview`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{}",
          });
        return await response.text();
      })).finally(() => clearInterval(sampling));
      assert.equal(server.exited(), false);
      const named = answers.filter((text) => /answer too large/.test(text)).length;
      assert.equal(named, 40, `${JSON.stringify(fault)}: ${named} of 40 name the read too large`);
      assert.ok(peak < MEMORY_CEILING_MIB, `${JSON.stringify(fault)}: peak ${peak.toFixed(0)} MiB`);
    }
  } finally {
    await server.stop();
    await upstream.close();
  }
});
