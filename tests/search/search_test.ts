import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/validation/ajv-provider.d.ts"
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import { toolJsonSchemas } from "../../lib/tool_info.ts";
import { callTool, catalog, inputError, TEST_SITE_URL, withHarness } from "../support/tools.ts";
import { getProtocolOverviewTool } from "../../tools/get_protocol_overview.ts";
import { searchTool } from "../../tools/search.ts";

Deno.test("search resolves an address to a wallet summary and points at get_wallet", async () => {
  await withHarness(async ({ context }) => {
    const whale = catalog.wallets.whale;
    const { structured, text } = await callTool(
      searchTool,
      { query: `  ${whale.address.toUpperCase().replace("0X", "0x")} ` },
      context,
    );
    assert.equal(structured.kind, "wallet");
    assert.equal(structured.value, whale.address);
    assert.equal(structured.next_tool, "get_wallet");
    assert.ok("wallet" in structured.result && structured.result.found);
    assert.equal(structured.result.wallet?.leaderboard_name, whale.leaderboardName);
    assert.match(text, /\bget_wallet\b/, "the text names the next tool");

    const unknown = await callTool(searchTool, { query: catalog.wallets.unknown.address }, context);
    assert.equal(unknown.structured.kind, "wallet");
    assert.equal(unknown.structured.next_tool, null);
    assert.deepEqual(unknown.structured.result, { found: false, wallet: null });
  });
});

Deno.test("search tells a transaction hash from an intent id by asking HyperEVM", async () => {
  await withHarness(async ({ context }) => {
    const batch = catalog.transactions.multi_wallet_batch;
    const tx = await callTool(searchTool, { query: batch.hash }, context);
    assert.equal(tx.structured.kind, "transaction");
    assert.equal(tx.structured.next_tool, "decode_transaction");
    assert.ok("is_batch" in tx.structured.result && tx.structured.result.is_batch);
    assert.deepEqual(
      tx.structured.result.intents.map((intent) => intent.intent_id),
      batch.intentIds.slice(0, 10),
    );

    const settled = catalog.intents.settled_in_window;
    const intent = await callTool(searchTool, { query: settled.id }, context);
    assert.equal(intent.structured.kind, "intent");
    assert.equal(intent.structured.next_tool, "lookup_intent");
    assert.ok("state" in intent.structured.result);
    assert.equal(intent.structured.result.state, "settled");

    const unknown = await callTool(searchTool, { query: catalog.intents.unknown.id }, context);
    assert.equal(unknown.structured.kind, "intent");
    assert.ok("state" in unknown.structured.result);
    assert.equal(unknown.structured.result.state, "not_found");
  });
});

Deno.test("search finds a position's owner through the trades feed, or says how to look it up", async () => {
  await withHarness(async ({ context }) => {
    const feed = await callTool(getProtocolOverviewTool, { recent_trades: 1 }, context);
    const latest = feed.structured.recent_trades[0];
    const found = await callTool(searchTool, { query: latest.position_id }, context);
    assert.equal(found.structured.kind, "position");
    assert.equal(found.structured.next_tool, "get_positions");
    assert.deepEqual(
      "owner" in found.structured.result ? found.structured.result.owner : undefined,
      latest.wallet,
    );

    const id = catalog.positions.unknown.id;
    const missing = await callTool(searchTool, { query: `#${id}` }, context);
    assert.equal(missing.structured.kind, "position");
    assert.equal(missing.structured.value, id);
    assert.deepEqual(missing.structured.result, {
      position_id: id,
      owner: null,
      latest_trade: null,
    });
    // The text names the tool that answers it and the argument to pass.
    assert.match(missing.text, /\bget_positions\b/);
    assert.match(missing.text, /\bposition_id\b/);
  });
});

Deno.test("search matches leaderboard names and reports nothing found as unknown", async () => {
  await withHarness(async ({ context }) => {
    const whale = catalog.wallets.whale;
    const byName = await callTool(
      searchTool,
      { query: whale.leaderboardName.slice(0, 8) },
      context,
    );
    assert.equal(byName.structured.kind, "name");
    assert.equal(byName.structured.next_tool, "get_wallet");
    assert.ok("matches" in byName.structured.result);
    assert.ok(byName.structured.result.matches.some((row) => row.address === whale.address));

    const injection = catalog.hostileNames.find((h) => h.kind === "prompt_injection")!;
    const hostile = await callTool(searchTool, { query: "Ignore previous instructions" }, context);
    assert.ok("matches" in hostile.structured.result);
    const row = hostile.structured.result.matches.find((r) => r.address === injection.address);
    assert.equal(row?.leaderboard_name, injection.name);
    // Quoted (and cut, being long), and marked untrusted.
    assert.ok(hostile.text.includes(`"${injection.name.slice(0, 40)}`), "the name is quoted");
    assert.match(hostile.text, /untrusted/i);

    const none = await callTool(searchTool, { query: "no such trader zzqx" }, context);
    assert.equal(none.structured.kind, "unknown");
    assert.equal(none.structured.next_tool, null);
  });
});

Deno.test("search unpacks explorer and block-explorer links", async () => {
  await withHarness(async ({ context }) => {
    const whale = catalog.wallets.whale.address;
    const wallet = await callTool(searchTool, { query: `${TEST_SITE_URL}/w/${whale}` }, context);
    assert.equal(wallet.structured.kind, "wallet");
    assert.equal(wallet.structured.value, whale);
    const hash = catalog.transactions.not_papertrade.hash;
    const tx = await callTool(searchTool, { query: `https://hyperevmscan.io/tx/${hash}` }, context);
    assert.equal(tx.structured.kind, "transaction");
    const link = await callTool(searchTool, { query: "https://example.com/about" }, context);
    assert.equal(link.structured.kind, "unknown");
  });
});

Deno.test("search rejects an empty or oversized query with a message naming it", () => {
  assert.match(inputError(searchTool, { query: "   " }), /^query: /);
  assert.match(inputError(searchTool, { query: "x".repeat(301) }), /^query: .*\b300\b/);
  assert.match(inputError(searchTool, {}), /^query: /);
});

Deno.test("search's published inputSchema refuses exactly the queries the server refuses", () => {
  // The validator MCP clients use (the SDK's Ajv) on the schema tools/list publishes.
  const validate = new AjvJsonSchemaValidator().getValidator(toolJsonSchemas(searchTool).input);
  const queries = ["", " ", "\t\n ", "\u00a0", "a", "  0xab  ", "x".repeat(300), "x".repeat(301)];
  for (const query of [...queries, ` ${"x".repeat(299)}`, ` ${"x".repeat(300)}`]) {
    const server = searchTool.inputSchema.safeParse({ query }).success;
    assert.equal(validate({ query }).valid, server, JSON.stringify(query).slice(0, 20));
  }
  assert.equal(validate({ query: " " }).valid, false, "a blank query is refused by the schema");
});
