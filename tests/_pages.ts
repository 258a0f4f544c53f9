/**
 * Harness of the page tests: the replay upstream on 127.0.0.1:0 and the real app over it, with
 * the clock pinned to the catalog's moment. Requests go through `app.request()` (no socket).
 */
import type { Hono } from "hono";
import { catalog, type Faults, type ReplayUpstream, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../lib/app.tsx";
import { createDeps } from "../lib/boot.ts";
import { type AppConfig, DEFAULT_CONFIG } from "../lib/config.ts";

export { catalog };

/** The site URL the test app builds absolute links from. */
export const SITE_URL = "https://explorer.test";

/** What a page test gets. */
export interface PagesContext {
  app: Hono;
  upstream: ReplayUpstream;
  /** GET a path; returns status, headers and the whole body as text. */
  get(path: string): Promise<{ status: number; headers: Headers; body: string }>;
}

/** Runs `body` against a fresh app and upstream, closing both afterwards. */
export async function withPages(
  body: (context: PagesContext) => Promise<void>,
  options: { faults?: Faults; upstreamTimeoutMs?: number; patchEveryMs?: number } = {},
): Promise<void> {
  const now = () => catalog.baseTimeMs;
  const upstream = await startReplayUpstream({
    port: 0,
    now,
    faults: options.faults,
    patchEveryMs: options.patchEveryMs,
  });
  try {
    const config: AppConfig = {
      ...DEFAULT_CONFIG,
      papertradeApiUrl: upstream.apiUrl,
      rpcUrl: upstream.rpcUrl,
      fallbackRpcUrl: upstream.fallbackRpcUrl,
      siteUrl: SITE_URL,
      upstreamTimeoutMs: options.upstreamTimeoutMs ?? 5_000,
    };
    const deps = createDeps(config, { now });
    const app = createApp(deps);
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
