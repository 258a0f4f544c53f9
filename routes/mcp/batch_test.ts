import assert from "node:assert/strict";
import { createRateLimiter } from "../../lib/http/rate_limit.ts";
import { callMcp, modernMeta, rpc, testOptions } from "../../tests/support/mcp.ts";

Deno.test("a batch of 20 requests gets 20 responses in order", async () => {
  const batch = Array.from({ length: 20 }, (_, index) => rpc(index, "ping"));
  const { response, json } = await callMcp(batch);
  assert.equal(response.status, 200);
  assert.equal(json.length, 20);
  assert.deepEqual(json.map((item: { id: number }) => item.id), batch.map((item) => item.id));
});

Deno.test("a batch of 21 is one -32600 error response", async () => {
  const batch = Array.from({ length: 21 }, (_, index) => rpc(index, "ping"));
  const { response, json } = await callMcp(batch);
  assert.equal(response.status, 400);
  assert.equal(Array.isArray(json), false);
  assert.equal(json.error.code, -32600);
  assert.match(json.error.message, /at most 20/);
});

Deno.test("an empty batch is one -32600 error response", async () => {
  const { response, json } = await callMcp([]);
  assert.equal(response.status, 400);
  assert.equal(json.id, null);
  assert.equal(json.error.code, -32600);
});

Deno.test("a mixed batch answers its requests only, in order, each with its own result or error", async () => {
  const { json } = await callMcp([
    { jsonrpc: "2.0", method: "notifications/initialized" },
    rpc(2, "tools/call", { name: "echo", arguments: { text: "a" } }),
    rpc(3, "tools/call", { name: "nope" }),
    rpc(4, "nope"),
  ]);
  assert.deepEqual(json.map((reply: { id: number }) => reply.id), [2, 3, 4]);
  assert.equal(json[0].result.structuredContent.text, "a");
  assert.equal(json[1].error.code, -32602);
  assert.equal(json[2].error.code, -32601);
});

Deno.test("a batch with an element that is not a JSON-RPC message reports it with -32600", async () => {
  const { json } = await callMcp([rpc(1, "ping"), { jsonrpc: "2.0", id: 3 }]);
  // Refused whole (the SDK) or answered per element (JSON-RPC allows both): either way -32600.
  const replies: { error?: { code: number } }[] = Array.isArray(json) ? json : [json];
  assert.ok(replies.some((reply) => reply.error?.code === -32600), JSON.stringify(json));
});

Deno.test("a batch of only notifications is 202 with no body", async () => {
  const { response, json } = await callMcp([
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
  ]);
  assert.equal(response.status, 202);
  assert.equal(json, undefined);
});

Deno.test("a batch is answered as one SSE event when the client accepts only event streams", async () => {
  const { handleMcpRequest } = await import("./handler.ts");
  const { postRequest } = await import("../../tests/support/mcp.ts");
  const request = postRequest([rpc(1, "ping"), rpc(2, "ping")], { accept: "text/event-stream" });
  const response = await handleMcpRequest(request, testOptions());
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const text = await response.text();
  assert.equal(text.match(/^event: message$/gm)?.length, 1);
  assert.equal(JSON.parse(text.split("data: ")[1]).length, 2);
});

Deno.test("each tools/call in a batch counts against the rate limit; an over-budget batch is 429 whole", async () => {
  const limiter = createRateLimiter({ limit: 5, now: () => 10_000 });
  const options = testOptions({ limiter, clientKey: "203.0.113.9" });
  const calls = (count: number, first: number) =>
    Array.from(
      { length: count },
      (_, index) => rpc(first + index, "tools/call", { name: "echo", arguments: { text: "x" } }),
    );
  const ok = await callMcp([...calls(3, 0), rpc(99, "tools/list")], {}, options);
  assert.equal(ok.response.status, 200);
  assert.equal(ok.json.length, 4);
  const refused = await callMcp(calls(3, 10), {}, options);
  assert.equal(refused.response.status, 429);
  // 3 spent, 2 left: the third call of this batch fits once the first three leave the window.
  assert.equal(refused.response.headers.get("retry-after"), "60");
  assert.equal(refused.json.error.code, -32000);
  assert.match(refused.json.error.message, /needed 3 tool calls; 2 left/);
  assert.deepEqual(refused.json.error.data, {
    limit: 5,
    windowSeconds: 60,
    retryAfterSeconds: 60,
    requestedCalls: 3,
  });
  const fits = await callMcp(calls(2, 20), {}, options);
  assert.equal(fits.response.status, 200, "the refused batch spent nothing");
  const single = await callMcp(
    rpc(30, "tools/call", { name: "echo", arguments: { text: "x" } }),
    {},
    options,
  );
  assert.equal(single.response.status, 429);
  assert.equal(single.json.id, 30);
  const free = await callMcp(rpc(31, "tools/list"), {}, options);
  assert.equal(free.response.status, 200, "only tool calls count");
});

Deno.test("a tool call the protocol refuses before dispatch spends no budget", async () => {
  const limiter = createRateLimiter({ limit: 1, now: () => 10_000 });
  const options = testOptions({ limiter, clientKey: "203.0.113.10" });
  const echo = (id: number, extra: Record<string, unknown> = {}) =>
    rpc(id, "tools/call", { name: "echo", arguments: { text: "x" }, ...extra });
  const unsupported = await callMcp(echo(1), { "mcp-protocol-version": "1999-01-01" }, options);
  assert.equal(unsupported.response.status, 400);
  const disagreeing = await callMcp(
    echo(2, { _meta: modernMeta() }),
    { "mcp-protocol-version": "2025-06-18", "mcp-method": "tools/call", "mcp-name": "echo" },
    options,
  );
  assert.equal(disagreeing.response.status, 400);
  const served = await callMcp(echo(3), {}, options);
  assert.equal(served.response.status, 200, "the budget of 1 is still whole");
  assert.equal((await callMcp(echo(4), {}, options)).response.status, 429);
});
