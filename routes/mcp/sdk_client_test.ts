/**
 * The official SDK client against our handler over real HTTP: listing and calling tools, with
 * JSON responses and (by forcing an SSE-only Accept header) with SSE responses.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/index.d.ts"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp.d.ts"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { handleMcpRequest } from "./handler.ts";
import { testOptions } from "../../tests/support/mcp.ts";

async function withServer(
  run: (url: URL, seen: { accept: string | null; contentType: string | null }[]) => Promise<void>,
): Promise<void> {
  const seen: { accept: string | null; contentType: string | null }[] = [];
  const options = testOptions();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const response = await handleMcpRequest(request, options);
      if (request.method === "POST") {
        seen.push({
          accept: request.headers.get("accept"),
          contentType: response.headers.get("content-type"),
        });
      }
      return response;
    },
  );
  try {
    await run(new URL(`http://127.0.0.1:${server.addr.port}/mcp`), seen);
    assert.deepEqual(options.faults, []);
  } finally {
    await server.shutdown();
  }
}

/** A fetch that rewrites Accept on POSTs, to make the server answer with SSE. */
function sseOnlyFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  if ((init?.method ?? "GET") === "POST") headers.set("accept", "text/event-stream");
  return fetch(input, { ...init, headers });
}

async function exercise(client: Client): Promise<void> {
  assert.equal(client.getServerVersion()?.name, "papertrade-explorer-test");
  assert.deepEqual(client.getServerCapabilities(), {
    tools: { listChanged: false },
    resources: { listChanged: false },
    extensions: { "io.modelcontextprotocol/ui": {} },
  });
  assert.match(client.getInstructions() ?? "", /untrusted data/);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool: { name: string }) => tool.name), [
    "echo",
    "always_fails",
    "hangs",
    "bad_output",
    "crashes",
  ]);
  assert.equal(tools[0].inputSchema.type, "object");
  assert.equal(tools[0].outputSchema?.type, "object");
  // callTool validates structuredContent against outputSchema itself and throws on mismatch.
  const result = await client.callTool({ name: "echo", arguments: { text: "sdk", times: 2 } });
  assert.deepEqual(result.structuredContent, { text: "sdk sdk", length: 7 });
  assert.deepEqual(result.content, [{ type: "text", text: "Echo: sdk sdk" }]);
  const failed = await client.callTool({ name: "always_fails", arguments: {} });
  assert.equal(failed.isError, true);
  // The SDK negotiates 2025-11-25, so invalid arguments come back as an isError result.
  const invalid = await client.callTool({ name: "echo", arguments: {} });
  assert.equal(invalid.isError, true);
  await assert.rejects(
    client.callTool({ name: "missing", arguments: {} }),
    /Unknown tool 'missing'/,
  );
  await client.ping();
}

/** Connects an SDK client over `transport`, runs {@link exercise} and closes it. */
async function connectAndExercise(transport: StreamableHTTPClientTransport): Promise<void> {
  const client = new Client({ name: "sdk-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    await exercise(client);
  } finally {
    await client.close();
  }
}

Deno.test("the SDK client lists and calls tools over JSON responses", async () => {
  await withServer(async (url, seen) => {
    await connectAndExercise(new StreamableHTTPClientTransport(url));
    const answered = seen.filter((entry) => entry.contentType !== null);
    assert.ok(answered.length >= 5);
    assert.ok(answered.every((entry) => entry.contentType === "application/json"));
  });
});

Deno.test("the SDK client lists and calls tools over SSE responses", async () => {
  await withServer(async (url, seen) => {
    await connectAndExercise(new StreamableHTTPClientTransport(url, { fetch: sseOnlyFetch }));
    const answered = seen.filter((entry) => entry.contentType !== null);
    assert.ok(answered.length >= 5);
    assert.ok(answered.every((entry) => entry.accept === "text/event-stream"));
    assert.ok(answered.every((entry) => entry.contentType === "text/event-stream"));
  });
});
