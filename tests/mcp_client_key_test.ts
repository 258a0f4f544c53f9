/**
 * The per-client key of the tool endpoints comes from the connection Deno.serve passes to
 * `app.fetch(request, info)`, and the app still answers when called without one.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createRateLimiter } from "../lib/http/rate_limit.ts";
import { apiToolsRoutes } from "../routes/api_tools.ts";
import { mcpRoutes } from "../routes/mcp.ts";
import { TOOLS } from "../tools/registry.ts";
import { replayDeps } from "./_app.ts";

function connection(hostname: string): Deno.ServeHandlerInfo<Deno.NetAddr> {
  return {
    remoteAddr: { transport: "tcp", hostname, port: 40_000 },
    completed: Promise.resolve(),
  };
}

function restCall(): Request {
  return new Request("http://localhost/api/tools/get_protocol_overview", {
    method: "POST",
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
