/**
 * The official SDK `Client` over Streamable HTTP against the real app's `/mcp` and the replay
 * upstream: it lists the eleven tools and calls each one, once with JSON responses and once with
 * SSE responses. The SDK checks `structuredContent` against each tool's advertised JSON Schema
 * outputSchema itself (a mismatch rejects callTool); we also check it against the zod schema.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/index.d.ts"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp.d.ts"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { TOOLS } from "../tools/registry.ts";
import { withTestApp } from "./harness.ts";
import { assertMatchesOutputSchema, TOOL_CASES } from "./_tool_cases.ts";

interface ListedTool {
  name: string;
  inputSchema: { type?: string };
  outputSchema?: { type?: string };
  annotations?: { readOnlyHint?: boolean };
}

interface Seen {
  accept: string | null;
  contentType: string | null;
}

/** A fetch that records each POST's Accept and answer type, optionally forcing SSE-only Accept. */
function recordingFetch(seen: Seen[], sseOnly: boolean) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const post = (init?.method ?? "GET") === "POST";
    if (post && sseOnly) headers.set("accept", "text/event-stream");
    const response = await fetch(input, { ...init, headers });
    if (post) {
      seen.push({
        accept: headers.get("accept"),
        contentType: response.headers.get("content-type"),
      });
    }
    return response;
  };
}

async function listAndCallEveryTool(url: URL, sseOnly: boolean): Promise<Seen[]> {
  const seen: Seen[] = [];
  const client = new Client({ name: "papertrade-explorer-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: recordingFetch(seen, sseOnly),
  });
  await client.connect(transport);
  try {
    assert.equal(client.getServerVersion()?.name, "papertrade-explorer");
    assert.deepEqual(client.getServerCapabilities(), {
      tools: { listChanged: false },
      resources: { listChanged: false },
      extensions: { "io.modelcontextprotocol/ui": {} },
    });
    assert.match(client.getInstructions() ?? "", /untrusted/i);
    const { tools } = await client.listTools();
    const listed: ListedTool[] = tools;
    assert.deepEqual(listed.map((tool) => tool.name), TOOLS.map((tool) => tool.name));
    for (const tool of listed) {
      assert.equal(tool.inputSchema.type, "object", tool.name);
      assert.equal(tool.outputSchema?.type, "object", tool.name);
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
    }
    for (const testCase of TOOL_CASES) {
      const result = await client.callTool({ name: testCase.name, arguments: testCase.arguments });
      const text = JSON.stringify(result.content).slice(0, 300);
      assert.notEqual(result.isError, true, `${testCase.name} failed: ${text}`);
      assert.ok(result.structuredContent, `${testCase.name} has no structuredContent`);
      assertMatchesOutputSchema(testCase.name, result.structuredContent);
      testCase.check(result.structuredContent);
      const content = result.content as { type: string; text?: string }[];
      assert.equal(content[0]?.type, "text", testCase.name);
      assert.ok((content[0]?.text ?? "").length > 0, testCase.name);
    }
  } finally {
    await client.close();
  }
  return seen;
}

Deno.test("the SDK client lists the eleven tools and calls each one with JSON responses", async () => {
  await withTestApp(async (app) => {
    const seen = await listAndCallEveryTool(app.mcpUrl, false);
    const answered = seen.filter((entry) => entry.contentType !== null);
    assert.ok(answered.length >= TOOL_CASES.length + 2);
    for (const entry of answered) {
      assert.match(entry.accept ?? "", /application\/json/);
      assert.match(entry.contentType ?? "", /^application\/json/);
    }
  });
});

Deno.test("the SDK client lists the eleven tools and calls each one with SSE responses", async () => {
  await withTestApp(async (app) => {
    const seen = await listAndCallEveryTool(app.mcpUrl, true);
    const answered = seen.filter((entry) => entry.contentType !== null);
    assert.ok(answered.length >= TOOL_CASES.length + 2);
    for (const entry of answered) assert.equal(entry.accept, "text/event-stream");
    // The initialized notification gets a bodiless 202; every request is one SSE event.
    const sse = answered.filter((entry) => entry.contentType === "text/event-stream");
    assert.ok(sse.length >= TOOL_CASES.length + 2, JSON.stringify(answered));
  });
});
