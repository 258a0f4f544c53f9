/**
 * Pages under the hardening rules: one log line with a request id for a server error (and the
 * id on the page), junk static paths answered 404 without a log line, echoed input isolated
 * with <bdi>, HSTS only when SITE_URL is https, HEAD wherever GET works.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { createApp } from "../app.tsx";
import { replayDeps } from "./harness.ts";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { serverErrorHandler } from "../routes/pages.tsx";

async function captureConsole<T>(run: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  const saved = { error: console.error, warn: console.warn, log: console.log };
  console.error = console.warn = console.log = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    return { result: await run(), lines };
  } finally {
    Object.assign(console, saved);
  }
}

async function withApp(siteUrl: string, run: (app: Hono) => Promise<void>): Promise<void> {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const deps = replayDeps(upstream);
    await run(createApp({ ...deps, config: { ...deps.config, siteUrl } }));
  } finally {
    await upstream.close();
  }
}

Deno.test("a server error is one log line with method, path and the request id the page shows", async () => {
  const lines: string[] = [];
  const app = new Hono();
  app.onError(serverErrorHandler((line: string) => lines.push(line)));
  app.get("/boom", () => {
    throw new TypeError("kaput\nsecond line");
  });
  const response = await app.request("/boom");
  assert.equal(response.status, 500);
  const id = response.headers.get("x-request-id") ?? "";
  assert.match(id, /^[0-9a-f]{12}$/);
  assert.ok((await response.text()).includes(id), "the page shows the id");
  assert.equal(lines.length, 1);
  assert.match(
    lines[0],
    new RegExp(`^\\[error\\] GET /boom id=${id}: TypeError: kaput second line`),
  );
  assert.ok(!lines[0].includes("\n"));
});

Deno.test("a page whose visitor left is not logged as a bug: its reads were cancelled with it", async () => {
  const lines: string[] = [];
  const app = new Hono();
  app.onError(serverErrorHandler((line: string) => lines.push(line)));
  app.get("/slow", (c) => {
    throw c.req.raw.signal.reason ?? new Error("not aborted");
  });
  const left = new AbortController();
  left.abort();
  const response = await app.request("/slow", { signal: left.signal });
  assert.equal(response.status, 499);
  assert.deepEqual(lines, []);
  // The same error while the visitor waits is a bug, logged.
  assert.equal((await app.request("/slow")).status, 500);
  assert.equal(lines.length, 1);
});

Deno.test("junk static paths are 404 without a log line", async () => {
  await withApp("https://explorer.test", async (app) => {
    const { result, lines } = await captureConsole(async () => {
      const statuses = [];
      for (const path of ["/static/%00", "/static/..%2fdeno.json", `/static/${"a".repeat(5000)}`]) {
        const response = await app.request(path);
        await response.body?.cancel();
        statuses.push(response.status);
      }
      return statuses;
    });
    assert.deepEqual(result, [404, 404, 404]);
    assert.deepEqual(lines, []);
  });
});

Deno.test("error pages isolate echoed input in <bdi>", async () => {
  await withApp("https://explorer.test", async (app) => {
    const rlo = "\u202Egnp.exe";
    for (
      const path of [`/wallet/${encodeURIComponent(rlo)}`, `/nowhere-${encodeURIComponent(rlo)}`]
    ) {
      const html = await (await app.request(path)).text();
      assert.match(html, /<bdi>[^<]*\u202Egnp\.exe<\/bdi>/, path);
    }
  });
});

Deno.test("HSTS is sent only when SITE_URL is https", async () => {
  await withApp("https://explorer.test", async (app) => {
    const response = await app.request("/robots.txt");
    assert.equal(response.headers.get("strict-transport-security"), "max-age=31536000");
  });
  await withApp("http://127.0.0.1:8000", async (app) => {
    const response = await app.request("/robots.txt");
    assert.equal(response.headers.get("strict-transport-security"), null);
  });
});

Deno.test("HEAD works wherever GET does, with no body", async () => {
  await withApp("https://explorer.test", async (app) => {
    for (const path of ["/", "/mcp", "/docs/", "/openapi.json", "/robots.txt", "/markets"]) {
      const response = await app.request(path, { method: "HEAD" });
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), "", path);
    }
  });
});

Deno.test("a page whose upstream hangs answers 504 at the page deadline, with a request id", async () => {
  const upstream = await startReplayUpstream({
    port: 0,
    now: () => catalog.baseTimeMs,
    faults: { hang: true },
  });
  // The deadline's timer, fired by the test once the page has set it.
  let armed = Promise.withResolvers<() => void>();
  const timer = (_ms: number) => new Promise<void>((resolve) => armed.resolve(resolve));
  try {
    // Upstream timeouts far past the deadline: only the deadline can end these requests.
    const deps = replayDeps(upstream, 120_000);
    const app = createApp(deps, { pageDeadline: { timer } });
    const intent = catalog.intents ? Object.values(catalog.intents)[0] : undefined;
    const id = (intent as { id?: string } | undefined)?.id ?? `0x${"ab".repeat(32)}`;
    for (const path of [`/intent/${id}`, "/markets", `/wallet/${catalog.wallets.whale.address}`]) {
      const { result } = await captureConsole(async () => {
        const pending = app.request(path);
        (await armed.promise)();
        armed = Promise.withResolvers();
        return await pending;
      });
      assert.equal(result.status, 504, path);
      const requestId = result.headers.get("x-request-id") ?? "";
      assert.ok((await result.text()).includes(requestId), path);
    }
  } finally {
    await upstream.close();
  }
});

Deno.test("HEAD on a streaming route releases what the stream held", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  let opened = 0;
  let closed = 0;
  let released!: () => void;
  const allReleased = new Promise<void>((resolve) => released = resolve);
  try {
    // The shared wallet stream closes when its last viewer leaves (no grace period here).
    const app = createApp(replayDeps(upstream), {
      live: {
        hub: { graceMs: 0 },
        onStreamOpened: () => opened++,
        onStreamClosed: () => {
          closed++;
          if (closed === opened) released();
        },
      },
    });
    const wallet = catalog.wallets.whale.address;
    // Four export slots: HEAD must not keep them, nor the viewer slot of /live.
    for (let round = 0; round < 6; round++) {
      const head = await app.request(`/wallet/${wallet}/trades.csv`, { method: "HEAD" });
      assert.equal(head.status, 200, `HEAD ${round}`);
      assert.equal(await head.text(), "");
    }
    const get = await app.request(`/wallet/${wallet}/trades.csv`);
    assert.equal(get.status, 200, "every slot came back");
    await get.body?.cancel();
    const live = await app.request(`/wallet/${wallet}/live`, { method: "HEAD" });
    assert.equal(live.status, 200);
    assert.equal(await live.text(), "");
    if (opened > 0) await allReleased;
    assert.equal(closed, opened, "every live viewer slot was released");
    for (let turn = 0; turn < 100 && upstream.stats().openStreams > 0; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(upstream.stats().openStreams, 0, "the upstream wallet stream was closed");
  } finally {
    await upstream.close();
  }
});
