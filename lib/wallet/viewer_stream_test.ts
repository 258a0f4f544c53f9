import assert from "node:assert/strict";
import type { LiveWallet } from "./live_wallet.ts";
import type { LiveEvent } from "./watch_positions.ts";
import { openViewerStream, type ViewerStreamOptions } from "./viewer_stream.ts";
import { manualTimers, settle } from "../../tests/support/live.ts";

const STALL_MS = 3_000;

/** A watch the test feeds, and a viewer stream over it on a manual clock. */
function viewer(overrides: Partial<ViewerStreamOptions> = {}) {
  const timers = manualTimers();
  const events: LiveEvent[] = [];
  let wake: (() => void) | null = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    wake?.();
  };
  const watch = (async function* (): AsyncGenerator<LiveEvent, void, undefined> {
    while (!stopped) {
      if (events.length === 0) await new Promise<void>((resolve) => wake = resolve);
      const next = events.shift();
      if (next) yield next;
    }
  })();
  const released = { count: 0 };
  const stream = openViewerStream({
    watch,
    stopWatch: stop,
    firstView: view(0),
    retryMs: 2_000,
    heartbeatMs: 15_000,
    maxLifetimeMs: 600_000,
    stallMs: STALL_MS,
    now: () => 42,
    describeError: (error) => ({ error: String(error) }),
    onRelease: () => released.count++,
    timers,
    ...overrides,
  });
  const push = (event: LiveEvent) => {
    events.push(event);
    wake?.();
    wake = null;
  };
  return { timers, stream, push, released, stopped: () => stopped };
}

function view(n: number): LiveWallet {
  return { generated_at_ms: n } as unknown as LiveWallet;
}

async function readText(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const chunk = await reader.read();
  return chunk.done ? "<done>" : new TextDecoder().decode(chunk.value);
}

Deno.test("a viewer gets retry and the first view, then each new view", async () => {
  const { stream, push, released } = viewer();
  const reader = stream.getReader();
  assert.equal(await readText(reader), "retry: 2000\n\n");
  assert.match(await readText(reader), /^event: positions\ndata: \{"generated_at_ms":0\}/);
  push({ type: "positions", view: view(1) });
  assert.match(await readText(reader), /"generated_at_ms":1/);
  await reader.cancel();
  assert.equal(released.count, 1);
});

Deno.test("cancel during a pending read frees the slot at once and stops the watch", async () => {
  const { stream, released, stopped } = viewer();
  const reader = stream.getReader();
  await readText(reader);
  await readText(reader);
  const pending = reader.read(); // nothing to send: the pull waits
  await settle();
  await reader.cancel();
  assert.equal(released.count, 1);
  assert.ok(stopped());
  assert.equal((await pending).done, true);
});

Deno.test("cancel with a frame waiting to be written frees the slot at once", async () => {
  const { stream, push, released, timers } = viewer();
  push({ type: "positions", view: view(1) });
  push({ type: "positions", view: view(2) });
  await settle();
  await stream.cancel();
  assert.equal(released.count, 1);
  assert.equal(timers.pending(), 0, "no heartbeat, stall or lifetime timer left");
});

Deno.test("a reader that stalls is dropped stallMs after a frame starts waiting", async () => {
  const { stream, push, released, timers, stopped } = viewer();
  const reader = stream.getReader();
  await readText(reader);
  await readText(reader);
  await settle();
  push({ type: "positions", view: view(1) });
  await settle();
  await timers.advance(STALL_MS - 1);
  assert.equal(released.count, 0, "not yet");
  await timers.advance(1);
  assert.equal(released.count, 1);
  assert.ok(stopped());
  await assert.rejects(reader.read(), /stalled/);
});

Deno.test("a stalled reader holds one frame, the latest view, whatever comes meanwhile", async () => {
  const { stream, push } = viewer();
  const reader = stream.getReader();
  await readText(reader);
  await readText(reader);
  for (let n = 1; n <= 100; n++) push({ type: "positions", view: view(n) });
  for (let turn = 0; turn < 30; turn++) await settle(); // the watch yields them one by one
  assert.match(await readText(reader), /"generated_at_ms":100/);
  await reader.cancel();
});

Deno.test("a viewer whose request aborts is released and its stream ends", async () => {
  const request = new AbortController();
  const { stream, released } = viewer({ requestSignal: request.signal });
  const reader = stream.getReader();
  await readText(reader);
  await readText(reader);
  request.abort();
  assert.equal(released.count, 1);
  assert.equal(await readText(reader), "<done>");
});

Deno.test("heartbeats flow while quiet; the lifetime ends the stream", async () => {
  const { stream, timers, released } = viewer({ heartbeatMs: 1_000, maxLifetimeMs: 2_500 });
  const reader = stream.getReader();
  await readText(reader);
  await readText(reader);
  const beat = reader.read();
  await timers.advance(1_000);
  assert.match(
    new TextDecoder().decode((await beat).value),
    /^event: heartbeat\ndata: \{"at":42\}/,
  );
  await timers.advance(1_500);
  assert.equal(released.count, 1);
  assert.match(await readText(reader), /heartbeat/);
  assert.equal(await readText(reader), "<done>");
  assert.equal(timers.pending(), 0);
});

Deno.test("a failed watch sends its error event, then the stream ends", async () => {
  const { stream, push, released } = viewer();
  const reader = stream.getReader();
  await readText(reader);
  await readText(reader);
  push({ type: "error", error: new Error("upstream gone") });
  assert.match(await readText(reader), /^event: error\ndata: \{"error":"Error: upstream gone"\}/);
  assert.equal(await readText(reader), "<done>");
  assert.equal(released.count, 1);
});
