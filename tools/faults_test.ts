import assert from "node:assert/strict";
import { callTool, catalog, withHarness } from "./_test_support.ts";
import { decodeTransactionTool } from "./decode_transaction.ts";
import { getProtocolOverviewTool } from "./get_protocol_overview.ts";
import { getWalletTool } from "./get_wallet.ts";
import { lookupIntentTool } from "./lookup_intent.ts";
import { ToolError } from "./types.ts";

function upstreamError(pattern: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof ToolError, `expected a ToolError, got ${error}`);
    assert.equal(error.upstream, true);
    assert.match(error.message, pattern);
    return true;
  };
}

Deno.test("an API 500 becomes a ToolError naming the Papertrade endpoint and status", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getProtocolOverviewTool, {}, context),
      upstreamError(/^Papertrade API \/state\/trading answered HTTP 500; .*try again shortly$/),
    );
  }, { faults: { target: "api", path: "/state/trading", status: 500 } });
});

Deno.test("a 429 becomes a ToolError that says how long to wait", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getProtocolOverviewTool, {}, context),
      upstreamError(
        /^Papertrade API \/query\/protocol\/summary is rate limited \(HTTP 429, retry after 60 s\); wait 60 s and try again$/,
      ),
    );
  }, {
    faults: { target: "api", path: "/query/protocol/summary", rateLimit: { retryAfterS: 60 } },
  });
});

Deno.test("a hung API request times out into a ToolError naming the endpoint", async () => {
  await withHarness(async ({ context, upstream }) => {
    await assert.rejects(
      () => callTool(getProtocolOverviewTool, { recent_trades: 0 }, context),
      upstreamError(/^Papertrade API \/query\/prices\/latest timed out after 200 ms/),
    );
    assert.ok(upstream.stats().faulted >= 1);
  }, { timeoutMs: 200, faults: { target: "api", path: "/query/prices/latest", hang: true } });
});

Deno.test("a malformed JSON answer becomes a ToolError naming the endpoint", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getProtocolOverviewTool, {}, context),
      upstreamError(/^Papertrade API \/query\/protocol\/market-stats sent malformed JSON/),
    );
  }, { faults: { target: "api", path: "/query/protocol/market-stats", malformed: true } });
});

Deno.test("a failing wallet stream becomes a ToolError naming /state/user/live", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getWalletTool, { address: catalog.wallets.whale.address }, context),
      upstreamError(/^Papertrade API \/state\/user\/live answered HTTP 500/),
    );
  }, { faults: { target: "api", path: "/state/user/live", status: 500 } });
});

Deno.test("a single 503 is retried and the tool still answers", async () => {
  await withHarness(async ({ context, upstream }) => {
    const { structured } = await callTool(getProtocolOverviewTool, { recent_trades: 1 }, context);
    assert.ok(structured.tvl_usd! > 0);
    assert.deepEqual(structured.unavailable, []);
    assert.equal(upstream.stats().faulted, 1);
  }, { faults: { target: "api", path: "/query/protocol/summary", status: 503, times: 1 } });
});

Deno.test("with the primary RPC down the fallback answers and decoding still succeeds", async () => {
  await withHarness(async ({ context, upstream }) => {
    const batch = catalog.transactions.multi_wallet_batch;
    const { structured } = await callTool(decodeTransactionTool, { tx_hash: batch.hash }, context);
    assert.equal(structured.is_batch, true);
    assert.deepEqual(structured.intents.map((intent) => intent.intent_id), batch.intentIds);
    const settled = catalog.intents.settled_in_window;
    const lookup = await callTool(lookupIntentTool, { intent_id: settled.id }, context);
    assert.equal(lookup.structured.state, "settled");
    assert.ok(upstream.stats().faulted > 0, "the primary was really refused");
  }, { faults: { rpcPrimaryDown: true } });
});

Deno.test("an RPC failing on both endpoints becomes a ToolError naming the method", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () =>
        callTool(decodeTransactionTool, { tx_hash: catalog.transactions.unknown.hash }, context),
      upstreamError(/^HyperEVM RPC eth_get\w+ failed on both RPC endpoints: HTTP 500 \/ HTTP 500/),
    );
    await assert.rejects(
      () => callTool(lookupIntentTool, { intent_id: catalog.intents.unknown.id }, context),
      upstreamError(/^HyperEVM RPC eth_blockNumber failed on both RPC endpoints/),
    );
  }, { faults: { target: "rpc", status: 500 } });
});

Deno.test("a hung RPC times out on both endpoints into a ToolError", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () =>
        callTool(decodeTransactionTool, { tx_hash: catalog.transactions.unknown.hash }, context),
      upstreamError(/^HyperEVM RPC eth_get\w+ failed on both RPC endpoints: timeout after 200 ms/),
    );
  }, { timeoutMs: 200, faults: { target: "rpc", hang: true } });
});
