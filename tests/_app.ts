/**
 * Integration harness: the replay upstream and the real app (`createApp(createDeps(config))`)
 * both on 127.0.0.1:0, torn down together. The clock is pinned to the catalog's base time so
 * results match catalog.json.
 */
import type { Hono } from "hono";
import { catalog, type Faults, type ReplayUpstream, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../app.tsx";
import { createDeps } from "../lib/boot.ts";
import { type AppConfig, DEFAULT_CONFIG } from "../lib/config.ts";
import type { AppDeps } from "../lib/deps.ts";

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
}

/** A running app over a running replay upstream. */
export interface TestApp {
  /** `http://127.0.0.1:PORT` of the app. */
  origin: string;
  /** The app's `/mcp` URL. */
  mcpUrl: URL;
  upstream: ReplayUpstream;
  deps: AppDeps;
  /** Fetches a path of the app; the caller reads or cancels the body. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Dependencies over the replay upstream, with the catalog's clock. */
export function replayDeps(upstream: ReplayUpstream, upstreamTimeoutMs = 5_000): AppDeps {
  const config: AppConfig = {
    ...DEFAULT_CONFIG,
    papertradeApiUrl: upstream.apiUrl,
    rpcUrl: upstream.rpcUrl,
    fallbackRpcUrl: upstream.fallbackRpcUrl,
    siteUrl: TEST_SITE_URL,
    upstreamTimeoutMs,
  };
  return createDeps(config, { now: () => catalog.baseTimeMs });
}

/** The real app, exactly as main.ts and dev.ts build it. */
export function buildApp(deps: AppDeps): Hono {
  return createApp(deps);
}

/** Starts the replay upstream and the app; call `close()` in a `finally`. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const upstream = await startReplayUpstream({
    port: 0,
    now: () => catalog.baseTimeMs,
    faults: options.faults,
  });
  try {
    const deps = replayDeps(upstream, options.upstreamTimeoutMs);
    const app = (options.build ?? buildApp)(deps);
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
    const origin = `http://127.0.0.1:${server.addr.port}`;
    return {
      origin,
      mcpUrl: new URL(`${origin}/mcp`),
      upstream,
      deps,
      fetch: (path, init) => fetch(`${origin}${path}`, init),
      async close() {
        await server.shutdown();
        await upstream.close();
      },
    };
  } catch (error) {
    await upstream.close();
    throw error;
  }
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
