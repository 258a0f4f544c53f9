/**
 * The integration tests' harness, in one module: the replay upstream and the real app over it
 * (see `replay_app.ts`, the public entry scripts and benchmarks use too), with the clock pinned
 * to the catalog's moment so results match catalog.json. `withTestApp` serves the app on
 * 127.0.0.1:0; `withPages` calls it through `app.request()` (no socket).
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { createApp } from "../app.tsx";
import { catalog, type Faults, type ReplayUpstream, startReplayUpstream } from "../fixtures/mod.ts";
import type { AppDeps } from "../lib/deps.ts";
import { type ReplayApp, replayDeps as replayAppDeps, startReplayApp } from "../replay_app.ts";

export { catalog };

/** The site URL the test app links to. */
export const TEST_SITE_URL = "https://explorer.test";

/** Options of {@link startTestApp}. */
export interface TestAppOptions {
  /** Faults the replay upstream starts with. */
  faults?: Faults;
  /** Per-request upstream timeout (config UPSTREAM_TIMEOUT_MS); default 5000. */
  upstreamTimeoutMs?: number;
  /** Builds the app from the deps; default the real app (see {@link buildApp}). */
  build?: (deps: AppDeps) => Hono;
  /** The replay also serves a wallet with this many open positions (`manyPositionsAddress()`). */
  manyPositions?: number;
}

/** A running app over a running replay upstream. */
export type TestApp = ReplayApp;

/** Dependencies over the replay upstream, with the catalog's clock and the test site URL. */
export function replayDeps(upstream: ReplayUpstream, upstreamTimeoutMs = 5_000): AppDeps {
  return replayAppDeps(upstream, { siteUrl: TEST_SITE_URL, upstreamTimeoutMs });
}

/** The real app, exactly as main.ts and dev.ts build it. */
export function buildApp(deps: AppDeps): Hono {
  return createApp(deps);
}

/** Starts the replay upstream and the app; call `close()` in a `finally`. */
export function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startReplayApp({ ...options, siteUrl: TEST_SITE_URL });
}

/** Runs `body` with a fresh app and always tears it down. */
export async function withTestApp(
  body: (app: TestApp) => Promise<void>,
  options: TestAppOptions = {},
): Promise<void> {
  const app = await startTestApp(options);
  try {
    await body(app);
  } finally {
    await app.close();
  }
}

/** What a page test gets. */
export interface PagesContext {
  app: Hono;
  upstream: ReplayUpstream;
  /** GET a path; returns status, headers and the whole body as text. */
  get(path: string): Promise<{ status: number; headers: Headers; body: string }>;
}

/** Runs `body` against a fresh app (called without a socket) and upstream, closing both. */
export async function withPages(
  body: (context: PagesContext) => Promise<void>,
  options: { faults?: Faults; upstreamTimeoutMs?: number; patchEveryMs?: number } = {},
): Promise<void> {
  const upstream = await startReplayUpstream({
    port: 0,
    now: () => catalog.baseTimeMs,
    faults: options.faults,
    patchEveryMs: options.patchEveryMs,
  });
  try {
    const app = createApp(replayDeps(upstream, options.upstreamTimeoutMs));
    const get = async (path: string) => {
      const response = await app.request(path, { redirect: "manual" });
      return { status: response.status, headers: response.headers, body: await response.text() };
    };
    await body({ app, upstream, get });
  } finally {
    await upstream.close();
  }
}

/** The hostile leaderboard name that must never reach a response unescaped. */
export const SCRIPT_NAME = "<script>alert(1)</script>";

/** How a page's Papertrade API reads overlap (see {@link apiReadsTogether}). */
export interface ReadOverlap {
  /** API requests the page makes with an empty cache. */
  reads: number;
  /** The most of them in flight at once while the API held every answer. */
  together: number;
}

/**
 * How many of the API reads of a cold `path` are in flight at once. The replay API holds every
 * answer, so reads started together are all held together, while reads made one after another
 * never get past the first. No clock decides: the held reads are counted as they arrive (the
 * 10 s guard only ends a failing case), then the visitor leaves.
 */
export async function apiReadsTogether(path: string): Promise<ReadOverlap> {
  let reads = 0;
  await withPages(async ({ get, upstream }) => {
    assert.equal((await get(path)).status, 200, path);
    reads = upstream.stats().faulted; // each API request, answered after 1 ms
  }, { faults: { target: "api", exceptPath: "/info", latencyMs: 1 } });
  const upstream = await startReplayUpstream({
    port: 0,
    now: () => catalog.baseTimeMs,
    faults: { target: "api", exceptPath: "/info", hang: true },
  });
  const visitor = new AbortController();
  const page = Promise.resolve(
    createApp(replayDeps(upstream, 120_000)).request(path, { signal: visitor.signal }),
  );
  const giveUp = Date.now() + 10_000;
  while (upstream.stats().openHangs < reads && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const together = upstream.stats().openHangs;
  visitor.abort(); // the visitor leaves: the page's reads are called off, none is retried
  await page.then((response) => response.body?.cancel(), () => {});
  await upstream.close();
  return { reads, together };
}
