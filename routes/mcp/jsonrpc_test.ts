import assert from "node:assert/strict";
import { classifyMessage, errorResponse } from "./jsonrpc.ts";

Deno.test("messages are sorted into request, notification, response and invalid", () => {
  assert.equal(classifyMessage({ jsonrpc: "2.0", id: 1, method: "ping" }).kind, "request");
  assert.equal(
    classifyMessage({ jsonrpc: "2.0", id: "a", method: "ping", params: {} }).kind,
    "request",
  );
  assert.equal(
    classifyMessage({ jsonrpc: "2.0", method: "notifications/initialized" }).kind,
    "notification",
  );
  assert.equal(classifyMessage({ jsonrpc: "2.0", id: 1, result: {} }).kind, "response");
  assert.equal(
    classifyMessage({ jsonrpc: "2.0", id: 1, error: { code: 1, message: "x" } }).kind,
    "response",
  );
  assert.deepEqual(classifyMessage({ jsonrpc: "2.0", id: 1, result: {}, error: {} }), {
    kind: "invalid",
    id: 1,
    reason: 'a JSON-RPC request needs a "method" string',
  });
  assert.equal(classifyMessage({ jsonrpc: "2.0", id: true, method: "ping" }).kind, "invalid");
});

Deno.test("error responses leave out undefined data", () => {
  assert.deepEqual(errorResponse(3, { code: -32601, message: "nope" }), {
    jsonrpc: "2.0",
    id: 3,
    error: { code: -32601, message: "nope" },
  });
  assert.deepEqual(errorResponse(null, { code: -1, message: "m", data: { a: 1 } }).id, null);
});
