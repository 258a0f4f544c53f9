/**
 * Upstream faults seen through `/mcp`: each becomes a tool result with `isError: true` and a
 * message naming the source and the problem, reached by the upstream timeout (300 ms here)
 * well before the 25 s tool timeout; the fallback RPC carries calls when the primary is down.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import type { Faults } from "../fixtures/mod.ts";
import { mcpRoutes } from "../routes/mcp/mod.ts";
import { TOOLS } from "../tools/registry.ts";
import { catalog, type TestApp, type TestAppOptions, withTestApp } from "./harness.ts";
import { postMcp, rpc } from "./support/mcp_rpc.ts";

const UPSTREAM_TIMEOUT_MS = 300;

// deno-lint-ignore no-explicit-any -- tests read arbitrary JSON
async function callTool(app: TestApp, name: string, args: Record<string, unknown>): Promise<any> {
  const { response, json } = await postMcp(
    app,
    rpc(1, "tools/call", { name, arguments: args }),
    { "mcp-protocol-version": "2025-06-18" },
  );
  assert.equal(response.status, 200);
  assert.equal(json.error, undefined, "faults are results, never JSON-RPC errors");
  return json.result;
}

const overview = (app: TestApp) => callTool(app, "get_protocol_overview", { recent_trades: 2 });
const decode = (app: TestApp) =>
  callTool(app, "decode_transaction", { tx_hash: catalog.transactions.multi_wallet_batch.hash });

async function expectToolError(
  faults: Faults,
  call: (app: TestApp) => Promise<{ isError?: boolean; content: { text: string }[] }>,
  message: RegExp,
  options: TestAppOptions = {},
): Promise<void> {
  await withTestApp(async (app) => {
    const result = await call(app);
    assert.equal(result.isError, true, JSON.stringify(result).slice(0, 300));
    assert.match(result.content[0].text, message);
    assert.doesNotMatch(result.content[0].text, /internal error/i);
  }, { faults, upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS, ...options });
}

Deno.test("an API 500 is an isError result naming the endpoint and the status", async () => {
  await expectToolError(
    { target: "api", status: 500 },
    overview,
    /Papertrade API \/\S+ answered HTTP 500/,
  );
});

Deno.test("an API 429 with a long Retry-After is an isError result saying when to retry", async () => {
  await expectToolError(
    { target: "api", rateLimit: { retryAfterS: 30 } },
    overview,
    /rate limited \(HTTP 429, retry after 30 s\)/,
  );
});

Deno.test("malformed JSON from the API is an isError result saying so", async () => {
  await expectToolError({ target: "api", malformed: true }, overview, /sent malformed JSON/);
});

Deno.test("a hanging API ends at the upstream timeout as an isError result, not at the tool timeout", async () => {
  await expectToolError(
    { target: "api", hang: true },
    overview,
    new RegExp(`timed out after ${UPSTREAM_TIMEOUT_MS} ms`),
  );
});

Deno.test("an RPC that hangs on both endpoints is an isError result after both timeouts", async () => {
  await expectToolError(
    { target: "rpc", hang: true },
    decode,
    new RegExp(`both RPC endpoints: timeout after ${UPSTREAM_TIMEOUT_MS} ms`),
  );
});

Deno.test("an RPC failing on both endpoints is an isError result naming the call", async () => {
  await expectToolError(
    { target: "rpc", status: 500 },
    decode,
    /HyperEVM RPC \S+ failed on both RPC endpoints/,
  );
});

Deno.test("with the primary RPC down, the fallback RPC answers and the tools still succeed", async () => {
  await withTestApp(async (app) => {
    const decoded = await decode(app);
    assert.notEqual(decoded.isError, true, JSON.stringify(decoded.content));
    assert.equal(
      decoded.structuredContent.intents.length,
      catalog.transactions.multi_wallet_batch.intentIds.length,
    );
    const looked = await callTool(app, "lookup_intent", {
      intent_id: catalog.intents.settled_in_window.id,
    });
    assert.notEqual(looked.isError, true, JSON.stringify(looked.content));
    assert.equal(looked.structuredContent.state, "settled");
    // The primary was really asked (and answered 502) before the fallback carried the call.
    assert.ok(app.upstream.stats().faulted > 0);
  }, { faults: { rpcPrimaryDown: true }, upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS });
});

Deno.test("a brief 503 from the API is retried and the call succeeds", async () => {
  await withTestApp(async (app) => {
    const result = await overview(app);
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    assert.equal(app.upstream.stats().faulted, 1);
  }, { faults: { target: "api", status: 503, times: 1 } });
});

Deno.test("a call still running at the tool timeout ends as an isError result saying it timed out", async () => {
  const build = (deps: Parameters<typeof mcpRoutes>[0]) =>
    new Hono().route("/", mcpRoutes(deps, { tools: TOOLS, toolTimeoutMs: 200 }));
  await expectToolError(
    { target: "api", hang: true },
    overview,
    /get_protocol_overview timed out after 0\.2 s/,
    { upstreamTimeoutMs: 10_000, build },
  );
});
