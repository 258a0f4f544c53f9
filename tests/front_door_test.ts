/**
 * The front doors, probed as an adversary would (`bench/front_door.ts`), with timeouts scaled
 * down so each scenario takes a second or two: the app alone behind its connection guard, and
 * HAProxy running `deploy/haproxy.cfg` as shipped in front of it. Each scenario is bounded and
 * loopback only; the full-scale figures (30 s, 60 s, 400 connections) are in
 * `bench/hardening_bench.ts`.
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../app.tsx";
import { serveGuarded } from "../lib/http/connection_guard.ts";
import { replayDeps } from "./harness.ts";
import {
  type Door,
  h2Held,
  h2Status,
  idleHeld,
  MALFORMED_CHUNKED,
  NO_HOST,
  oversizedHead,
  slowBodyHeld,
  slowHeadHeld,
  startFrontDoor,
  statusesOnOneConnection,
  statusOf,
  testCertificate,
} from "../bench/front_door.ts";

const IDLE_MS = 1_000;
const REQUEST_MS = 2_000;
/** Time a door gets past its timeout before the probe calls it held (sweeps, scheduling). */
const SLACK_MS = 2_500;
const ROBOTS = "GET /robots.txt HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n";
const KEEP_ALIVE_ROBOTS = "GET /robots.txt HTTP/1.1\r\nHost: probe\r\n\r\n";

/** A small request, then one whose head is over 32 KiB, on the same connection. */
async function secondHeadStatuses(door: Door): Promise<number[]> {
  return await statusesOnOneConnection(door, [KEEP_ALIVE_ROBOTS, oversizedHead(40_000)]);
}

/** The real app over the replay upstream, behind its guard with `guard`'s timeouts. */
async function withGuardedApp(
  guard: { idleTimeoutMs: number; requestTimeoutMs: number },
  body: (door: Door) => Promise<void>,
): Promise<void> {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const server = await serveGuarded(createApp(replayDeps(upstream)).fetch, {
    listener,
    ...guard,
    log: () => {},
  });
  try {
    await body({ port: listener.addr.port });
  } finally {
    await server.shutdown();
    await upstream.close();
  }
}

Deno.test("the app alone: idle, slow and HTTP/2 connections are closed, bad requests get 4xx", async () => {
  await withGuardedApp({ idleTimeoutMs: IDLE_MS, requestTimeoutMs: REQUEST_MS }, async (door) => {
    const bound = REQUEST_MS + SLACK_MS;
    const [idle, slowHead, slowBody, h2c, h2cStreams] = await Promise.all([
      idleHeld(door, bound),
      slowHeadHeld(door, IDLE_MS / 3, bound),
      slowBodyHeld(door, IDLE_MS / 3, bound),
      h2Held(door, { streams: 0, pingMs: IDLE_MS / 3, boundMs: bound }),
      h2Held(door, { streams: 200, pingMs: IDLE_MS / 3, boundMs: bound }),
    ]);
    assert.ok(idle <= IDLE_MS + SLACK_MS, `a silent connection was held ${idle} ms`);
    assert.ok(slowHead <= bound, `a trickled head was held ${slowHead} ms`);
    assert.ok(slowBody <= bound, `a trickled body was held ${slowBody} ms`);
    // Cleartext HTTP/2 is refused at its preface: not one frame back.
    for (const attempt of [h2c, h2cStreams]) {
      assert.ok(attempt && attempt.heldMs < IDLE_MS, JSON.stringify(attempt));
      assert.deepEqual(attempt.received, {});
    }
    assert.equal(await statusOf(door, oversizedHead(40_000)), 431);
    // The head limit holds for every request of a connection, not only its first.
    assert.deepEqual(await secondHeadStatuses(door), [200, 431]);
    assert.equal(await statusOf(door, NO_HOST), 400);
    assert.equal(await statusOf(door, ROBOTS), 200);
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
  // The app's own guard is generous here, so every close below is the proxy's doing.
  await withGuardedApp({ idleTimeoutMs: 60_000, requestTimeoutMs: 60_000 }, async (app) => {
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
  await withGuardedApp({ idleTimeoutMs: 60_000, requestTimeoutMs: 60_000 }, async (app) => {
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
