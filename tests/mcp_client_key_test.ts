/**
 * The per-client key of the tool endpoints comes from the connection Deno.serve passes to
 * `app.fetch(request, info)`, and the app still answers when called without one.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createRateLimiter } from "../lib/http/rate_limit.ts";
import { parseTrustedProxies } from "../lib/http/client_key.ts";
import { apiToolsRoutes, mcpRoutes } from "../routes/mcp/mod.ts";
import { TOOLS } from "../tools/registry.ts";
import { replayDeps } from "./harness.ts";

function connection(hostname: string): Deno.ServeHandlerInfo<Deno.NetAddr> {
  return {
    remoteAddr: { transport: "tcp", hostname, port: 40_000 },
    completed: Promise.resolve(),
  };
}

function restCall(): Request {
  return new Request("http://localhost/api/tools/get_protocol_overview", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"recent_trades":1}',
  });
}

Deno.test("each remote address has its own budget, shared by /mcp and the REST mirror", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const deps = replayDeps(upstream);
    const limiter = createRateLimiter({ limit: 1, now: () => 0 });
    const app = new Hono()
      .route("/", mcpRoutes(deps, { tools: TOOLS, limiter }))
      .route("/", apiToolsRoutes(deps, { tools: TOOLS, limiter }));
    const first = await app.fetch(restCall(), connection("198.51.100.1"));
    assert.equal(first.status, 200);
    await first.body?.cancel();
    const mcpCall = new Request("http://localhost/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_protocol_overview", arguments: {} },
      }),
    });
    const again = await app.fetch(mcpCall, connection("198.51.100.1"));
    assert.equal(again.status, 429);
    await again.body?.cancel();
    const other = await app.fetch(restCall(), connection("198.51.100.2"));
    assert.equal(other.status, 200);
    await other.body?.cancel();
    // Without connection info (in-process callers) the key is "unknown", not a crash.
    const anonymous = await app.fetch(restCall());
    assert.equal(anonymous.status, 200);
    await anonymous.body?.cancel();
  } finally {
    await upstream.close();
  }
});

Deno.test("a spoofed X-Forwarded-For neither buys a budget nor spends another client's", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const base = replayDeps(upstream);
    const proxies = parseTrustedProxies("10.0.0.1");
    assert.ok(proxies.ok);
    const deps = { ...base, config: { ...base.config, trustedProxies: proxies.ranges } };
    const limiter = createRateLimiter({ limit: 1, now: () => 0 });
    const app = new Hono().route("/", apiToolsRoutes(deps, { tools: TOOLS, limiter }));
    const call = async (remote: string, forwarded?: string) => {
      const request = restCall();
      if (forwarded) request.headers.set("x-forwarded-for", forwarded);
      const response = await app.fetch(request, connection(remote));
      await response.body?.cancel();
      return response.status;
    };
    assert.equal(await call("198.51.100.7"), 200);
    // Rotating the header does not help a direct caller: its own address is the key.
    for (const forged of ["203.0.113.1", "203.0.113.2", "127.0.0.1"]) {
      assert.equal(await call("198.51.100.7", forged), 429, forged);
    }
    // Nor could the forged "127.0.0.1" above spend the local client's budget.
    assert.equal(await call("127.0.0.1"), 200);
    // Through the trusted proxy the forwarded client is counted, written any way it likes.
    assert.equal(await call("10.0.0.1", "203.0.113.50"), 200);
    assert.equal(await call("10.0.0.1", "::ffff:203.0.113.50"), 429);
    assert.equal(await call("10.0.0.1", "203.0.113.050"), 429);
  } finally {
    await upstream.close();
  }
});
