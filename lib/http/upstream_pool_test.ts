import assert from "node:assert/strict";
import {
  Lane,
  POOL_MAX_IDLE_PER_HOST,
  UPSTREAM_REQUESTS_AT_ONCE,
  upstreamFetch,
  upstreamLanes,
} from "./upstream_pool.ts";

/**
 * A loopback HTTP/1.1 server (raw, so it can count the connections clients hold open) whose
 * answers wait for `release`; counts requests being answered. Requests are GETs without a body.
 */
function slowServer() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const release = Promise.withResolvers<void>();
  const open = new Set<Deno.Conn>();
  const answer = new TextEncoder().encode("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
  let inFlight = 0;
  let peak = 0;
  const serve = async (conn: Deno.Conn) => {
    open.add(conn);
    const buffer = new Uint8Array(16 * 1024);
    const decoder = new TextDecoder();
    let pending = "";
    try {
      for (let read = await conn.read(buffer); read !== null; read = await conn.read(buffer)) {
        pending += decoder.decode(buffer.subarray(0, read));
        for (let end = pending.indexOf("\r\n\r\n"); end >= 0; end = pending.indexOf("\r\n\r\n")) {
          pending = pending.slice(end + 4);
          peak = Math.max(peak, ++inFlight);
          await release.promise;
          inFlight--;
          await conn.write(answer);
        }
      }
    } catch { /* closed by the client or by shutdown */ }
    open.delete(conn);
    try {
      conn.close();
    } catch { /* closed */ }
  };
  const accepting = (async () => {
    for await (const conn of listener) serve(conn);
  })().catch(() => {});
  return {
    server: {
      get connections() {
        return open.size;
      },
      async shutdown() {
        listener.close();
        for (const conn of open) conn.close();
        await accepting;
      },
    },
    url: `http://127.0.0.1:${listener.addr.port}/`,
    release: () => release.resolve(),
    inFlight: () => inFlight,
    peak: () => peak,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

Deno.test("a burst past the pool's size queues: never more than its requests at once, all answered, few idle after", async () => {
  const slow = slowServer();
  try {
    const count = UPSTREAM_REQUESTS_AT_ONCE + 8;
    const burst = Array.from(
      { length: count },
      () => upstreamFetch(slow.url).then((r) => r.text()),
    );
    while (slow.inFlight() < UPSTREAM_REQUESTS_AT_ONCE) await settle();
    for (let turn = 0; turn < 20; turn++) await settle();
    assert.equal(slow.inFlight(), UPSTREAM_REQUESTS_AT_ONCE, "the rest wait their turn");
    assert.equal(upstreamLanes.requests.waiting, 8);
    slow.release();
    assert.deepEqual(new Set(await Promise.all(burst)), new Set(["ok"]));
    assert.equal(slow.peak(), UPSTREAM_REQUESTS_AT_ONCE);
    assert.equal(upstreamLanes.requests.inUse, 0, "every place was given back");
    // Connections past the idle limit are closed by the client once their answer is read.
    for (let turn = 0; turn < 200 && slow.server.connections > POOL_MAX_IDLE_PER_HOST; turn++) {
      await settle();
    }
    assert.ok(slow.server.connections <= POOL_MAX_IDLE_PER_HOST, `${slow.server.connections} open`);
  } finally {
    await slow.server.shutdown();
  }
});

Deno.test("a waiting request whose signal aborts leaves the queue; an unread, aborted answer gives its place back", async () => {
  const lane = new Lane(1);
  const first = await lane.take();
  const gone = new AbortController();
  const waiting = lane.take(gone.signal);
  const next = lane.take();
  gone.abort(new Error("timed out waiting"));
  await assert.rejects(waiting, /timed out waiting/);
  first();
  first(); // twice is once
  const third = await next;
  assert.equal(lane.inUse, 1);
  third();
  assert.equal(lane.inUse, 0);

  const slow = slowServer();
  slow.release();
  try {
    const controller = new AbortController();
    const response = await upstreamFetch(slow.url, { signal: controller.signal });
    assert.equal(upstreamLanes.requests.inUse, 1, "held while the body is unread");
    controller.abort();
    assert.equal(upstreamLanes.requests.inUse, 0);
    await response.body?.cancel().catch(() => {});
  } finally {
    await slow.server.shutdown();
  }
});
