import assert from "node:assert/strict";
import { serveGuarded } from "./connection_guard.ts";

async function started(options: { now?: () => number; maxConnections?: number } = {}) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const lines: string[] = [];
  const server = await serveGuarded(
    (_request, info) => new Response(`hello ${info.remoteAddr.hostname}`),
    { listener, log: (line) => lines.push(line), sweepEveryMs: 3_600_000, ...options },
  );
  return { server, port: listener.addr.port, lines };
}

async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
}

Deno.test("requests pass through the guard and the handler sees the client's address", async () => {
  const { server, port } = await started();
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(await response.text(), "hello 127.0.0.1");
  } finally {
    await server.shutdown();
  }
});

Deno.test("an idle connection is closed once the idle timeout has passed on the clock", async () => {
  let now = 0;
  const { server, port } = await started({ now: () => now });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await settle();
    assert.equal(server.connections, 1);
    now = 29_999;
    server.sweep();
    assert.equal(server.connections, 1, "not before 30 s");
    now = 30_000;
    server.sweep();
    assert.equal(server.connections, 0);
    assert.equal(await conn.read(new Uint8Array(1)).catch(() => null), null, "closed");
  } finally {
    conn.close();
    await server.shutdown();
  }
});

Deno.test("a request whose headers never finish is closed after the request timeout", async () => {
  let now = 0;
  const { server, port } = await started({ now: () => now });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x\r\n"));
    for (let second = 10; second <= 60; second += 10) {
      await settle();
      now = second * 1000;
      server.sweep();
      // A trickle of header bytes keeps it "active" but never gets an answer.
      if (second < 60) await conn.write(new TextEncoder().encode("X-Slow: 1\r\n"));
    }
    assert.equal(server.connections, 0);
  } finally {
    conn.close();
    await server.shutdown();
  }
});

Deno.test("at the connection cap the least recently active connection makes room", async () => {
  let now = 0;
  const { server, port } = await started({ now: () => now, maxConnections: 3 });
  const idle: Deno.Conn[] = [];
  try {
    for (let index = 0; index < 5; index++) {
      now += 1;
      idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
      await settle();
    }
    assert.ok(server.connections <= 3);
    const response = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(response.status, 200);
    await response.body?.cancel();
  } finally {
    for (const conn of idle) conn.close();
    await server.shutdown();
  }
});

Deno.test("making room closes idle connections before one whose request is in progress", async () => {
  let now = 0;
  const release = Promise.withResolvers<void>();
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const server = await serveGuarded(async () => {
    await release.promise;
    return new Response("answered");
  }, { listener, now: () => now, maxConnections: 2, sweepEveryMs: 3_600_000 });
  const idle: Deno.Conn[] = [];
  try {
    const port = listener.addr.port;
    // The oldest connection carries a slow request; the newer ones never speak.
    const pending = fetch(`http://127.0.0.1:${port}/`);
    await settle();
    for (let index = 0; index < 4; index++) {
      now += 1_000;
      idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
      await settle();
    }
    release.resolve();
    const response = await pending;
    assert.equal(await response.text(), "answered");
  } finally {
    for (const conn of idle) conn.close();
    await server.shutdown();
  }
});
