/**
 * Live position streams tell the truth, over real sockets with the production timing: a stream
 * whose first view never comes says so with an `error` event within its stated time (10 s), and a
 * viewer that never reads loses its slot within the stream's stated lifetime (60 s), however
 * long its connection's buffers keep taking the heartbeats.
 */
import assert from "node:assert/strict";
import { createApp } from "../app.tsx";
import { catalog, type Faults, startReplayUpstream } from "../fixtures/mod.ts";
import { LIVE_FIRST_VIEW_MS, LIVE_STREAM_LIFETIME_MS } from "../routes/wallet/live.ts";
import { replayDeps } from "./harness.ts";

const WALLET = catalog.wallets.whale.address;

/** The real app over the replay upstream (with `faults`), served on a loopback port. */
async function withServedApp(
  faults: Faults,
  options: Parameters<typeof createApp>[1],
  body: (origin: string, port: number) => Promise<void>,
): Promise<void> {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs, faults });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    createApp(replayDeps(upstream), options).fetch,
  );
  try {
    await body(`http://127.0.0.1:${server.addr.port}`, server.addr.port);
  } finally {
    await server.shutdown();
    await upstream.close();
  }
}

Deno.test("a live stream whose first view never comes sends an error event within its stated time, then ends", async () => {
  // The upstream's wallet stream says it is alive and never sends the wallet.
  await withServedApp({ path: "/state/user/live", noSnapshot: true }, {}, async (origin) => {
    const started = performance.now();
    const response = await fetch(`${origin}/wallet/${WALLET}/live`, {
      signal: AbortSignal.timeout(LIVE_FIRST_VIEW_MS + 10_000),
    });
    const text = await response.text(); // the stream ends after its error event
    const elapsed = performance.now() - started;
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    const event = /event: error\ndata: (.*)\n/.exec(text);
    assert.ok(event, text);
    const data = JSON.parse(event[1]);
    assert.equal(data.error, "upstream");
    assert.match(data.message, /no view of this wallet within 10 s/);
    assert.ok(elapsed < LIVE_FIRST_VIEW_MS + 5_000, `${elapsed} ms`);
  });
});

Deno.test("a viewer that never reads loses its slot within the stream's stated lifetime", async () => {
  assert.ok(LIVE_STREAM_LIFETIME_MS <= 60_000);
  // One stream per client, so a second stream from the same client shows whether the slot is held.
  await withServedApp({}, { live: { maxStreamsPerClient: 1 } }, async (origin, port) => {
    const silent = await Deno.connect({ hostname: "127.0.0.1", port });
    try {
      await silent.write(new TextEncoder().encode(
        `GET /wallet/${WALLET}/live HTTP/1.1\r\nHost: probe\r\nAccept: text/event-stream\r\n\r\n`,
      ));
      // Never read from `silent`: its socket buffers take the heartbeats for a long while.
      const second = async () => {
        const response = await fetch(`${origin}/wallet/${WALLET}/live`);
        const status = response.status;
        await response.body?.cancel();
        return status;
      };
      const started = performance.now();
      let status = await second();
      assert.equal(status, 429, "the silent viewer holds the client's one slot");
      while (status === 429 && performance.now() - started < LIVE_STREAM_LIFETIME_MS + 15_000) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        status = await second();
      }
      const held = performance.now() - started;
      assert.equal(status, 200, `the slot was still held after ${held} ms`);
      assert.ok(held <= LIVE_STREAM_LIFETIME_MS + 15_000, `${held} ms`);
    } finally {
      silent.close();
    }
  });
});
