/**
 * Browser test harness: the replay upstream and the whole app on 127.0.0.1:0 with a running
 * clock (as `deno task demo` has, so marks move), and a Chromium driven by playwright-core:
 * CHROMIUM_PATH, else one on the PATH (Debian's), else the one shipped in the npm package
 * @sparticuz/chromium (see `_chromium.ts`). Never downloads a browser.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { catalog, type ReplayUpstream, startReplayUpstream } from "../../fixtures/mod.ts";
import { createDeps } from "../../lib/boot.ts";
import { type AppConfig, DEFAULT_CONFIG } from "../../lib/config.ts";
import type { LiveRoutesOptions } from "../../routes/wallet/live.ts";
import { fullApp } from "./_full_app.ts";
import { type ChromiumChoice, findChromium } from "./_chromium.ts";

export { catalog };

/** Where screenshots go (gitignored). */
export const ARTIFACTS = new URL("../../test-artifacts/", import.meta.url);
/** Screenshots are for people looking at the pages and assert nothing: taken on request. */
const SCREENSHOTS = Deno.env.get("TEST_SCREENSHOTS") === "1";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** A running site over a running replay upstream. */
export interface LiveSite {
  origin: string;
  upstream: ReplayUpstream;
  close(): Promise<void>;
}

/** Starts the upstream and the app with a clock that starts at the catalog's time and runs. */
export async function startLiveSite(live: LiveRoutesOptions = {}): Promise<LiveSite> {
  const startedAt = Date.now();
  const now = () => catalog.baseTimeMs + (Date.now() - startedAt);
  const upstream = await startReplayUpstream({
    port: 0,
    now,
    heartbeatMs: 1_000,
    patchEveryMs: 500,
  });
  const config: AppConfig = {
    ...DEFAULT_CONFIG,
    papertradeApiUrl: upstream.apiUrl,
    rpcUrl: upstream.rpcUrl,
    fallbackRpcUrl: upstream.fallbackRpcUrl,
    hyperliquidInfoUrl: upstream.hyperliquidInfoUrl,
    upstreamTimeoutMs: 5_000,
  };
  // Intervals shortened so what a viewer waits for (a patch, a poll, the stream closing after
  // the last viewer) happens within a second.
  const app = fullApp(createDeps(config, { now }), {
    pricePollMs: 500,
    heartbeatMs: 2_000,
    hub: { graceMs: 500 },
    ...live,
  });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    upstream,
    async close() {
      await server.shutdown();
      await upstream.close();
    },
  };
}

/** Launches the Chromium {@link findChromium} picks (or `choice`), headless. */
export async function launchChromium(choice?: ChromiumChoice): Promise<Browser> {
  const found = choice ?? await findChromium();
  return await chromium.launch({
    executablePath: found.executablePath,
    args: CHROMIUM_ARGS,
    ...(found.env ? { env: { ...Deno.env.toObject(), ...found.env } } : {}),
  });
}

/** Console errors and uncaught exceptions of a page, collected as they happen. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // A failed load names the resource in its location, not in its text.
    const where = message.location().url || page.url();
    // The browser asks for /favicon.ico on its own; the site has none yet (reported, not ours).
    if (new URL(where).pathname === "/favicon.ico") return;
    errors.push(`console: ${message.text()} (${where})`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message} (${page.url()})`));
  return errors;
}

/** Saves a full-page screenshot as test-artifacts/<name>.png when TEST_SCREENSHOTS=1. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname, fullPage: true });
}

/** Waits until `check` holds, polling every 50 ms, failing after `timeoutMs`. */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What {@link browserTest} hands a test. */
export interface BrowserSession {
  site: LiveSite;
  browser: Browser;
  /** Console errors and uncaught exceptions of every page opened with `open`, once it closes. */
  errors: string[];
  /** Opens `path` of the site in a new page of `context`, watching its errors. */
  open(context: BrowserContext, path: string): Promise<Page>;
}

/**
 * Registers a Deno test that runs `body` against a live site in Chromium; the browser and the
 * site are closed afterwards, whatever happens.
 */
export function browserTest(
  name: string,
  body: (t: Deno.TestContext, session: BrowserSession) => Promise<void>,
  /** `full`: a full Chromium from the PATH first (see `FindChromiumOptions.full`). */
  options: { full?: boolean } = {},
): void {
  Deno.test({
    name,
    // The browser's own pipes and timers outlive single steps; the browser is closed in finally.
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async (t) => {
      const site = await startLiveSite();
      let browser: Browser | undefined;
      try {
        browser = await launchChromium(await findChromium(options));
        const errors: string[] = [];
        const open = async (context: BrowserContext, path: string) => {
          const page = await context.newPage();
          const seen = watchErrors(page);
          page.on("close", () => errors.push(...seen));
          await page.goto(`${site.origin}${path}`);
          return page;
        };
        await body(t, { site, browser, errors, open });
      } finally {
        await browser?.close();
        await site.close();
      }
    },
  });
}
