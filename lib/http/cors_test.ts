import assert from "node:assert/strict";
import { CORS_ALLOW_HEADERS, preflightResponse, withCors } from "./cors.ts";

Deno.test("withCors adds allow-origin * and the exposed headers without touching the rest", async () => {
  const original = new Response("hello", { status: 418, headers: { "x-kept": "yes" } });
  const response = withCors(original);
  assert.equal(response.status, 418);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.equal(
    response.headers.get("access-control-expose-headers"),
    "mcp-protocol-version, mcp-session-id, retry-after",
  );
  assert.equal(response.headers.get("x-kept"), "yes");
  assert.equal(await response.text(), "hello");
});

Deno.test("a preflight is a 204 allowing the given methods and every MCP request header", () => {
  const response = preflightResponse(["POST", "OPTIONS"]);
  assert.equal(response.status, 204);
  assert.equal(response.body, null);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.equal(response.headers.get("access-control-allow-methods"), "POST, OPTIONS");
  const allowed: string[] = response.headers.get("access-control-allow-headers")!.split(", ");
  for (
    const header of [
      "mcp-protocol-version",
      "mcp-method",
      "mcp-name",
      "last-event-id",
      "authorization",
    ]
  ) {
    assert.ok(allowed.includes(header), header);
  }
  assert.deepEqual(allowed, [...CORS_ALLOW_HEADERS]);
});
