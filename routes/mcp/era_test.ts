import assert from "node:assert/strict";
import { decideEra } from "./era.ts";
import type { JsonRpcCall } from "./jsonrpc.ts";
import { modernMeta } from "../../tests/support/mcp.ts";

const request = (params?: Record<string, unknown>): JsonRpcCall => ({
  id: 1,
  method: "tools/list",
  params,
});
const notification = (params?: Record<string, unknown>): JsonRpcCall => ({
  method: "notifications/x",
  params,
});

Deno.test("without header or claim a message is handshake-era 2025-03-26", () => {
  assert.deepEqual(decideEra(request(), undefined), { kind: "legacy", version: "2025-03-26" });
});

Deno.test("a handshake-era header selects that revision", () => {
  assert.deepEqual(decideEra(request(), "2025-11-25"), { kind: "legacy", version: "2025-11-25" });
});

Deno.test("a matching 2026-07-28 claim and header is stateless-era", () => {
  assert.deepEqual(decideEra(request({ _meta: modernMeta() }), "2026-07-28"), {
    kind: "modern",
    version: "2026-07-28",
  });
});

Deno.test("rejections: mismatch and missing header -32020, unknown version -32022, missing envelope -32602", () => {
  const code = (call: JsonRpcCall, header: string | undefined) => {
    const decision = decideEra(call, header);
    return decision.kind === "reject"
      ? [decision.rejection.status, decision.rejection.code]
      : decision.kind;
  };
  assert.deepEqual(code(request({ _meta: modernMeta() }), "2025-06-18"), [400, -32020]);
  assert.deepEqual(code(request({ _meta: modernMeta() }), undefined), [400, -32020]);
  assert.deepEqual(code(request({ _meta: modernMeta("2030-01-01") }), "2030-01-01"), [400, -32022]);
  assert.deepEqual(code(request(), "2030-01-01"), [400, -32022]);
  assert.deepEqual(code(request(), "2026-07-28"), [400, -32602]);
  assert.deepEqual(
    code(request({ _meta: { "io.modelcontextprotocol/protocolVersion": 5 } }), "5"),
    [400, -32602],
  );
  const badInfo = { ...modernMeta(), "io.modelcontextprotocol/clientInfo": { name: "x" } };
  assert.deepEqual(code(request({ _meta: badInfo }), "2026-07-28"), [400, -32602]);
  const badCaps = { ...modernMeta(), "io.modelcontextprotocol/clientCapabilities": [] };
  assert.deepEqual(code(request({ _meta: badCaps }), "2026-07-28"), [400, -32602]);
});

Deno.test("a notification with a 2026-07-28 header needs no envelope", () => {
  assert.deepEqual(decideEra(notification(), "2026-07-28"), {
    kind: "modern",
    version: "2026-07-28",
  });
});
