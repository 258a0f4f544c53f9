/**
 * Several explorer processes over one replay upstream, as a self-hosted deployment runs them:
 * the replay in a process of its own (`_replay_child.ts`), N `main.ts` processes on loopback
 * (`PORT=0`) sharing one `KV_PATH`, every upstream variable pointed at the replay. What they
 * cost the upstream is counted by the replay's request counter (`GET /_control/stats`). Viewers
 * are spread over the processes as a front door would spread them. Used by
 * `bench/scale_processes_bench.ts` and by tests that need more than one process; everything
 * binds 127.0.0.1 and every loop is bounded in count and time.
 */
import type { ReplayStats } from "../fixtures/replay.ts";
import { freePort, type RunningExplorer, startExplorer } from "./front_door.ts";

/** The replay upstream in its own process. */
export interface ReplayProcess {
  origin: string;
  /** The variables that point an explorer at it. */
  env: Record<string, string>;
  stats(): Promise<ReplayStats>;
  /** Requests so far by what they read (`GET /state/trading`, `RPC eth_call(0x0000…080e)`, …). */
  counts(): Promise<Record<string, number>>;
  /** Upstream requests so far (the replay's counter, control requests excluded). */
  requests(): Promise<number>;
  stop(): Promise<void>;
}

export interface ReplayProcessOptions {
  /**
   * Data generated afresh with "now" at the wall clock and served following it, as the demo
   * does (about 6 s to generate); default the committed data (its "now" is 2026-10-13).
   */
  demoClock?: boolean;
  /** Wallet stream patches this often (the demo: 4000 ms); default none. */
  patchEveryMs?: number;
  heartbeatMs?: number;
  /**
   * Serve the replay itself, without the counting door in front of it (`counts()` then answers
   * nothing): for timing, where the door's extra hop on the replay's one thread would be counted
   * as upstream time.
   */
  uncounted?: boolean;
}

/** Starts the replay upstream in a child process and waits for its URLs. */
export async function startReplayProcess(
  options: ReplayProcessOptions = {},
): Promise<ReplayProcess> {
  const env: Record<string, string> = { RUST_BACKTRACE: "0", NO_COLOR: "1" };
  if (options.demoClock) {
    env.REPLAY_DEMO_CLOCK = "1";
    env.FIXTURES_NOW_S = String(Math.floor(Date.now() / 1000));
  }
  if (options.patchEveryMs) env.REPLAY_PATCH_MS = String(options.patchEveryMs);
  if (options.heartbeatMs) env.REPLAY_HEARTBEAT_MS = String(options.heartbeatMs);
  if (options.uncounted) env.REPLAY_UNCOUNTED = "1";
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./_replay_child.ts", import.meta.url).pathname],
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let stderr = "";
  (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) stderr += chunk;
  })().catch(() => {});
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  const giveUp = setTimeout(() => child.kill("SIGKILL"), 60_000);
  try {
    while (!seen.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the replay exited before it was ready: ${stderr}`);
      seen += value;
    }
  } finally {
    clearTimeout(giveUp);
    reader.releaseLock();
  }
  child.stdout.cancel().catch(() => {});
  const urls = JSON.parse(seen.split("\n")[0]) as Record<string, string>;
  const stats = async () => (await (await fetch(`${urls.origin}/_control/stats`)).json());
  let stopped: Promise<void> | undefined;
  return {
    origin: urls.origin,
    env: {
      PAPERTRADE_API_URL: urls.apiUrl,
      HYPEREVM_RPC_URL: urls.rpcUrl,
      HYPEREVM_RPC_FALLBACK_URL: urls.fallbackRpcUrl,
      HYPERLIQUID_INFO_URL: urls.hyperliquidInfoUrl,
    },
    stats,
    counts: async () => (await (await fetch(`${urls.origin}/_bench/counts`)).json()),
    requests: async () => (await stats()).requests,
    stop() {
      stopped ??= (async () => {
        try {
          child.kill("SIGTERM");
        } catch {
          // already ended
        }
        await child.status;
      })();
      return stopped;
    },
  };
}

/** N explorer processes on one KV file over one replay. */
export interface Deployment {
  replay: ReplayProcess;
  kvPath: string;
  /** The running processes, by slot; a killed one stays until restarted. */
  processes: RunningExplorer[];
  /** Each process's URL (ending in `/`), by slot. */
  urls(): string[];
  /** Kills slot `i` with SIGKILL (as `kill -9`) and waits until it has exited. */
  kill(i: number): Promise<void>;
  /** Starts a new process in slot `i` (after a kill, or to replace one). */
  restart(i: number): Promise<RunningExplorer>;
  /** Stops every process and removes the KV file (not the replay, which the caller owns). */
  close(): Promise<void>;
}

export interface DeploymentOptions {
  processes: number;
  replay: ReplayProcess;
  /** Extra environment for every process. */
  env?: Record<string, string>;
}

/** Starts `processes` explorers sharing a new temporary `KV_PATH`. */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const kvPath = await Deno.makeTempFile({ prefix: "explorer-", suffix: ".kv" });
  const env = {
    ...options.replay.env,
    PORT: "0",
    HOST: "127.0.0.1",
    KV_PATH: kvPath,
    ...options.env,
  };
  const processes: RunningExplorer[] = [];
  const start = () => startExplorer(env);
  try {
    // One at a time: they open and set up the same KV file.
    for (let i = 0; i < options.processes; i++) processes.push(await start());
  } catch (error) {
    await Promise.all(processes.map((p) => p.stop()));
    throw error;
  }
  return {
    replay: options.replay,
    kvPath,
    processes,
    urls: () => processes.map((p) => p.url),
    async kill(i) {
      const victim = processes[i];
      try {
        Deno.kill(victim.pid, "SIGKILL");
      } catch {
        // it had already ended
      }
      await victim.stop().catch(() => {});
    },
    async restart(i) {
      await processes[i].stop();
      processes[i] = await start();
      return processes[i];
    },
    async close() {
      await Promise.all(processes.map((p) => p.stop()));
      await Deno.remove(kvPath).catch(() => {});
      // SQLite's side files of the KV database.
      for (const suffix of ["-wal", "-shm"]) await Deno.remove(kvPath + suffix).catch(() => {});
    },
  };
}

/** What a group of viewers saw. */
export interface ViewerTally {
  requests: number;
  /** Answers by status; `0` counts requests that got no answer (connection refused, reset). */
  statuses: Record<number, number>;
}

function tallied(): ViewerTally & { note(status: number): void } {
  const tally = {
    requests: 0,
    statuses: {} as Record<number, number>,
    note(status: number) {
      tally.requests++;
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
    },
  };
  return tally;
}

/**
 * `viewers` people reading `path`, viewer `v` on process `v mod N` (as a front door would
 * spread them), each loading the page at once (staggered over `everyMs`) and then every `everyMs`
 * until `durationMs` has passed.
 */
export async function pageViewers(options: {
  urls: () => string[];
  path: string;
  viewers: number;
  everyMs: number;
  durationMs: number;
  signal?: AbortSignal;
}): Promise<ViewerTally> {
  const tally = tallied();
  const end = performance.now() + options.durationMs;
  await Promise.all(Array.from({ length: options.viewers }, async (_, v) => {
    await sleep((options.everyMs * v) / options.viewers, options.signal);
    // Every viewer loads the page at least once.
    do {
      const urls = options.urls();
      const url = new URL(options.path.replace(/^\//, ""), urls[v % urls.length]);
      const started = performance.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
        await response.body?.cancel();
        tally.note(response.status);
      } catch {
        tally.note(0);
      }
      await sleep(Math.max(0, options.everyMs - (performance.now() - started)), options.signal);
    } while (performance.now() < end && !options.signal?.aborted);
  }));
  return { requests: tally.requests, statuses: tally.statuses };
}

/**
 * `viewers` people on a live wallet page, spread over the processes: each loads the page, then
 * holds its live stream (`/wallet/:address/live`) open, reading it, for `durationMs`.
 */
export async function liveViewers(options: {
  urls: () => string[];
  wallet: string;
  viewers: number;
  durationMs: number;
}): Promise<ViewerTally & { framesRead: number }> {
  const tally = tallied();
  let framesRead = 0;
  const stop = AbortSignal.timeout(options.durationMs);
  await Promise.all(Array.from({ length: options.viewers }, async (_, v) => {
    const base = options.urls()[v % options.urls().length];
    try {
      const page = await fetch(new URL(`wallet/${options.wallet}`, base));
      await page.body?.cancel();
      tally.note(page.status);
      const live = await fetch(new URL(`wallet/${options.wallet}/live`, base), {
        headers: { accept: "text/event-stream" },
        signal: stop,
      });
      tally.note(live.status);
      const reader = live.body!.pipeThrough(new TextDecoderStream()).getReader();
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        framesRead += value.split("\n\n").length - 1;
      }
    } catch (error) {
      if (!stop.aborted) tally.note(0);
      void error;
    }
  }));
  return { requests: tally.requests, statuses: tally.statuses, framesRead };
}

/**
 * The chart `id` of a page: how many points its first series draws (the moves and lines of its
 * path, or its dots), and the rows of its data table (times and values, in UTC: the same samples
 * give the same rows on any process, whenever it renders them).
 */
export function chartData(html: string, id: string): { points: number; rows: string[] } {
  const start = html.indexOf(`id="${id}`);
  if (start < 0) return { points: 0, rows: [] };
  const figure = html.slice(start, html.indexOf("</figure>", start));
  const svg = figure.slice(0, figure.indexOf("</svg>"));
  const path = /<path class="line[^"]*" d="([^"]*)"/.exec(svg)?.[1];
  const points = path !== undefined
    ? (path.match(/[MLH]/g) ?? []).length
    : (svg.match(/<circle /g) ?? []).length;
  const rows = [...figure.matchAll(/<tr><th scope="row">(.*?)<\/tr>/g)].map((m) => m[1]);
  return { points, rows };
}

/** Upstream requests made while `run` runs. */
export async function upstreamRequestsDuring(
  replay: ReplayProcess,
  run: () => Promise<unknown>,
): Promise<number> {
  const before = await replay.requests();
  await run();
  return (await replay.requests()) - before;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** An entry spawned by {@link spawnEntry}, answering on `port`. */
export interface SpawnedEntry {
  port: number;
  /** Milliseconds from the spawn to the first answer on `path` below 500. */
  firstAnswerMs: number;
  /** Kills it (SIGKILL: nothing to wait for) and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * Spawns `script` (`main.ts`, or a stand-in) from `dir` on a free loopback port, reading the
 * replay `upstream`, and resolves once `path` answers below 500 (within 20 s), for the benches
 * that time a fresh process.
 */
export async function spawnEntry(options: {
  dir: string;
  script: string;
  path: string;
  upstream: { apiUrl: string; rpcUrl: string; fallbackRpcUrl: string };
}): Promise<SpawnedEntry> {
  const port = freePort();
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", options.script],
    cwd: options.dir,
    stdout: "null",
    stderr: "null",
    env: {
      RUST_BACKTRACE: "0",
      NO_COLOR: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      PAPERTRADE_API_URL: options.upstream.apiUrl,
      HYPEREVM_RPC_URL: options.upstream.rpcUrl,
      HYPEREVM_RPC_FALLBACK_URL: options.upstream.fallbackRpcUrl,
    },
  }).spawn();
  const stop = async () => {
    child.kill("SIGKILL");
    await child.status;
  };
  while (performance.now() - started < 20_000) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${options.path}`);
      await response.arrayBuffer();
      if (response.status < 500) {
        return { port, firstAnswerMs: performance.now() - started, stop };
      }
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await stop();
  throw new Error(`${options.dir} ${options.script}: no answer on ${options.path} within 20 s`);
}
