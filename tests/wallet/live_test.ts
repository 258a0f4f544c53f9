import assert from "node:assert/strict";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { Hono } from "hono";
import type { AppDeps } from "../../lib/deps.ts";
import { PapertradeApiError } from "../../lib/papertrade/mod.ts";
import { type LiveWallet, liveWalletSchema } from "../../lib/wallet/mod.ts";
import { catalog, type TestApp, withTestApp } from "../harness.ts";
import { replayMaterial, scriptedClient, snapshotThenWait } from "../support/live.ts";
import type { LiveRoutesOptions } from "../../routes/wallet/live.ts";
import { pageRoutes } from "../../routes/pages.tsx";

const WHALE = catalog.wallets.whale.address;
const FAST: LiveRoutesOptions = {
  pricePollMs: 20,
  heartbeatMs: 30,
  retryMs: 500,
  hub: { graceMs: 0 },
};

/** The live routes alone over the test deps, counting fully closed streams. */
function liveApp(options: LiveRoutesOptions = {}) {
  const closed = { count: 0 };
  const build = (deps: AppDeps): Hono =>
    new Hono().route(
      "/",
      pageRoutes(deps, { live: { ...FAST, ...options, onStreamClosed: () => closed.count++ } }),
    );
  return { build, closed };
}

/** Reads server-sent events until `until` says stop (or the stream ends); then cancels. */
async function readEvents(
  response: Response,
  until: (events: EventSourceMessage[]) => boolean,
): Promise<{ events: EventSourceMessage[]; ended: boolean }> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!until(events)) {
      const chunk = await reader.read();
      if (chunk.done) return { events, ended: true };
      parser.feed(chunk.value);
    }
    return { events, ended: false };
  } finally {
    await reader.cancel();
  }
}

/** Waits until `check` holds, polling every 10 ms (bounded: fails after 5 s). */
async function eventually(check: () => boolean, what: string) {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5_000) assert.fail(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function streamClosedEverywhere(app: TestApp, closed: { count: number }, expected: number) {
  return eventually(
    () => app.upstream.stats().openStreams === 0 && closed.count === expected,
    "upstream stream closed and the live stream released",
  );
}

Deno.test("positions.json answers the wallet's valued positions, never cached", async () => {
  const { build } = liveApp();
  await withTestApp(async (app) => {
    const response = await app.fetch(
      `/wallet/${WHALE.toUpperCase().replace("0X", "0x")}/positions.json`,
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(response.headers.get("cache-control"), "no-store");
    const live = liveWalletSchema.parse(await response.json());
    assert.equal(live.address, WHALE);
    assert.equal(live.positions.length, catalog.wallets.whale.openPositions);
    assert.equal(live.generated_at_ms, catalog.baseTimeMs);
  }, { build });
});

Deno.test("positions.json answers 400 for a bad address, 404 for an unknown wallet, 502 for a failing upstream", async () => {
  const { build } = liveApp();
  await withTestApp(async (app) => {
    const bad = await app.fetch("/wallet/0x1234/positions.json");
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error, "bad_address");
    const unknown = await app.fetch(`/wallet/${catalog.wallets.unknown.address}/positions.json`);
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).error, "not_found");
    app.upstream.setFaults({ target: "api", status: 500 });
    const failing = await app.fetch(`/wallet/${WHALE}/positions.json`);
    assert.equal(failing.status, 502);
    const body = await failing.json();
    assert.equal(body.error, "upstream");
    assert.match(body.message, /^Papertrade API: /);
  }, { build, upstreamTimeoutMs: 1_000 });
});

Deno.test("the live stream sends the positions first, heartbeats while quiet, and closes upstream when the client leaves", async () => {
  const { build, closed } = liveApp();
  await withTestApp(async (app) => {
    const response = await app.fetch(`/wallet/${WHALE}/live`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    assert.equal(app.upstream.stats().openStreams, 1, "one upstream wallet stream");
    const { events } = await readEvents(
      response,
      (seen) => seen.some((e) => e.event === "heartbeat"),
    );
    assert.equal(events[0].event, "positions");
    const live: LiveWallet = liveWalletSchema.parse(JSON.parse(events[0].data));
    assert.equal(live.positions.length, catalog.wallets.whale.openPositions);
    // The replay's clock is pinned: the marks do not move, so nothing but heartbeats follows.
    assert.deepEqual(new Set(events.slice(1).map((e) => e.event)), new Set(["heartbeat"]));
    assert.equal(JSON.parse(events.at(-1)!.data).at, catalog.baseTimeMs);
    await streamClosedEverywhere(app, closed, 1);
  }, { build });
});

Deno.test("the live stream answers 404 JSON for an unknown wallet and 400 for a bad address, leaving nothing open", async () => {
  const { build, closed } = liveApp();
  await withTestApp(async (app) => {
    const unknown = await app.fetch(`/wallet/${catalog.wallets.unknown.address}/live`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal((await unknown.json()).error, "not_found");
    const bad = await app.fetch("/wallet/not-an-address/live");
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
    await streamClosedEverywhere(app, closed, 1);
  }, { build });
});

Deno.test("the live stream answers 502 JSON when the upstream fails before the first view", async () => {
  const { build, closed } = liveApp();
  await withTestApp(async (app) => {
    app.upstream.setFaults({ target: "api", path: "/state/user/live", status: 500 });
    const response = await app.fetch(`/wallet/${WHALE}/live`);
    assert.equal(response.status, 502);
    assert.match((await response.json()).message, /Papertrade API/);
    await streamClosedEverywhere(app, closed, 1);
  }, { build });
});

Deno.test("a live stream ends by itself after its lifetime, closing the upstream stream", async () => {
  const { build, closed } = liveApp({ maxLifetimeMs: 150, heartbeatMs: 10_000 });
  await withTestApp(async (app) => {
    const response = await app.fetch(`/wallet/${WHALE}/live`);
    const { events, ended } = await readEvents(response, () => false);
    assert.ok(ended, "the server closed the stream");
    assert.equal(events[0].event, "positions");
    await streamClosedEverywhere(app, closed, 1);
  }, { build });
});

Deno.test("streams past the per-process limit get a 503 that points to polling", async () => {
  const { build, closed } = liveApp({ maxStreams: 1 });
  await withTestApp(async (app) => {
    const first = await app.fetch(`/wallet/${WHALE}/live`);
    assert.equal(first.status, 200);
    const second = await app.fetch(`/wallet/${WHALE}/live`);
    assert.equal(second.status, 503);
    assert.match((await second.json()).message, /positions\.json/);
    await first.body!.cancel();
    await streamClosedEverywhere(app, closed, 1);
  }, { build });
});

Deno.test("one client holds at most its share of stream slots: past it a 429 that points to polling", async () => {
  const { build, closed } = liveApp({ maxStreams: 10, maxStreamsPerClient: 2 });
  await withTestApp(async (app) => {
    const held = [
      await app.fetch(`/wallet/${WHALE}/live`),
      await app.fetch(`/wallet/${WHALE}/live`),
    ];
    assert.deepEqual(held.map((response) => response.status), [200, 200]);
    const third = await app.fetch(`/wallet/${WHALE}/live`);
    assert.equal(third.status, 429);
    assert.equal(third.headers.get("retry-after"), "30");
    assert.match((await third.json()).message, /holds 2 live streams already.*positions\.json/);
    // Another address of this machine is another client, with its own share.
    const other = Deno.createHttpClient({ localAddress: "127.0.0.2" });
    const elsewhere = await app.fetch(`/wallet/${WHALE}/live`, { client: other } as RequestInit);
    assert.equal(elsewhere.status, 200);
    await elsewhere.body!.cancel();
    other.close();
    // A freed slot is the client's again.
    await held[0].body!.cancel();
    await eventually(() => closed.count === 2, "two streams released");
    const again = await app.fetch(`/wallet/${WHALE}/live`);
    assert.equal(again.status, 200);
    await again.body!.cancel();
    await held[1].body!.cancel();
    await streamClosedEverywhere(app, closed, 4);
  }, { build });
});

Deno.test("an upstream that fails mid-stream ends the live stream with an error event", async () => {
  const material = await replayMaterial();
  const scripted = scriptedClient(material, [
    snapshotThenWait(material.whale),
    () => {
      throw new PapertradeApiError("stream refused", {
        endpoint: "/state/user/live",
        kind: "http",
        status: 503,
      });
    },
  ]);
  const closed = { count: 0 };
  const build = (deps: AppDeps): Hono =>
    new Hono().route(
      "/",
      pageRoutes({ ...deps, papertrade: scripted.client }, {
        live: {
          ...FAST,
          hub: { reopenDelayMs: 1, maxReopenFailures: 2, graceMs: 0 },
          onStreamClosed: () => closed.count++,
        },
      }),
    );
  await withTestApp(async (app) => {
    const response = await app.fetch(`/wallet/${WHALE}/live`);
    assert.equal(response.status, 200);
    // The first view is out; now the upstream drops the wallet stream and refuses reopens.
    scripted.dropStreams();
    const { events, ended } = await readEvents(response, () => false);
    assert.ok(ended, "the server closed the stream after the error");
    const names = events.map((e) => e.event).filter((name) => name !== "heartbeat");
    assert.deepEqual(names, ["positions", "error"]);
    const error = JSON.parse(events.at(-1)!.data);
    assert.equal(error.error, "upstream");
    assert.match(error.message, /stream refused/);
    assert.equal(scripted.calls.streams, 1 + 3, "the first stream and three refused reopens");
    await eventually(() => closed.count === 1 && scripted.calls.openStreams === 0, "released");
  }, { build });
});

Deno.test("forty viewers of one wallet share one upstream stream; leaving by close or reset frees every slot", async () => {
  const opened = { count: 0 };
  const { build, closed } = liveApp({
    onStreamOpened: () => opened.count++,
    maxStreamsPerClient: 40, // all forty come from 127.0.0.1
  });
  await withTestApp(async (app) => {
    const resets = Array.from({ length: 20 }, () => new AbortController());
    const responses = await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) =>
          app.fetch(`/wallet/${WHALE}/live`, { signal: i < 20 ? resets[i].signal : undefined }),
      ),
    );
    assert.ok(responses.every((response) => response.status === 200));
    assert.equal(app.upstream.stats().openStreams, 1, "one upstream wallet stream for forty");
    assert.equal(opened.count, 40);
    // Half leave cleanly, half reset the connection mid-stream.
    await Promise.all(responses.slice(20).map((response) => response.body!.cancel()));
    resets.forEach((reset) => reset.abort());
    await Promise.all(responses.slice(0, 20).map((r) => r.body!.cancel().catch(() => {})));
    await streamClosedEverywhere(app, closed, 40);
  }, { build });
});

Deno.test("a viewer that stops reading does not hold up another viewer of the same wallet", async () => {
  const { build, closed } = liveApp();
  await withTestApp(async (app) => {
    const stalled = await app.fetch(`/wallet/${WHALE}/live`);
    const reading = await app.fetch(`/wallet/${WHALE}/live`);
    assert.equal(app.upstream.stats().openStreams, 1);
    // The stalled viewer never reads; the other keeps getting its heartbeats.
    const { events } = await readEvents(
      reading,
      (seen) => seen.filter((e) => e.event === "heartbeat").length >= 5,
    );
    assert.ok(events.filter((e) => e.event === "heartbeat").length >= 5);
    await stalled.body!.cancel();
    await streamClosedEverywhere(app, closed, 2);
  }, { build });
});
