import assert from "node:assert/strict";
import { callTool, catalog, withHarness } from "../tests/support/tools.ts";
import { decodeTransactionTool } from "./decode_transaction.ts";
import { getLeaderboardTool } from "./get_leaderboard.ts";
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

const LEADERBOARD = "/state/leaderboard/accounts";

Deno.test("an API 500 on a tool's only read becomes a ToolError naming the endpoint and status", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getLeaderboardTool, {}, context),
      upstreamError(
        /^Papertrade API \/state\/leaderboard\/accounts answered HTTP 500; .*try again shortly$/,
      ),
    );
  }, { faults: { target: "api", path: LEADERBOARD, status: 500 } });
});

Deno.test("an API 500 on one of several reads leaves a result that names the missing part", async () => {
  await withHarness(async ({ context }) => {
    const { structured, text } = await callTool(getProtocolOverviewTool, {}, context);
    assert.deepEqual(structured.unavailable, [
      { part: "markets", reason: "/state/trading answered HTTP 500" },
    ]);
    assert.deepEqual(structured.markets, []);
    assert.ok(structured.tvl_usd! > 0);
    // The text names the missing part and why.
    assert.ok(text.includes("markets") && text.includes("/state/trading answered HTTP 500"));
  }, { faults: { target: "api", path: "/state/trading", status: 500 } });
});

Deno.test("a 429 becomes a ToolError that says how long to wait", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getLeaderboardTool, {}, context),
      upstreamError(
        /^Papertrade API \/state\/leaderboard\/accounts is rate limited \(HTTP 429, retry after 60 s\); wait 60 s and try again$/,
      ),
    );
  }, {
    faults: { target: "api", path: LEADERBOARD, rateLimit: { retryAfterS: 60 } },
  });
});

Deno.test("a hung API request times out into a ToolError naming the endpoint", async () => {
  await withHarness(async ({ context, upstream }) => {
    await assert.rejects(
      () => callTool(getLeaderboardTool, {}, context),
      upstreamError(/^Papertrade API \/state\/leaderboard\/accounts timed out after 200 ms/),
    );
    assert.ok(upstream.stats().faulted >= 1);
  }, { timeoutMs: 200, faults: { target: "api", path: LEADERBOARD, hang: true } });
});

Deno.test("a malformed JSON answer becomes a ToolError naming the endpoint", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getLeaderboardTool, {}, context),
      upstreamError(/^Papertrade API \/state\/leaderboard\/accounts sent malformed JSON/),
    );
  }, { faults: { target: "api", path: LEADERBOARD, malformed: true } });
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
    // lookup_intent still answers from the feed and names the chain scan it could not make.
    const lookup = await callTool(
      lookupIntentTool,
      { intent_id: catalog.intents.unknown.id },
      context,
    );
    assert.equal(lookup.structured.settlement, null);
    assert.equal(lookup.structured.unavailable[0].part, "settlement");
    assert.match(
      lookup.structured.unavailable[0].reason,
      /^HyperEVM eth_blockNumber did not answer/,
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
