/**
 * The real app (as `main.ts` builds it) over the replay upstream, both on 127.0.0.1, for
 * scripts, benchmarks and tests offline. The clock defaults to the catalog's moment, so results
 * match `fixtures/data/catalog.json`.
 */
import type { Hono } from "hono";
import { createApp } from "./app.tsx";
import { catalog, type Faults, type ReplayUpstream, startReplayUpstream } from "./fixtures/mod.ts";
import { createDeps } from "./lib/boot.ts";
import { type AppConfig, DEFAULT_CONFIG } from "./lib/config.ts";
import type { AppDeps } from "./lib/deps.ts";

/** The app's site URL, per-request upstream timeout (default 5000 ms) and clock. */
export interface ReplayDepsOptions {
  siteUrl?: string;
  upstreamTimeoutMs?: number;
  /** Clock in ms (default pinned to the catalog's base time). */
  now?: () => number;
}

export interface ReplayAppOptions extends ReplayDepsOptions {
  /** Faults the replay upstream starts with. */
  faults?: Faults;
  /** The replay also serves a wallet with this many open positions (`manyPositionsAddress()`). */
  manyPositions?: number;
  /** Builds the app from the deps; default the real app ({@link createApp}). */
  build?: (deps: AppDeps) => Hono;
}

/** A running app over a running replay upstream. */
export type ReplayApp = Awaited<ReturnType<typeof startReplayApp>>;

/** The app's dependencies over a running replay upstream. */
export function replayDeps(upstream: ReplayUpstream, options: ReplayDepsOptions = {}): AppDeps {
  const config: AppConfig = {
    ...DEFAULT_CONFIG,
    papertradeApiUrl: upstream.apiUrl,
    rpcUrl: upstream.rpcUrl,
    fallbackRpcUrl: upstream.fallbackRpcUrl,
    hyperliquidInfoUrl: upstream.hyperliquidInfoUrl,
    siteUrl: options.siteUrl ?? DEFAULT_CONFIG.siteUrl,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? 5_000,
  };
  return createDeps(config, { now: options.now ?? (() => catalog.baseTimeMs) });
}

/** Starts the replay upstream and the app on free loopback ports; call `close()` in a `finally`. */
export async function startReplayApp(options: ReplayAppOptions = {}) {
  const upstream = await startReplayUpstream({
    port: 0,
    now: options.now ?? (() => catalog.baseTimeMs),
    faults: options.faults,
    manyPositions: options.manyPositions,
  });
  try {
    const deps = replayDeps(upstream, options);
    const app = (options.build ?? createApp)(deps);
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
    const origin = `http://127.0.0.1:${server.addr.port}`;
    return {
      /** `http://127.0.0.1:PORT` of the app. */
      origin,
      mcpUrl: new URL(`${origin}/mcp`),
      upstream,
      deps,
      /** Fetches a path of the app; the caller reads or cancels the body. */
      fetch: (path: string, init?: RequestInit) => fetch(`${origin}${path}`, init),
      /** Stops the app and then the upstream. */
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
