import assert from "node:assert/strict";
import { acceptedMediaTypes, acceptsOnlyEventStream } from "./handler.ts";
import { handleMcpRequest } from "./handler.ts";
import { postRequest, rpc, testOptions } from "../../tests/support/mcp.ts";

Deno.test("the response is JSON unless the client accepts only text/event-stream", () => {
  assert.equal(acceptsOnlyEventStream("text/event-stream"), true);
  assert.equal(acceptsOnlyEventStream("text/event-stream; charset=utf-8"), true);
  assert.equal(acceptsOnlyEventStream("application/json, text/event-stream"), false);
  assert.equal(acceptsOnlyEventStream("text/event-stream, */*"), false);
  assert.equal(acceptsOnlyEventStream("text/event-stream, application/json;q=0"), true);
  assert.equal(acceptsOnlyEventStream(null), false);
  assert.equal(acceptsOnlyEventStream("application/json"), false);
  assert.deepEqual(acceptedMediaTypes(" Application/JSON ; q=0.5, text/html").sort(), [
    "application/json",
    "text/html",
  ]);
});

Deno.test("a request accepting only event streams gets one SSE message event with the response", async () => {
  const request = postRequest(rpc(5, "tools/call", { name: "echo", arguments: { text: "sse" } }), {
    accept: "text/event-stream",
  });
  const response = await handleMcpRequest(request, testOptions());
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const text = await response.text();
  const lines = text.split("\n");
  assert.equal(lines[0], "event: message");
  assert.ok(lines[1].startsWith("data: "));
  assert.ok(text.endsWith("\n\n"));
  const message = JSON.parse(lines[1].slice("data: ".length));
  assert.equal(message.id, 5);
  assert.deepEqual(message.result.structuredContent, { text: "sse", length: 3 });
});

Deno.test("a client accepting both gets plain JSON", async () => {
  const request = postRequest(rpc(1, "ping"), { accept: "application/json, text/event-stream" });
  const response = await handleMcpRequest(request, testOptions());
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.deepEqual(await response.json(), { jsonrpc: "2.0", id: 1, result: {} });
});

Deno.test("errors before dispatch stay JSON even for SSE-only clients", async () => {
  const request = postRequest("not json", { accept: "text/event-stream" });
  const response = await handleMcpRequest(request, testOptions());
  assert.equal(response.status, 400);
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal((await response.json()).error.code, -32700);
});
