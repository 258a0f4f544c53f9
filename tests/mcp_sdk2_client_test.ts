/**
 * The official SDK 2.x `Client` (`@modelcontextprotocol/client`) over Streamable HTTP against
 * the real app's `/mcp` and the replay upstream, in both eras: negotiating (`auto`: it probes
 * with server/discover and then speaks 2026-07-28, envelope and standard headers on every
 * request) and with the handshake (`legacy`: initialize first). Each lists the tools and calls
 * every one; the client checks `structuredContent` against the advertised outputSchema itself.
 */
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { TOOLS } from "../tools/registry.ts";
import { withTestApp } from "./harness.ts";
import { assertMatchesOutputSchema, TOOL_CASES } from "./_tool_cases.ts";

/** Lists and calls every tool; returns the MCP-Protocol-Version and method of every POST. */
async function listAndCallEveryTool(url: URL, mode: "auto" | "legacy") {
  const sent: { version: string | null; method: string }[] = [];
  const fetchAndRecord = (input: string | URL | Request, init?: RequestInit) => {
    if (init?.method === "POST") {
      const version = new Headers(init.headers).get("mcp-protocol-version");
      sent.push({ version, method: JSON.parse(String(init.body)).method });
    }
    return fetch(input, init);
  };
  const client = new Client({ name: "sdk2-test", version: "1.0.0" }, {
    versionNegotiation: { mode },
  });
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: fetchAndRecord }));
  try {
    assert.equal(client.getServerVersion()?.name, "papertrade-explorer");
    assert.equal(client.getServerCapabilities()?.tools?.listChanged, false);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), TOOLS.map((tool) => tool.name));
    for (const testCase of TOOL_CASES) {
      const result = await client.callTool({ name: testCase.name, arguments: testCase.arguments });
      const text = JSON.stringify(result.content).slice(0, 300);
      assert.notEqual(result.isError, true, `${testCase.name} failed: ${text}`);
      assertMatchesOutputSchema(testCase.name, result.structuredContent);
      testCase.check(result.structuredContent);
    }
    // An unknown tool is reported, and a wrong argument is reported naming it.
    await assert.rejects(client.callTool({ name: "no_such_tool", arguments: {} }));
    const invalid = await client.callTool({ name: "get_wallet", arguments: {} });
    assert.equal(invalid.isError, true);
    assert.match(JSON.stringify(invalid.content), /address/);
    return { sent, negotiated: client.getNegotiatedProtocolVersion() };
  } finally {
    await client.close();
  }
}

Deno.test("the SDK 2.x client negotiates 2026-07-28, lists the tools and calls each one", async () => {
  await withTestApp(async (app) => {
    const { sent, negotiated } = await listAndCallEveryTool(app.mcpUrl, "auto");
    assert.equal(negotiated, "2026-07-28");
    assert.equal(sent[0].method, "server/discover");
    assert.ok(sent.every((post) => post.method !== "initialize"), JSON.stringify(sent));
    const calls = sent.filter((post) => post.method === "tools/call");
    assert.ok(calls.length >= TOOL_CASES.length);
    assert.ok(calls.every((post) => post.version === "2026-07-28"), JSON.stringify(calls));
  });
});

Deno.test("the SDK 2.x client with the handshake lists the tools and calls each one", async () => {
  await withTestApp(async (app) => {
    const { sent, negotiated } = await listAndCallEveryTool(app.mcpUrl, "legacy");
    assert.equal(sent[0].method, "initialize");
    assert.equal(negotiated, "2025-11-25");
  });
});
