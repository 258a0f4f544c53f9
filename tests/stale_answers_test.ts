/**
 * Stale-if-error end to end: the real app over the replay upstream, with the read cache on a
 * clock the test moves. Once the upstream fails, pages and tools answer from the last good
 * copies and say so (`as_of`/`stale` in tool results, a notice on pages).
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createApp } from "../app.tsx";
import { createPapertradeClient } from "../lib/papertrade/mod.ts";
import { kvLastGoodStore, type LastGoodStore, withReadCache } from "../lib/cache/mod.ts";
import { cacheQuoteSource, createLiveQuotes } from "../lib/marks.ts";
import { replayDeps } from "./harness.ts";

async function withStaleApp(
  body: (
    request: (path: string, init?: RequestInit) => Promise<Response>,
    control: { advance(ms: number): void; fail(): void; requests(): number },
  ) => Promise<void>,
) {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const clock = { t: catalog.baseTimeMs };
    const deps = replayDeps(upstream);
    const papertrade = withReadCache(
      createPapertradeClient({ baseUrl: upstream.apiUrl, retry: { maxAttempts: 1 } }),
      { now: () => clock.t, env: { get: () => undefined } },
    );
    const quotes = cacheQuoteSource(createLiveQuotes({ ...upstream }), { now: () => clock.t });
    const app = createApp({ ...deps, papertrade, quotes });
    await body(async (path, init) => await app.request(path, init), {
      advance: (ms) => clock.t += ms,
      fail: () => upstream.setFaults({ target: "api", status: 500 }),
      requests: () => upstream.stats().requests,
    });
  } finally {
    await upstream.close();
  }
}

Deno.test("a page served from last good copies says how old they are", async () => {
  await withStaleApp(async (request, control) => {
    const fresh = await request("/");
    assert.equal(fresh.status, 200);
    assert.doesNotMatch(await fresh.text(), /data-stale/);
    control.fail();
    control.advance(10 * 60_000);
    const stale = await request("/");
    assert.equal(stale.status, 200, "served from the last good copies");
    const html = await stale.text();
    assert.match(html, /data-stale/);
    assert.match(html, /last good copy, as of \d{4}-\d\d-\d\dT[\d:.]+Z \(600 s old\)/);
  });
});

Deno.test("a tool result from last good copies carries as_of and stale, and says so", async () => {
  await withStaleApp(async (request, control) => {
    const call = () =>
      request("/api/tools/get_protocol_overview", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
    const fresh = await (await call()).json();
    assert.equal(fresh.stale, undefined);
    assert.equal(fresh.as_of, undefined);
    control.fail();
    control.advance(120_000);
    const response = await call();
    assert.equal(response.status, 200);
    const stale = await response.json();
    assert.equal(stale.stale, true);
    assert.ok(Date.parse(stale.as_of) > 0);
    const mcp = await request("/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_protocol_overview", arguments: {} },
      }),
    });
    const result = (await mcp.json()).result;
    assert.equal(result.structuredContent.stale, true);
    assert.match(result.content[0].text, /\bstale\b/i, "the text says so too");
  });
});

Deno.test("fifty simultaneous home views cost the upstream what one does", async () => {
  await withStaleApp(async (request, control) => {
    const before = control.requests();
    await Promise.all(Array.from({ length: 50 }, () => request("/").then((r) => r.text())));
    const fifty = control.requests() - before;
    control.advance(10 * 60_000);
    const again = control.requests();
    await (await request("/")).text();
    const one = control.requests() - again;
    assert.ok(fifty <= one, `50 views: ${fifty} upstream requests, 1 view: ${one}`);
  });
});

Deno.test("after a restart with the upstream down, the page and the tool both label the KV copy stale", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const kv = await Deno.openKv(":memory:");
  try {
    const { clock, writes, appOverKv } = overKv(upstream, kv);
    const tool = async (app: ReturnType<typeof appOverKv>) => {
      const response = await app.request("/api/tools/get_protocol_overview", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      return await response.json();
    };
    const before = appOverKv();
    assert.equal((await tool(before)).stale, undefined);
    await (await before.request("/")).text();
    assert.ok(writes.length > 0, "the page and the tool wrote their reads to KV");
    await Promise.all(writes);
    // A restart moments later, while the upstream fails: copies young enough that a live
    // process would still serve them as fresh are stale all the same, for every reader.
    upstream.setFaults({ target: "api", status: 500 });
    clock.t += 500;
    const restarted = appOverKv();
    const html = await (await restarted.request("/")).text();
    assert.match(html, /data-stale/);
    const first = await tool(restarted);
    assert.equal(first.stale, true, "the tool after the page");
    assert.ok(Date.parse(first.as_of) <= catalog.baseTimeMs);
    clock.t += 200;
    assert.equal((await tool(restarted)).stale, true, "and again a moment later");
    assert.match(await (await restarted.request("/")).text(), /data-stale/);
    upstream.setFaults({});
    clock.t += 10 * 60_000;
    assert.equal((await tool(restarted)).stale, undefined, "fresh once the upstream answers");
  } finally {
    kv.close();
    await upstream.close();
  }
});

Deno.test("after a restart with the upstream down, the at-risk tool and page say their board is stale, every time", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const kv = await Deno.openKv(":memory:");
  try {
    const { clock, writes, appOverKv } = overKv(upstream, kv, { appClock: true });
    const atRisk = async (app: ReturnType<typeof appOverKv>) => {
      const response = await app.request("/api/tools/get_positions_at_risk", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      assert.equal(response.status, 200);
      return await response.json();
    };
    const before = appOverKv();
    const fresh = await atRisk(before);
    assert.equal(fresh.stale, undefined);
    assert.ok(fresh.positions.length > 0);
    await Promise.all(writes);
    upstream.setFaults({ target: "api", status: 500 });
    clock.t += 500;
    const restarted = appOverKv();
    const first = await atRisk(restarted);
    assert.ok(first.positions.length > 0, "the board comes from the last good copies");
    assert.equal(first.stale, true, "the first call after the restart");
    assert.ok(Date.parse(first.as_of) <= catalog.baseTimeMs);
    clock.t += 1_000;
    const second = await atRisk(restarted);
    assert.equal(second.stale, true, "and every later call that reads the same board");
    assert.equal(second.as_of, first.as_of);
    assert.match(await (await restarted.request("/at-risk")).text(), /data-stale/);
  } finally {
    kv.close();
    await upstream.close();
  }
});

/**
 * Apps over one replay upstream whose read caches keep their last good copies in `kv`, on a clock
 * the test moves: each `appOverKv()` is a process started afresh over the same KV. The readers do
 * not await their KV writes; `writes` keeps them, to wait for them.
 */
function overKv(
  upstream: Awaited<ReturnType<typeof startReplayUpstream>>,
  kv: Deno.Kv,
  options: { appClock?: boolean } = {},
) {
  const clock = { t: catalog.baseTimeMs };
  const writes: Promise<void>[] = [];
  const store = kvLastGoodStore(Promise.resolve(kv));
  const lastGood: LastGoodStore = {
    get: (key) => store.get(key),
    set: (...write) => {
      const written = store.set(...write);
      writes.push(written);
      return written;
    },
  };
  const appOverKv = () => {
    const papertrade = withReadCache(
      createPapertradeClient({ baseUrl: upstream.apiUrl, retry: { maxAttempts: 1 } }),
      { now: () => clock.t, lastGood },
    );
    const deps = { ...replayDeps(upstream), papertrade };
    return createApp(options.appClock ? { ...deps, now: () => clock.t } : deps);
  };
  return { clock, writes, appOverKv };
}
