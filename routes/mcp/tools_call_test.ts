import assert from "node:assert/strict";
import { callMcp, rpc, testOptions } from "../../tests/support/mcp.ts";
import { describeTool } from "./server.ts";
import { TOOLS } from "../../tools/registry.ts";

const call = (name: string, args?: unknown) =>
  rpc(1, "tools/call", args === undefined ? { name } : { name, arguments: args });

Deno.test("a successful call returns text content and structuredContent matching the output schema", async () => {
  const { json } = await callMcp(call("echo", { text: "hi", times: 2 }));
  assert.deepEqual(json.result, {
    content: [{ type: "text", text: "Echo: hi hi" }],
    structuredContent: { text: "hi hi", length: 5 },
  });
});

Deno.test("an unknown tool is a -32602 error that lists the valid tools", async () => {
  const { response, json } = await callMcp(call("nope"));
  assert.equal(response.status, 200);
  assert.equal(json.error.code, -32602);
  assert.match(json.error.message, /Unknown tool 'nope'/);
  assert.match(json.error.message, /echo, always_fails, hangs, bad_output, crashes/);
});

Deno.test("arguments failing the schema are -32602 naming the argument and the problem", async () => {
  const { json } = await callMcp(call("echo", { times: 9 }));
  assert.equal(json.error.code, -32602);
  assert.match(json.error.message, /argument 'text' is required \(expected string\)/);
  assert.match(json.error.message, /argument 'times': .*5/);
});

Deno.test("clients of 2025-11-25 get invalid arguments as an isError result instead (SEP-1303)", async () => {
  const { json } = await callMcp(call("echo", {}), { "mcp-protocol-version": "2025-11-25" });
  assert.equal(json.result.isError, true);
  assert.match(json.result.content[0].text, /argument 'text' is required/);
  const older = await callMcp(call("echo", {}), { "mcp-protocol-version": "2025-06-18" });
  assert.equal(older.json.error.code, -32602);
});

Deno.test("arguments that are not an object are -32602; missing arguments mean {}", async () => {
  const { json } = await callMcp(call("echo", ["hi"]));
  assert.equal(json.error.code, -32602);
  const missing = await callMcp(call("always_fails"));
  assert.equal(missing.json.result.isError, true);
});

Deno.test("a ToolError becomes an isError result carrying its message", async () => {
  const { response, json } = await callMcp(call("always_fails", {}));
  assert.equal(response.status, 200);
  assert.deepEqual(json.result, {
    content: [{ type: "text", text: "The upstream API answered 503; try again later." }],
    isError: true,
  });
});

Deno.test("a tool that outlives the timeout is aborted and reported as an isError result", async () => {
  const options = testOptions({ toolTimeoutMs: 30 });
  const { json } = await callMcp(call("hangs", {}), {}, options);
  assert.equal(json.result.isError, true);
  assert.match(json.result.content[0].text, /\b0\.03 s\b/, "the text gives the timeout");
  assert.equal(options.faults.length, 0, "a timeout is not a server fault");
});

Deno.test("a result off the output schema is a server bug reported as isError and to onError", async () => {
  const options = testOptions();
  const { json } = await callMcp(call("bad_output", {}), {}, options);
  assert.equal(json.result.isError, true);
  assert.equal(json.result.structuredContent, undefined);
  assert.match(json.result.content[0].text, /\bbad_output\b/, "the text names the tool");
  assert.equal(options.faults.length, 1);
});

Deno.test("an unexpected exception is an isError result without internals, reported to onError", async () => {
  const options = testOptions();
  const { json } = await callMcp(call("crashes", {}), {}, options);
  assert.equal(json.result.isError, true);
  assert.doesNotMatch(json.result.content[0].text, /boom/);
  assert.equal((options.faults[0] as Error).message, "boom");
});

Deno.test("the MCP layer can describe every tool (JSON Schema renders for input and output)", () => {
  for (const tool of TOOLS) {
    const descriptor = describeTool(tool);
    assert.equal(descriptor.name, tool.name);
    assert.equal(descriptor.inputSchema.type, "object");
    assert.equal(descriptor.outputSchema.type, "object");
  }
});
