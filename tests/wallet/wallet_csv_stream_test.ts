/**
 * The CSV export streams: rows of the first page are readable before the second page has
 * arrived, one upstream request is in flight at a time, the page bound ends the export with
 * a line saying so, and exports beyond the concurrency bound get 503 with Retry-After.
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import type { PapertradeClient, ReadParams } from "../../lib/papertrade/mod.ts";
import { createSlots } from "../../lib/http/slots.ts";
import { Hono } from "hono";
import { pageRoutes } from "../../routes/pages.tsx";
import { replayDeps } from "../harness.ts";

async function withEndlessHistory(
  run: (context: {
    app: Hono;
    gate: { open: () => void; calls: number; inFlight: number; maxInFlight: number };
  }) => Promise<void>,
  options: { maxPages?: number; slots?: number } = {},
) {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const deps = replayDeps(upstream);
    const real = deps.papertrade;
    let waiting: (() => void)[] = [];
    const gate = {
      calls: 0,
      inFlight: 0,
      maxInFlight: 0,
      open: () => {
        const released = waiting;
        waiting = [];
        released.forEach((resolve) => resolve());
      },
    };
    // Every page is the wallet's first page with a cursor that never ends; pages after the
    // first wait for the gate, so the test decides when they arrive.
    const tradeHistory = async (args: ReadParams<"tradeHistory">) => {
      gate.calls++;
      gate.inFlight++;
      gate.maxInFlight = Math.max(gate.maxInFlight, gate.inFlight);
      try {
        if (args.cursor) await new Promise<void>((resolve) => waiting.push(resolve));
        const page = await real.read("tradeHistory", { ...args, cursor: undefined });
        return { ...page, nextCursor: `page-${gate.calls}` };
      } finally {
        gate.inFlight--;
      }
    };
    const papertrade = {
      ...real,
      read: (name: string, ...args: unknown[]) =>
        name === "tradeHistory"
          ? tradeHistory(args[0] as ReadParams<"tradeHistory">)
          : (real.read as (...all: unknown[]) => Promise<unknown>)(name, ...args),
    } as PapertradeClient;
    const app = new Hono().route(
      "/",
      pageRoutes({ ...deps, papertrade }, {
        csv: { maxPages: options.maxPages, slots: createSlots(options.slots ?? 4) },
      }),
    );
    await run({ app, gate });
  } finally {
    await upstream.close();
  }
}

const whale = catalog.wallets.whale.address;

Deno.test("rows of the first page arrive before the next page is answered", async () => {
  await withEndlessHistory(async ({ app, gate }) => {
    const response = await app.request(`/wallet/${whale}/trades.csv`);
    assert.equal(response.status, 200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (text.split("\r\n").length < 3) text += (await reader.read()).value ?? "";
    assert.match(text, /^wallet,leaderboard_name,/);
    assert.ok(gate.calls <= 2, "page 2 may be prefetched but has not answered");
    await reader.cancel();
    gate.open();
  });
});

Deno.test("the page bound ends the export with a line saying so, one request in flight", async () => {
  await withEndlessHistory(async ({ app, gate }) => {
    const opener = setInterval(gate.open, 1);
    try {
      const response = await app.request(`/wallet/${whale}/trades.csv`);
      const text = await response.text();
      assert.equal(gate.calls, 3);
      assert.equal(gate.maxInFlight, 1);
      // The last line is not a trade: it says where the export stopped (3 pages).
      const last = text.trimEnd().split("\r\n").at(-1)!;
      assert.ok(!last.startsWith(whale), last);
      assert.match(last, /\b3\b/);
    } finally {
      clearInterval(opener);
    }
  }, { maxPages: 3 });
});

Deno.test("exports past the concurrency bound get 503 with Retry-After", async () => {
  await withEndlessHistory(async ({ app, gate }) => {
    const first = await app.request(`/wallet/${whale}/trades.csv`);
    assert.equal(first.status, 200);
    const second = await app.request(`/wallet/${whale}/trades.csv`);
    assert.equal(second.status, 503);
    assert.equal(second.headers.get("retry-after"), "5");
    await first.body!.cancel();
    gate.open();
    const third = await app.request(`/wallet/${whale}/trades.csv`);
    assert.equal(third.status, 200, "a cancelled export gives its slot back");
    await third.body!.cancel();
    gate.open();
  }, { slots: 1 });
});
