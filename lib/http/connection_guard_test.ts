import assert from "node:assert/strict";
import { type GuardOptions, serveGuarded } from "./connection_guard.ts";

/** A guarded server whose handler greets the client's address and counts its requests. */
async function started(options: Omit<GuardOptions, "listener"> = {}) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const lines: string[] = [];
  let handled = 0;
  const server = await serveGuarded((_request, info) => {
    handled++;
    return new Response(`hello ${info.remoteAddr.hostname}`);
  }, { listener, log: (line) => lines.push(line), sweepEveryMs: 3_600_000, ...options });
  return { server, port: listener.addr.port, lines, handled: () => handled };
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

/** Writes `chunks` one by one, then reads until the server closes; what it answered. */
async function exchange(port: number, chunks: (string | Uint8Array)[]): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  // A bound, not a measurement: a server that never closes fails the test instead of hanging it.
  const giveUp = setTimeout(() => conn.close(), 10_000);
  let answer = "";
  try {
    for (const chunk of chunks) {
      await conn.write(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
      await new Promise((resolve) => setTimeout(resolve, 5)); // lets each chunk be its own read
    }
    const buffer = new Uint8Array(4096);
    while (true) {
      const read = await conn.read(buffer).catch(() => null);
      if (read === null) break;
      answer += new TextDecoder().decode(buffer.subarray(0, read));
    }
  } finally {
    clearTimeout(giveUp);
    try {
      conn.close();
    } catch { /* closed by giveUp */ }
  }
  return answer;
}

Deno.test("a connection opening with the HTTP/2 preface is closed unanswered, however it is split", async () => {
  const { server, port, handled } = await started();
  try {
    const preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
    const settings = new Uint8Array([0, 0, 0, 4, 0, 0, 0, 0, 0]);
    assert.equal(await exchange(port, [preface, settings]), "");
    assert.equal(await exchange(port, [...preface, settings]), "", "byte by byte");
    assert.equal(handled(), 0);
    assert.equal(server.connections, 0);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a first request head over the cap gets 431; one within it is served", async () => {
  const { server, port } = await started({ maxHeadBytes: 2048 });
  try {
    const head = (padding: number) =>
      `GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Pad: ${"a".repeat(padding)}\r\n\r\n`;
    const tooBig = head(2048);
    const big = await exchange(port, [tooBig.slice(0, 1500), tooBig.slice(1500)]);
    assert.match(big, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    assert.match(big, /at most 2048 bytes/);
    const split = head(1900);
    const fits = await exchange(port, [split.slice(0, 1000), split.slice(1000)]);
    assert.match(fits, /^HTTP\/1\.1 200 /);
    assert.match(fits, /hello 127\.0\.0\.1$/);
  } finally {
    await server.shutdown();
  }
});

const CLOSING_GET = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

Deno.test("a request without Host gets 400 and never reaches the handler", async () => {
  const { server, port, handled } = await started();
  try {
    for (const version of ["1.1", "1.0"]) {
      const answer = await exchange(port, [`GET / HTTP/${version}\r\nConnection: close\r\n\r\n`]);
      assert.match(answer, /^HTTP\/1\.[01] 400 /, version);
      assert.match(answer, /a Host header is required/);
    }
    assert.equal(handled(), 0);
    assert.match(await exchange(port, [CLOSING_GET]), /hello 127\.0\.0\.1$/);
  } finally {
    await server.shutdown();
  }
});

Deno.test("the inner server's port refuses requests that did not come through the guard", async () => {
  const { server, handled } = await started();
  try {
    assert.match(await exchange(server.innerAddr.port, [CLOSING_GET]), /^HTTP\/1\.1 403 /);
    assert.equal(handled(), 0);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a connection evicted while its inner connection opens leaves no socket open", async () => {
  const opening = Promise.withResolvers<void>();
  let asked = 0;
  const { server, port } = await started({
    maxConnections: 1,
    connect: async (to) => {
      asked++;
      await opening.promise; // held until the test has evicted the relay
      return Deno.connect(to);
    },
  });
  const clients: Deno.Conn[] = [];
  try {
    const first = await Deno.connect({ hostname: "127.0.0.1", port });
    clients.push(first);
    await first.write(new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    while (asked === 0) await settle();
    // A second connection past the cap of one evicts the first, whose connect is pending.
    clients.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    while (server.openDescriptors > 1) await settle();
    opening.resolve();
    for (const conn of clients) conn.close();
    for (let turn = 0; turn < 50 && server.openDescriptors > 0; turn++) await settle();
    assert.equal(server.connections, 0);
    assert.equal(server.openDescriptors, 0, "the late inner connection was closed too");
  } finally {
    await server.shutdown();
  }
});
