import assert from "node:assert/strict";
import { callMcp, modernHeaders, modernMeta, rpc } from "../../tests/support/mcp.ts";

const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

Deno.test("server/discover lists versions, capabilities and instructions with cache hints and serverInfo", async () => {
  const { response, json } = await callMcp(
    rpc(1, "server/discover", { _meta: modernMeta() }),
    modernHeaders("server/discover"),
  );
  assert.equal(response.status, 200);
  const result = json.result;
  // The handshake-era revisions are negotiated by initialize (the SDK lists the stateless ones).
  assert.ok(result.supportedVersions.includes("2026-07-28"));
  // It declares the resources (the views) and the (empty) prompts it answers, as 2026-07-28
  // requires, and the views' extension.
  assert.deepEqual(result.capabilities, {
    tools: { listChanged: false },
    resources: { listChanged: false },
    extensions: { "io.modelcontextprotocol/ui": {} },
    prompts: { listChanged: false },
  });
  assert.match(result.instructions, /untrusted data/);
  assert.equal(result.resultType, "complete");
  assert.equal(result.cacheScope, "public");
  assert.ok(Number.isInteger(result.ttlMs) && result.ttlMs >= 0);
  assert.deepEqual(result._meta[SERVER_INFO_KEY], {
    name: "papertrade-explorer-test",
    version: "0.0.0-test",
  });
});

Deno.test("a 2026-07-28 tools/list carries resultType, cache hints and serverInfo", async () => {
  const { json } = await callMcp(
    rpc(2, "tools/list", { _meta: modernMeta() }),
    modernHeaders("tools/list"),
  );
  assert.equal(json.result.resultType, "complete");
  assert.equal(json.result.tools[0].name, "echo");
  assert.equal(json.result.cacheScope, "public");
  assert.equal(typeof json.result.ttlMs, "number");
  assert.ok(json.result._meta[SERVER_INFO_KEY]);
});

Deno.test("a 2026-07-28 tools/call with matching headers runs the tool; bad arguments are an isError result", async () => {
  const { json } = await callMcp(
    rpc(3, "tools/call", { name: "echo", arguments: { text: "m" }, _meta: modernMeta() }),
    modernHeaders("tools/call", "echo"),
  );
  assert.equal(json.result.resultType, "complete");
  assert.deepEqual(json.result.structuredContent, { text: "m", length: 1 });
  const invalid = await callMcp(
    rpc(4, "tools/call", { name: "echo", arguments: {}, _meta: modernMeta() }),
    modernHeaders("tools/call", "echo"),
  );
  assert.equal(invalid.json.result.isError, true);
  const unknown = await callMcp(
    rpc(5, "tools/call", { name: "nope", _meta: modernMeta() }),
    modernHeaders("tools/call", "nope"),
  );
  assert.equal(unknown.response.status, 200);
  assert.equal(unknown.json.error.code, -32602);
});

Deno.test("clientInfo is optional but clientCapabilities is required, as a -32602 with HTTP 400", async () => {
  const { "io.modelcontextprotocol/clientInfo": _info, ...withoutInfo } = modernMeta();
  const served = await callMcp(
    rpc(1, "tools/list", { _meta: withoutInfo }),
    modernHeaders("tools/list"),
  );
  assert.equal(served.response.status, 200);
  const { "io.modelcontextprotocol/clientCapabilities": _caps, ...withoutCaps } = modernMeta();
  const refused = await callMcp(
    rpc(2, "tools/list", { _meta: withoutCaps }),
    modernHeaders("tools/list"),
  );
  assert.equal(refused.response.status, 400);
  assert.equal(refused.json.id, 2);
  assert.equal(refused.json.error.code, -32602);
  assert.match(refused.json.error.message, /clientCapabilities/);
});

Deno.test("a 2026-07-28 header on a request without _meta is -32602 with HTTP 400", async () => {
  const { response, json } = await callMcp(rpc(9, "tools/list", {}), modernHeaders("tools/list"));
  assert.equal(response.status, 400);
  assert.equal(json.id, 9);
  assert.equal(json.error.code, -32602);
});

Deno.test("a protocol-version header that disagrees with _meta, or is missing, is -32020 with HTTP 400", async () => {
  const mismatch = await callMcp(
    rpc(1, "tools/list", { _meta: modernMeta("2099-01-01") }),
    modernHeaders("tools/list"),
  );
  assert.equal(mismatch.response.status, 400);
  assert.equal(mismatch.json.error.code, -32020);
  const missing = await callMcp(rpc(2, "tools/list", { _meta: modernMeta() }), {
    "mcp-method": "tools/list",
  });
  assert.equal(missing.response.status, 400);
  assert.equal(missing.json.error.code, -32020);
});

Deno.test("an unsupported version in header and _meta is -32022 listing supported versions and echoing the request", async () => {
  const { response, json } = await callMcp(
    rpc(301, "server/discover", { _meta: modernMeta("v999.0.0") }),
    modernHeaders("server/discover", undefined, "v999.0.0"),
  );
  assert.equal(response.status, 400);
  assert.equal(json.id, 301);
  assert.equal(json.error.code, -32022);
  assert.equal(json.error.data.requested, "v999.0.0");
  assert.ok(json.error.data.supported.includes("2026-07-28"));
});

Deno.test("Mcp-Method must be present and equal the body method, case-sensitively", async () => {
  const body = rpc(1, "tools/list", { _meta: modernMeta() });
  for (const method of [undefined, "prompts/list", "TOOLS/LIST"]) {
    const headers: Record<string, string> = { "mcp-protocol-version": "2026-07-28" };
    if (method) headers["mcp-method"] = method;
    const { response, json } = await callMcp(body, headers);
    assert.equal(response.status, 400, String(method));
    assert.equal(json.error.code, -32020, String(method));
  }
  const spaced = await callMcp(body, {
    "MCP-PROTOCOL-VERSION": "2026-07-28",
    "MCP-METHOD": "  tools/list ",
  });
  assert.equal(
    spaced.response.status,
    200,
    "header names are case-insensitive and values are trimmed",
  );
});

Deno.test("Mcp-Name must mirror the tool name, plainly or in the base64 sentinel", async () => {
  const body = rpc(1, "tools/call", {
    name: "echo",
    arguments: { text: "n" },
    _meta: modernMeta(),
  });
  const wrong = await callMcp(body, modernHeaders("tools/call", "other"));
  assert.equal(wrong.json.error.code, -32020);
  const missing = await callMcp(body, modernHeaders("tools/call"));
  assert.equal(missing.response.status, 400);
  assert.match(missing.json.error.message, /Mcp-Name/);
  const encoded = await callMcp(body, modernHeaders("tools/call", `=?base64?${btoa("echo")}?=`));
  assert.equal(encoded.response.status, 200);
  const broken = await callMcp(body, modernHeaders("tools/call", "=?base64?ZWNo!!?="));
  assert.equal(broken.json.error.code, -32020);
});

Deno.test("methods outside 2026-07-28 (initialize, ping, logging, unknown) are 404 with -32601", async () => {
  for (const method of ["initialize", "ping", "logging/setLevel", "unknown/method"]) {
    const { response, json } = await callMcp(
      rpc(500, method, { _meta: modernMeta() }),
      modernHeaders(method),
    );
    assert.equal(response.status, 404, method);
    assert.equal(json.id, 500);
    assert.equal(json.error.code, -32601, method);
  }
});

Deno.test("resource and prompt lists are empty in every era, with cache hints under 2026-07-28", async () => {
  const lists = { "resources/list": "resources", "resources/templates/list": "resourceTemplates" };
  for (const [method, key] of Object.entries({ ...lists, "prompts/list": "prompts" })) {
    const modern = await callMcp(rpc(1, method, { _meta: modernMeta() }), modernHeaders(method));
    assert.equal(modern.response.status, 200, method);
    assert.deepEqual(modern.json.result[key], [], method);
    assert.equal(modern.json.result.cacheScope, "public", method);
    assert.ok(Number.isInteger(modern.json.result.ttlMs), method);
    assert.equal(modern.json.result.resultType, "complete", method);
    for (const version of ["2025-11-25", "2024-11-05"]) {
      const legacy = await callMcp(rpc(2, method), { "mcp-protocol-version": version });
      assert.deepEqual(legacy.json.result, { [key]: [] }, `${method} ${version}`);
    }
  }
});

Deno.test("resources/read of any URI is a not-found error naming it: -32602 under 2026-07-28 (SEP-2164)", async () => {
  const uri = "test://nothing-here";
  const modern = await callMcp(
    rpc(1, "resources/read", { uri, _meta: modernMeta() }),
    modernHeaders("resources/read", uri),
  );
  assert.equal(modern.response.status, 200);
  assert.equal(modern.json.error.code, -32602);
  assert.deepEqual(modern.json.error.data, { uri });
  const legacy = await callMcp(rpc(2, "resources/read", { uri }), {
    "mcp-protocol-version": "2025-11-25",
  });
  assert.ok([-32002, -32602].includes(legacy.json.error.code), String(legacy.json.error.code));
  assert.deepEqual(legacy.json.error.data, { uri });
  const unnamed = await callMcp(rpc(3, "resources/read", {}));
  assert.equal(unnamed.json.error.code, -32602);
});

Deno.test("a 2026-07-28 notification is accepted with 202", async () => {
  const { response } = await callMcp(
    { jsonrpc: "2.0", method: "notifications/something" },
    { "mcp-protocol-version": "2026-07-28" },
  );
  assert.equal(response.status, 202);
});

Deno.test("a batch holding a 2026-07-28 request is refused with -32600 (batches are handshake-era)", async () => {
  const { response, json } = await callMcp([
    rpc(1, "ping"),
    rpc(2, "tools/list", { _meta: modernMeta() }),
  ], { "mcp-protocol-version": "2026-07-28" });
  assert.equal(response.status, 400);
  assert.equal(json.error.code, -32600);
});

Deno.test("subscriptions/listen is refused: no list ever changes, so no stream is opened", async () => {
  const { response, json } = await callMcp(
    rpc(1, "subscriptions/listen", { filter: { toolsListChanged: true }, _meta: modernMeta() }),
    modernHeaders("subscriptions/listen"),
  );
  assert.equal(response.status, 404);
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(json.error.code, -32601);
});
