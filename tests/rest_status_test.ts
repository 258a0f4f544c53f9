/**
 * One test per status of the REST tool mirror (docs "Reference", REST tool mirror), through
 * the real app's `/api/tools/{name}` over HTTP with the real tools behind it.
 */
import assert from "node:assert/strict";
import { catalog, type TestApp, withTestApp } from "./harness.ts";
import type { Faults } from "../fixtures/mod.ts";
import { postMcp, rpc } from "./support/mcp_rpc.ts";
import { createApp } from "../app.tsx";

function postTool(app: TestApp, name: string, body: string, headers: HeadersInit = {}) {
  return app.fetch(`/api/tools/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

Deno.test("REST 200: the body is the tool's structured result", async () => {
  await withTestApp(async (app) => {
    const response = await postTool(
      app,
      "get_wallet",
      JSON.stringify({ address: catalog.wallets.whale.address }),
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    const body = await response.json();
    assert.equal(body.address, catalog.wallets.whale.address);
    assert.equal(body.leaderboard_name, catalog.wallets.whale.leaderboardName);
    const bare = await app.fetch("/api/tools/get_protocol_overview", {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    assert.equal(bare.status, 200, "an empty body counts as {}");
    assert.ok(Array.isArray((await bare.json()).markets));
  });
});

Deno.test("REST 415: a form post or any body not sent as application/json spends nothing", async () => {
  await withTestApp(async (app) => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await app.fetch("/api/tools/get_protocol_overview", {
        method: "POST",
        headers: { "content-type": type },
        body: "{}",
      });
      assert.equal(response.status, 415, type);
      assert.equal((await response.json()).error, "unsupported_media_type");
    }
  });
});

Deno.test("REST 400: a body that is not JSON, or not a JSON object", async () => {
  await withTestApp(async (app) => {
    const broken = await postTool(app, "get_wallet", "{address:");
    assert.equal(broken.status, 400);
    assert.equal((await broken.json()).error, "invalid_json");
    const array = await postTool(app, "get_wallet", "[1,2]");
    assert.equal(array.status, 400);
    assert.equal((await array.json()).error, "invalid_body");
  });
});

Deno.test("REST 404: an unknown tool name, with the valid names in the message", async () => {
  await withTestApp(async (app) => {
    const response = await postTool(app, "place_order", "{}");
    assert.equal(response.status, 404);
    const body = await response.json();
    assert.equal(body.error, "unknown_tool");
    assert.match(body.message, /get_protocol_overview/);
  });
});

Deno.test("REST 405: any method but POST and OPTIONS, with Allow; OPTIONS is a CORS preflight", async () => {
  await withTestApp(async (app) => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await app.fetch("/api/tools/get_wallet", { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get("allow"), "POST, OPTIONS");
      await response.body?.cancel();
    }
    const preflight = await app.fetch("/api/tools/get_wallet", { method: "OPTIONS" });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    await preflight.body?.cancel();
  });
});

Deno.test("REST 413: a body over 64 KiB", async () => {
  await withTestApp(async (app) => {
    const padding = "x".repeat(64 * 1024);
    const response = await postTool(app, "search", JSON.stringify({ query: padding }));
    assert.equal(response.status, 413);
    assert.equal((await response.json()).error, "body_too_large");
  });
});

Deno.test("REST 422: invalid arguments and tool errors carry the message", async () => {
  await withTestApp(async (app) => {
    const invalid = await postTool(app, "get_wallet", JSON.stringify({ address: "0x123" }));
    assert.equal(invalid.status, 422);
    const invalidBody = await invalid.json();
    assert.equal(invalidBody.error, "invalid_arguments");
    assert.match(invalidBody.message, /address/);
    const unknownWallet = "0x" + "0".repeat(39) + "1";
    const failed = await postTool(app, "get_wallet", JSON.stringify({ address: unknownWallet }));
    assert.equal(failed.status, 422);
    const failedBody = await failed.json();
    assert.equal(failedBody.error, "tool_error");
    assert.match(failedBody.message, /no Papertrade account/);
  });
});

Deno.test("REST 429: one budget of 60 calls a minute per client across MCP and REST, with Retry-After", async () => {
  // The limiter's clock stands still unless the test moves it: no window can end mid-test.
  let clock = 1_000_000;
  await withTestApp(async (app) => {
    const call = (id: number) =>
      rpc(id, "tools/call", { name: "get_protocol_overview", arguments: { recent_trades: 1 } });
    const header = { "mcp-protocol-version": "2025-06-18" };
    for (const start of [0, 20]) {
      const batch = await postMcp(
        app,
        Array.from({ length: 20 }, (_, i) => call(start + i)),
        header,
      );
      assert.equal(batch.response.status, 200);
      assert.ok(
        batch.json.every((reply: { result?: { isError?: boolean } }) =>
          reply.result && !reply.result.isError
        ),
      );
    }
    for (let index = 0; index < 20; index++) {
      const response = await postTool(app, "get_protocol_overview", '{"recent_trades":1}');
      assert.equal(response.status, 200, `REST call ${index + 1}`);
      await response.body?.cancel();
    }
    const refused = await postTool(app, "get_protocol_overview", "{}");
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `retry-after ${retryAfter}`);
    const body = await refused.json();
    assert.equal(body.error, "rate_limited");
    assert.equal(body.limit, 60);
    const viaMcp = await postMcp(app, call(99), header);
    assert.equal(viaMcp.response.status, 429);
    assert.ok(Number(viaMcp.response.headers.get("retry-after")) >= 1);
    // Calls that use no budget still work while the client is limited.
    assert.deepEqual((await postMcp(app, rpc(100, "ping"), header)).json.result, {});
    // No proxy is trusted here, so a forwarded header buys no fresh budget.
    const spoofed = await postTool(app, "get_protocol_overview", "{}", {
      "x-forwarded-for": "203.0.113.9",
    });
    assert.equal(spoofed.status, 429);
    await spoofed.body?.cancel();
    // Once Retry-After has passed on the limiter's clock, one more call fits.
    clock += retryAfter * 1000;
    const later = await postTool(app, "get_protocol_overview", '{"recent_trades":1}');
    assert.equal(later.status, 200);
    await later.body?.cancel();
  }, { build: (deps) => createApp(deps, { limiter: { now: () => clock } }) });
});

Deno.test("REST 503/504 for upstream outages, with Retry-After when the upstream gave one", async () => {
  const cases: { faults: Faults; status: number; error: string; retryAfter: string | null }[] = [
    {
      faults: { target: "api", rateLimit: { retryAfterS: 30 } },
      status: 503,
      error: "upstream_unavailable",
      retryAfter: "30",
    },
    {
      faults: { target: "api", status: 503 },
      status: 503,
      error: "upstream_unavailable",
      retryAfter: null,
    },
    {
      faults: { target: "api", hang: true },
      status: 504,
      error: "upstream_timeout",
      retryAfter: null,
    },
    {
      faults: { target: "api", status: 500 },
      status: 502,
      error: "upstream_error",
      retryAfter: null,
    },
  ];
  for (const { faults, status, error, retryAfter } of cases) {
    await withTestApp(async (app) => {
      const response = await postTool(app, "get_protocol_overview", "{}");
      assert.equal(response.status, status, JSON.stringify(faults));
      assert.equal(response.headers.get("retry-after"), retryAfter);
      const body = await response.json();
      assert.equal(body.error, error);
      assert.match(body.message, /Papertrade API/);
    }, { faults, upstreamTimeoutMs: 300 });
  }
});
