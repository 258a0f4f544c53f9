/**
 * Host is checked once, before routing (`lib/http/request_screen.ts`): 475 Host values, straight
 * at the app (on Deno's own server, as `deno task start` serves it) and through HAProxy on
 * `deploy/haproxy.cfg`, are answered 200 or 400, never 5xx and never with a log line; and a Host
 * never changes the route.
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../app.tsx";
import { serveResilient } from "../lib/http/resilient_serve.ts";
import { hostProblem } from "../lib/http/request_screen.ts";
import { replayDeps } from "./harness.ts";
import { type Door, startFrontDoor, testCertificate } from "../bench/front_door.ts";
import { hostCorpus, requestWithHost } from "./_host_corpus.ts";

/** The app over the replay upstream, with console.error captured. */
async function withApp(
  body: (door: Door, logged: string[], requests: () => number) => Promise<void>,
): Promise<void> {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const server = serveResilient(
    { hostname: "127.0.0.1", port: 0 },
    createApp(replayDeps(upstream)).fetch,
  );
  const logged: string[] = [];
  const original = console.error;
  console.error = (...parts: unknown[]) => logged.push(parts.map(String).join(" "));
  try {
    await body({ port: server.addr.port }, logged, () => upstream.stats().requests);
  } finally {
    console.error = original;
    await server.shutdown();
    await upstream.close();
  }
}

// A page with a query: reading a query parses the URL, which is where a bad Host once threw.
const PATH = "/leaderboard?window=7d";

/** The status and body each Host value got from `door` (0: closed unanswered), a few at a time. */
async function answers(door: Door, hosts: string[]): Promise<Map<string, Answer>> {
  const answered = new Map<string, Answer>();
  for (let start = 0; start < hosts.length; start += 25) {
    await Promise.all(
      hosts.slice(start, start + 25).map(async (host) => {
        answered.set(host, await answerOf(door, requestWithHost(host, PATH)));
      }),
    );
  }
  return answered;
}

type Answer = { status: number; body: string };

/** Sends `request` on a new connection and reads the answer until the door closes it. */
async function answerOf(door: Door, request: string): Promise<Answer> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: door.port });
  let text = "";
  try {
    await conn.write(new TextEncoder().encode(request)).catch(() => 0);
    const buffer = new Uint8Array(16 * 1024);
    const decoder = new TextDecoder();
    const stop = setTimeout(() => conn.close(), 10_000);
    while (true) {
      const read = await conn.read(buffer).catch(() => null);
      if (read === null) break;
      text += decoder.decode(buffer.subarray(0, read), { stream: true });
    }
    clearTimeout(stop);
  } finally {
    try {
      conn.close();
    } catch { /* closed */ }
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
  return { status, body: text.slice(text.indexOf("\r\n\r\n") + 4) };
}

/** The value a server reads: HTTP drops the spaces and tabs around a field value. */
const asRead = (host: string) => host.replace(/^[ \t]+|[ \t]+$/g, "");

const shown = (host: string) => JSON.stringify(host.length > 60 ? `${host.slice(0, 60)}…` : host);

Deno.test("475 Host values straight at the app: 200 or 400 as the Host is good or not, never a 5xx, never a log line", async () => {
  const hosts = hostCorpus();
  assert.equal(hosts.length, 475);
  await withApp(async (door, logged) => {
    const answered = await answers(door, hosts);
    const wrong: string[] = [];
    for (const [host, { status }] of answered) {
      // Bytes no header may carry (NUL, DEL, other controls) are refused by Deno's HTTP parser
      // before the app sees them: a 400 too, or the connection closed unanswered.
      const expected = hostProblem(asRead(host)) === undefined ? [200] : [400, 0];
      if (!expected.includes(status)) wrong.push(`${shown(host)} → ${status}`);
    }
    assert.deepEqual(wrong, []);
    assert.ok([...answered.values()].filter(({ status }) => status === 200).length >= 50);
    assert.deepEqual(logged, []);
  });
});

Deno.test("a Host never changes the route: POST / with Host x/mcp? runs no tool", async () => {
  await withApp(async (door, logged, upstreamRequests) => {
    const call = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_protocol_overview", arguments: {} },
    });
    for (const host of ["x/mcp?", "x/mcp#", "x/api/tools/get_protocol_overview?"]) {
      const request = `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        "Accept: application/json, text/event-stream\r\n" +
        `Content-Length: ${call.length}\r\nConnection: close\r\n\r\n${call}`;
      assert.equal((await answerOf(door, request)).status, 400, host);
    }
    assert.equal(upstreamRequests(), 0, "no tool read the upstream");
    assert.deepEqual(logged, []);
  });
});

Deno.test("the same 475 Host values through HAProxy: never a 5xx, and the door refuses what the app refuses", async () => {
  const dir = await Deno.makeTempDir();
  await withApp(async (app, logged) => {
    const proxy = await startFrontDoor({
      appPort: app.port,
      certificate: await testCertificate(dir),
      maxPerClient: 1_000,
    });
    try {
      const answered = await answers(proxy.plain, hostCorpus());
      const wrong: string[] = [];
      let refusedAtTheDoor = 0;
      for (const [host, { status, body }] of answered) {
        const good = hostProblem(asRead(host)) === undefined;
        if (status !== (good ? 200 : 400)) wrong.push(`${shown(host)} → ${status}`);
        // The door's own answer, not the app's: what fails the shared pattern never reaches it.
        const byTheDoor = /malformed Host header|Bad Request/.test(body) &&
          !/the Host header is/.test(body);
        if (!good && byTheDoor) refusedAtTheDoor++;
        if (!good && !byTheDoor && !/not a valid address/.test(body)) {
          wrong.push(`${shown(host)} passed the door: ${body.slice(0, 80)}`);
        }
      }
      assert.deepEqual(wrong, []);
      assert.ok(refusedAtTheDoor > 300, `${refusedAtTheDoor} refused at the door`);
      assert.equal(proxy.exited(), false);
      assert.deepEqual(logged, []);
    } finally {
      await proxy.stop();
    }
  });
  await Deno.remove(dir, { recursive: true });
});
