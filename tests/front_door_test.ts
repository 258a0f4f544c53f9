/**
 * The front door, probed as an adversary would (`bench/front_door.ts`), with timeouts scaled
 * down so each scenario takes a second or two: HAProxy running `deploy/haproxy.cfg` as shipped
 * in front of the app, and what the app alone still refuses on Deno's own server (the request
 * screen of `lib/http/request_screen.ts`; connection limits and timeouts are the door's). Each
 * scenario is bounded and loopback only; the full-scale figures (30 s, 60 s, 400 connections)
 * are in `bench/hardening_bench.ts`.
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../app.tsx";
import { serveResilient } from "../lib/http/resilient_serve.ts";
import { replayDeps } from "./harness.ts";
import {
  type Door,
  every,
  h2Held,
  h2Status,
  heldFor,
  idleConnectionsFrom,
  idleHeld,
  loopbackAddresses,
  MALFORMED_CHUNKED,
  NO_HOST,
  openH2,
  openLiveViewers,
  oversizedHead,
  slowBodyHeld,
  slowHeadHeld,
  startFrontDoor,
  statusesOnOneConnection,
  statusOf,
  testCertificate,
} from "../bench/front_door.ts";

const IDLE_MS = 1_000;
/** Time a door gets past its timeout before the probe calls it held (sweeps, scheduling). */
const SLACK_MS = 2_500;
const ROBOTS = "GET /robots.txt HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n";
const KEEP_ALIVE_ROBOTS = "GET /robots.txt HTTP/1.1\r\nHost: probe\r\n\r\n";

/** A small request, then one whose head is over 32 KiB, on the same connection. */
async function secondHeadStatuses(door: Door): Promise<number[]> {
  return await statusesOnOneConnection(door, [KEEP_ALIVE_ROBOTS, oversizedHead(40_000)]);
}

/** The real app over the replay upstream on Deno's own server, as `deno task start` serves it. */
async function withApp(body: (door: Door) => Promise<void>): Promise<void> {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const server = serveResilient(
    { hostname: "127.0.0.1", port: 0 },
    createApp(replayDeps(upstream)).fetch,
  );
  try {
    await body({ port: server.addr.port });
  } finally {
    await server.shutdown();
    await upstream.close();
  }
}

Deno.test("the app alone: heads over 32 KiB get 431, a bad Host 400, a broken chunked body 400, never a 500", async () => {
  await withApp(async (door) => {
    assert.equal(await statusOf(door, ROBOTS), 200);
    assert.equal(await statusOf(door, oversizedHead(40_000)), 431);
    // The head limit holds for every request of a connection, not only its first.
    assert.deepEqual(await secondHeadStatuses(door), [200, 431]);
    // A head too large for Deno's own buffer is refused by Deno's HTTP server before the app.
    assert.equal(await statusOf(door, oversizedHead(1_000_000)), 400);
    assert.equal(await statusOf(door, ROBOTS.replace("Host: probe", "Host: x/mcp?")), 400);
    // A chunked body that breaks after its head arrived is a 400 with a message, on both tool
    // endpoints. (One that breaks within the head's own packet is dropped by Deno's HTTP server
    // before the app sees it: the connection closes unanswered, never with a 500.)
    const head = MALFORMED_CHUNKED.indexOf("\r\n\r\n") + 4;
    assert.equal(await statusOf(door, MALFORMED_CHUNKED, { splitAt: head }), 400);
    const mcp = MALFORMED_CHUNKED.replace("/api/tools/get_protocol_overview", "/mcp");
    assert.equal(await statusOf(door, mcp, { splitAt: mcp.indexOf("\r\n\r\n") + 4 }), 400);
    assert.ok([0, 400].includes(await statusOf(door, MALFORMED_CHUNKED)), "never a 500");
  });
});

Deno.test("HAProxy on deploy/haproxy.cfg: the same limits over HTTP/1.1, HTTP/2 over TLS and h2c", async () => {
  const dir = await Deno.makeTempDir();
  // The app closes no connection itself, so every close below is the proxy's doing.
  await withApp(async (app) => {
    const proxy = await startFrontDoor({
      appPort: app.port,
      certificate: await testCertificate(dir),
      idleTimeoutMs: IDLE_MS,
      requestTimeoutMs: IDLE_MS,
      maxPerClient: 1_200,
    });
    try {
      const { plain, tls } = proxy;
      const bound = 2 * IDLE_MS + SLACK_MS;
      const ping = { pingMs: IDLE_MS / 3, boundMs: bound };
      const [idle, slowHead, slowBody, ...h2] = await Promise.all([
        idleHeld(plain, bound),
        slowHeadHeld(plain, IDLE_MS / 3, bound),
        slowBodyHeld(plain, IDLE_MS / 3, bound),
        h2Held(tls, { streams: 0, ...ping }),
        h2Held(plain, { streams: 0, ...ping }),
        // Five connections with 200 never-finishing request bodies each, pinged throughout.
        ...Array.from({ length: 5 }, () => h2Held(tls, { streams: 200, ...ping })),
        h2Held(plain, { streams: 200, ...ping }),
      ]);
      assert.ok(idle <= IDLE_MS + SLACK_MS, `a silent connection was held ${idle} ms`);
      assert.ok(slowHead <= IDLE_MS + SLACK_MS, `a trickled head was held ${slowHead} ms`);
      assert.ok(slowBody <= IDLE_MS + SLACK_MS, `a trickled body was held ${slowBody} ms`);
      const [tlsPings, h2cPings, ...streams] = h2;
      for (const pingsOnly of [tlsPings, h2cPings]) {
        assert.ok(pingsOnly && pingsOnly.heldMs <= IDLE_MS + SLACK_MS, JSON.stringify(pingsOnly));
        assert.ok(pingsOnly.received.GOAWAY, "closed with a GOAWAY");
      }
      for (const attempt of streams) {
        // The request timeout ends the streams, then the idle timeout the connection: the PINGs
        // keep neither alive.
        assert.ok(attempt && attempt.heldMs <= bound, JSON.stringify(attempt));
        assert.ok(attempt.received.RST_STREAM, JSON.stringify(attempt.received));
      }
      assert.equal(await h2Status(tls, "/robots.txt"), 200);
      assert.equal(await h2Status(plain, "/robots.txt"), 200);
      assert.equal(await statusOf(plain, ROBOTS), 200);
      assert.equal(await statusOf(plain, oversizedHead(40_000)), 431);
      assert.deepEqual(await secondHeadStatuses(plain), [200, 431]);
      // HAProxy 2.6 answers a head too big for its 64 KiB buffer with 400 (431 from 2.9 on).
      assert.equal(await statusOf(plain, oversizedHead(1_000_000)), 400);
      assert.equal(await statusOf(plain, NO_HOST), 400);
      // The proxy reads the chunked body itself: a broken one is a 400 however it is sent.
      assert.equal(await statusOf(plain, MALFORMED_CHUNKED), 400);
      assert.equal(proxy.exited(), false);
    } finally {
      await proxy.stop();
    }
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("HAProxy caps the connections one client holds, and another client still gets in", async () => {
  const dir = await Deno.makeTempDir();
  await withApp(async (app) => {
    const proxy = await startFrontDoor({
      appPort: app.port,
      certificate: await testCertificate(dir),
      maxPerClient: 20,
    });
    const held: Deno.Conn[] = [];
    try {
      for (let index = 0; index < 40; index++) {
        // Past its 20, HAProxy may reset a connection as soon as it is made.
        const conn = await Deno.connect({ hostname: "127.0.0.1", port: proxy.plain.port })
          .catch(() => undefined);
        if (conn) held.push(conn);
      }
      // Past its 20, a connection from 127.0.0.1 is accepted and closed at once.
      assert.equal(await statusOf(proxy.plain, ROBOTS), 0, "the 41st connection is refused");
      // Another address of this machine is another client.
      const other = Deno.createHttpClient({ localAddress: "127.0.0.2" });
      const response = await fetch(`http://127.0.0.1:${proxy.plain.port}/robots.txt`, {
        client: other,
      } as RequestInit);
      assert.equal(response.status, 200);
      await response.body?.cancel();
      other.close();
    } finally {
      for (const conn of held) conn.close();
      await proxy.stop();
    }
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("HAProxy gives live streams their own budget: with every live slot taken, a page and a tool call are still answered, and a stream past it is refused at once", async () => {
  const dir = await Deno.makeTempDir();
  await withApp(async (app) => {
    const proxy = await startFrontDoor({
      appPort: app.port,
      certificate: await testCertificate(dir),
      maxPerClient: 1_200,
      appConnections: 8,
      liveConnections: 12,
    });
    const base = `http://127.0.0.1:${proxy.plain.port}/`;
    const wallets = [catalog.wallets.whale.address];
    // 16 viewers from 16 addresses: twice the app's own budget, 4 past the live one.
    const viewers = await openLiveViewers(base, wallets, loopbackAddresses(16, 20));
    try {
      const sorted = [...viewers.statuses].sort();
      assert.deepEqual(sorted, [...Array(12).fill(200), ...Array(4).fill(503)], sorted.join());
      for (const [index, status] of viewers.statuses.entries()) {
        if (status === 503) assert.ok(viewers.firstByteMs[index] < 5_000, "refused at once");
      }
      const started = performance.now();
      assert.equal(await statusOf(proxy.plain, ROBOTS), 200);
      const other = Deno.createHttpClient({ localAddress: "127.0.0.3" });
      const tool = await fetch(`${base}api/tools/get_protocol_overview`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
        client: other,
      } as RequestInit);
      assert.equal(tool.status, 200);
      await tool.body?.cancel();
      other.close();
      // Without its own budget the streams held every app connection: both waited 10 s, then 503.
      assert.ok(performance.now() - started < 8_000, `${performance.now() - started} ms`);
      assert.equal(proxy.exited(), false);
    } finally {
      await viewers.close();
      await proxy.stop();
    }
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a crowded door: idle connections from a few addresses cannot fill it, and a client from another address is served", async () => {
  const dir = await Deno.makeTempDir();
  await withApp(async (app) => {
    const proxy = await startFrontDoor({
      appPort: app.port,
      certificate: await testCertificate(dir),
      // Idle connections would be held 20 s: longer than the normal client waits.
      idleTimeoutMs: 20_000,
      requestTimeoutMs: 20_000,
      maxConnections: 300,
      crowdedConnections: 150,
      crowdedPerClient: 4,
    });
    // 320 silent connections from 10 addresses, 32 each (under the per-client cap of 64).
    const crowd = await idleConnectionsFrom(proxy.plain, loopbackAddresses(10, 40), 32);
    try {
      assert.ok(crowd.open() < 300, `${crowd.open()} held: the door is not full`);
      const normal = Deno.createHttpClient({ localAddress: "127.0.0.4", poolMaxIdlePerHost: 0 });
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${proxy.plain.port}/robots.txt`, {
        client: normal,
        signal: AbortSignal.timeout(10_000),
      } as RequestInit);
      assert.equal(response.status, 200);
      await response.body?.cancel();
      normal.close();
      assert.ok(performance.now() - started < 8_000, `${performance.now() - started} ms`);
    } finally {
      crowd.close();
      await proxy.stop();
    }
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("HAProxy closes an HTTP/2 connection whose answer never comes within the answer and idle timeouts", async () => {
  const dir = await Deno.makeTempDir();
  // An app that takes every request and never answers (until the test ends).
  const end = Promise.withResolvers<void>();
  const never = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => end.promise.then(() => new Response(null)),
  );
  const T = 1_500;
  const proxy = await startFrontDoor({
    appPort: never.addr.port,
    certificate: await testCertificate(dir),
    idleTimeoutMs: T,
    requestTimeoutMs: T,
    answerTimeoutMs: T,
  });
  try {
    const session = await openH2(proxy.tls);
    assert.ok(session);
    await session.get("/robots.txt");
    const held = await heldFor(
      session.conn,
      30_000,
      (signal) => every(T / 3, signal, () => session.ping()),
      (bytes) => session.onBytes(bytes),
    );
    // The answer timeout gives the stream up (504), the idle timeout closes the connection.
    assert.deepEqual(session.statuses, [504]);
    assert.ok(held <= 2 * T + SLACK_MS, `held ${held} ms`);
  } finally {
    end.resolve();
    await proxy.stop();
    await never.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});
