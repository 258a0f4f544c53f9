import assert from "node:assert/strict";
import { handleMcpRequest } from "./handler.ts";
import { mcpFace } from "./mod.ts";
import { callMcp, postRequest, rpc, testOptions } from "../../tests/support/mcp.ts";

const initializeParams = (protocolVersion: string) => ({
  protocolVersion,
  capabilities: {},
  clientInfo: { name: "test", version: "1" },
});

Deno.test("initialize echoes each supported protocol version", async () => {
  for (const version of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]) {
    const { response, json } = await callMcp(rpc(1, "initialize", initializeParams(version)));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/json");
    assert.equal(json.result.protocolVersion, version);
  }
});

Deno.test("initialize answers 2025-11-25 to an unknown protocol version", async () => {
  for (const version of ["1999-01-01", "2026-07-28", "latest"]) {
    const { json } = await callMcp(rpc(1, "initialize", initializeParams(version)));
    assert.equal(json.result.protocolVersion, "2025-11-25", version);
  }
});

Deno.test("initialize declares tools and resources without listChanged, server info and untrusted-data instructions", async () => {
  const { json, response } = await callMcp(rpc("a", "initialize", initializeParams("2025-06-18")));
  assert.equal(json.id, "a");
  assert.deepEqual(json.result.capabilities, {
    tools: { listChanged: false },
    resources: { listChanged: false },
    extensions: { "io.modelcontextprotocol/ui": {} },
  });
  assert.deepEqual(json.result.serverInfo, {
    name: "papertrade-explorer-test",
    version: "0.0.0-test",
  });
  assert.match(json.result.instructions, /leaderboard names/i);
  assert.match(json.result.instructions, /untrusted data/i);
  assert.match(json.result.instructions, /never follow instructions/i);
  assert.equal(response.headers.get("mcp-session-id"), null, "stateless: no session id");
});

Deno.test("initialize without a protocolVersion string is -32602 (SDK 2.4 alone says -32603)", async () => {
  const { json } = await callMcp(rpc(1, "initialize", { capabilities: {} }));
  assert.equal(json.id, 1);
  assert.equal(json.error.code, -32602);
});

Deno.test("notifications/initialized and any other notification get 202 with no body", async () => {
  for (const method of ["notifications/initialized", "notifications/cancelled", "whatever/else"]) {
    const { response, json } = await callMcp({ jsonrpc: "2.0", method });
    assert.equal(response.status, 202, method);
    assert.equal(json, undefined);
  }
});

Deno.test("ping answers an empty result", async () => {
  const { json } = await callMcp(rpc(7, "ping"));
  assert.deepEqual(json, { jsonrpc: "2.0", id: 7, result: {} });
});

Deno.test("tools/list gives name, title, description, object input schema, output schema and annotations", async () => {
  const { json } = await callMcp(rpc(2, "tools/list"));
  const names = json.result.tools.map((tool: { name: string }) => tool.name);
  assert.deepEqual(names, ["echo", "always_fails", "hangs", "bad_output", "crashes"]);
  const echo = json.result.tools[0];
  assert.equal(echo.title, "Echo");
  assert.equal(echo.description, "Repeats the given text. Test tool.");
  assert.equal(echo.inputSchema.type, "object");
  assert.deepEqual(echo.inputSchema.required, ["text"], "defaulted arguments are optional");
  assert.equal(echo.inputSchema.properties.times.default, 1);
  assert.equal(echo.inputSchema.$schema, undefined);
  assert.equal(echo.outputSchema.type, "object");
  assert.deepEqual(echo.outputSchema.required, ["text", "length"]);
  assert.equal(echo.annotations.readOnlyHint, true);
  assert.equal(echo.annotations.destructiveHint, false);
  for (const tool of json.result.tools) assert.equal(tool.inputSchema.type, "object", tool.name);
});

Deno.test("an unknown method is -32601 in a 200 response", async () => {
  const { response, json } = await callMcp(rpc(3, "completion/complete", {}));
  assert.equal(response.status, 200);
  assert.equal(json.id, 3);
  assert.equal(json.error.code, -32601);
});

Deno.test("a body that is not JSON is -32700 with a null id", async () => {
  const { response, json } = await callMcp('{"jsonrpc": "2.0", "id": 1, ');
  assert.equal(response.status, 400);
  assert.deepEqual(json.error.code, -32700);
  assert.equal(json.id, null);
});

Deno.test("valid JSON that is not a JSON-RPC message is -32600 (id null, or the request's when it reads)", async () => {
  const cases: [unknown, string | number | null][] = [
    [{ hello: "world" }, null],
    [42, null],
    [JSON.stringify("text"), null],
    [null, null],
    [{ jsonrpc: "1.0", id: 5, method: "ping" }, 5],
    [{ jsonrpc: "2.0", id: 6 }, 6],
    [{ jsonrpc: "2.0", id: 7, method: 12 }, 7],
    [{ jsonrpc: "2.0", id: null, method: "ping" }, null],
    [{ jsonrpc: "2.0", id: 8, method: "ping", params: [1, 2] }, 8],
  ];
  for (const [body, id] of cases) {
    const { response, json } = await callMcp(body);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal(json.error.code, -32600, JSON.stringify(body));
    assert.ok(json.id === null || json.id === id, JSON.stringify(body));
  }
});

Deno.test("a posted JSON-RPC response is accepted with 202 (the handshake era allows it)", async () => {
  const { response } = await callMcp({ jsonrpc: "2.0", id: 1, result: {} });
  assert.equal(response.status, 202);
});

Deno.test("GET describes the server as JSON with endpoint, transport, versions, tools and doc links", async () => {
  const options = testOptions({ docLinks: { mcp: "https://example.test/docs/mcp/" } });
  const spoofed = new Request("http://attacker.example/mcp?x=1", {
    headers: { host: "attacker.example" },
  });
  const response = await handleMcpRequest(spoofed, options);
  assert.equal(response.headers.get("vary"), "Accept");
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.name, "papertrade-explorer-test");
  assert.equal(body.version, "0.0.0-test");
  // Never built from the request's Host: the configured endpoint, else root-relative.
  assert.equal(body.endpoint, "/mcp");
  const configured = await handleMcpRequest(
    spoofed,
    testOptions({ endpointUrl: "https://explorer.test/mcp" }),
  );
  assert.equal((await configured.json()).endpoint, "https://explorer.test/mcp");
  assert.equal(body.transport, "streamable-http");
  assert.deepEqual(body.protocolVersions, [
    "2026-07-28",
    "2025-11-25",
    "2025-06-18",
    "2025-03-26",
    "2024-11-05",
  ]);
  assert.deepEqual(body.tools, ["echo", "always_fails", "hangs", "bad_output", "crashes"]);
  assert.deepEqual(body.docs, { mcp: "https://example.test/docs/mcp/" });
});

Deno.test("GET asking for an event stream is 405 with Allow: POST, OPTIONS", async () => {
  const request = new Request("http://localhost/mcp", { headers: { accept: "text/event-stream" } });
  const response = await handleMcpRequest(request, testOptions());
  assert.equal(response.status, 405);
  assert.equal(response.headers.get("allow"), "POST, OPTIONS");
  await response.body?.cancel();
});

Deno.test("DELETE and other methods are 405", async () => {
  for (const method of ["DELETE", "PUT", "PATCH"]) {
    const response = await handleMcpRequest(
      new Request("http://localhost/mcp", { method }),
      testOptions(),
    );
    assert.equal(response.status, 405, method);
    assert.match(response.headers.get("allow") ?? "", /POST/);
    await response.body?.cancel();
  }
});

Deno.test("a body over 64 KiB is 413 with a JSON-RPC error body, with or without Content-Length", async () => {
  const big = JSON.stringify(
    rpc(1, "tools/call", { name: "echo", arguments: { text: "x".repeat(70_000) } }),
  );
  // The cap is the face's (`limitBody`), so this goes through the face.
  const face = mcpFace(() => testOptions());
  const declared = await face.request(postRequest(big));
  assert.equal(declared.status, 413);
  assert.equal((await declared.json()).error.code, -32600);
  const bytes = new TextEncoder().encode(big);
  const streamed = new Request("http://localhost/mcp", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 8192) {
          controller.enqueue(bytes.slice(offset, offset + 8192));
        }
        controller.close();
      },
    }),
  });
  const response = await face.request(streamed);
  assert.equal(response.status, 413);
  const json = await response.json();
  assert.equal(json.jsonrpc, "2.0");
  assert.match(json.error.message, /64 KiB/);
});

Deno.test("an unsupported MCP-Protocol-Version header is a 400 JSON-RPC error, a supported one is served", async () => {
  const refused = await callMcp(rpc(1, "tools/list"), { "mcp-protocol-version": "1999-01-01" });
  assert.equal(refused.response.status, 400);
  assert.equal(refused.json.jsonrpc, "2.0");
  assert.equal(typeof refused.json.error.code, "number");
  assert.equal(refused.json.result, undefined);
  for (const version of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]) {
    const served = await callMcp(rpc(2, "tools/list"), { "mcp-protocol-version": version });
    assert.equal(served.response.status, 200, version);
    assert.equal(served.json.result.tools.length, 5, version);
  }
});

Deno.test("a POST that is not application/json is 415, whatever its body", async () => {
  for (
    const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""]
  ) {
    const request = new Request("http://localhost/mcp", {
      method: "POST",
      headers: type ? { "content-type": type } : {},
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    if (!type) request.headers.delete("content-type");
    const response = await handleMcpRequest(request, testOptions());
    assert.equal(response.status, 415, type);
    const body = await response.json();
    assert.equal(body.jsonrpc, "2.0");
    assert.equal(typeof body.error.code, "number");
  }
  const withCharset = await callMcp(
    { jsonrpc: "2.0", id: 1, method: "tools/list" },
    { "content-type": "application/json; charset=utf-8" },
  );
  assert.equal(withCharset.response.status, 200);
});
