/**
 * The app over the replay with a clock the test moves and marks it pins: what the tests that read
 * one figure on several faces share (`tests/cross_face_*_test.ts`, `tests/payout_test.ts`). Pages
 * are read over HTTP from the running app, tools are called in process with the app's own deps
 * (its caches, its at-risk board), so every face reads the same upstream at the same moment.
 */
import type { z } from "zod";
import { catalog } from "../../fixtures/mod.ts";
import { type ReplayApp, startReplayApp } from "../../replay_app.ts";
import { createToolContext } from "../../tools/context.ts";
import type { ToolDefinition } from "../../tools/types.ts";
import { createPapertradeClient, type WalletAccount } from "../../lib/papertrade/mod.ts";

/** Every demo wallet with open positions, from the catalog. */
export const WALLETS_WITH_POSITIONS = Object.entries(catalog.wallets).flatMap(([key, wallet]) =>
  "openPositions" in wallet && (wallet.openPositions ?? 0) > 0
    ? [{ key, address: wallet.address as string, openPositions: wallet.openPositions as number }]
    : []
);

/** The app, its clock and the replay's marks, for one test. */
export interface Faces {
  app: ReplayApp;
  /** The clock both the app and the replay read (ms). */
  now(): number;
  /**
   * Pins these raw mids (instrument id → mid) and returns once the app's shared quote shows
   * them (it keeps a quote for a second of wall time).
   */
  pinMarks(mids: Record<number, bigint>): Promise<void>;
  /** Lets the marks move: unpins them, moves the clock on by `ms` and waits for that quote. */
  moveMarks(ms: number): Promise<void>;
  /** GET a path of the app: status, content type and body. */
  get(path: string): Promise<{ status: number; type: string; body: string }>;
  /** Calls a tool in process, its result through its output schema. */
  tool<I extends z.ZodType, O extends z.ZodType>(
    tool: ToolDefinition<I, O>,
    args: Record<string, unknown>,
  ): Promise<{ structured: z.output<O>; text: string }>;
  /** A wallet's snapshot as the replay serves it (positions, balances), read past every cache. */
  account(address: string): Promise<WalletAccount>;
}

/** Runs `body` over a fresh app whose clock starts at the catalog's moment. */
export async function withFaces(body: (faces: Faces) => Promise<void>): Promise<void> {
  let clock = catalog.baseTimeMs;
  const app = await startReplayApp({ now: () => clock });
  const controller = new AbortController();
  const context = createToolContext(app.deps, controller.signal);
  const raw = createPapertradeClient({ baseUrl: app.upstream.apiUrl });
  const pin = async (mids: Record<string, string>) => {
    const answer = await fetch(`${app.upstream.origin}/_control/marks`, {
      method: "POST",
      body: JSON.stringify(mids),
    });
    await answer.body?.cancel();
  };
  // The app's shared quote lives a second of wall time: wait (10 s at most, a guard that only
  // ends a failing case) until it is the replay's quote at `at`, with the pinned mids.
  const quoteAt = async (at: number, mids: Record<number, bigint>) => {
    const { instruments } = await raw.read("tradingState");
    const giveUp = Date.now() + 10_000;
    while (Date.now() < giveUp) {
      const quotes = await app.deps.quotes.fetchQuotes(instruments);
      const shown = quotes.every((quote) =>
        quote.at === at &&
        (mids[quote.instrumentId] === undefined || quote.bid === mids[quote.instrumentId])
      );
      if (shown) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the app's quote did not reach ${at} within 10 s`);
  };
  try {
    await body({
      app,
      now: () => clock,
      async pinMarks(mids) {
        await pin(Object.fromEntries(Object.entries(mids).map(([id, mid]) => [id, String(mid)])));
        clock += 1_000;
        await quoteAt(clock, mids);
      },
      async moveMarks(ms) {
        await pin({});
        clock += ms;
        await quoteAt(clock, {});
      },
      async get(path) {
        const answer = await app.fetch(path);
        return {
          status: answer.status,
          type: answer.headers.get("content-type") ?? "",
          body: await answer.text(),
        };
      },
      async tool(tool, args) {
        const result = await tool.run(tool.inputSchema.parse(args), context);
        return { structured: tool.outputSchema.parse(result.structured), text: result.text };
      },
      account: (address) => raw.read("walletStream", { wallet: address }),
    });
  } finally {
    controller.abort();
    await app.close();
  }
}

/** Every number under a key whose name matches `name`, anywhere in `value`, with its path. */
export function numbersNamed(value: unknown, name: RegExp, path = ""): [string, number][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => numbersNamed(item, name, `${path}[${i}]`));
  }
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = `${path}.${key}`;
    if (typeof item === "number" && name.test(key)) return [[at, item] as [string, number]];
    return numbersNamed(item, name, at);
  });
}

/** Every string under a key whose name matches `name`, anywhere in `value`, with its path. */
export function stringsNamed(value: unknown, name: RegExp, path = ""): [string, string][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => stringsNamed(item, name, `${path}[${i}]`));
  }
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = `${path}.${key}`;
    if (typeof item === "string" && name.test(key)) return [[at, item] as [string, string]];
    return stringsNamed(item, name, at);
  });
}

/** The rows of a CSV the explorer writes (quoted cells may hold commas and doubled quotes). */
export function parseCsv(text: string): string[][] {
  return text.trimEnd().split("\r\n").map((line) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1)
      .map((m) => m[1].startsWith('"') ? m[1].slice(1, -1).replaceAll('""', '"') : m[1])
  );
}
