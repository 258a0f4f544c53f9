/**
 * One test per row of the MCP protocol table (`docs/mcp.md`, "Protocol"), through the real
 * app's `/mcp` over HTTP, with the real tools behind it.
 */
import assert from "node:assert/strict";
import { TOOLS } from "../tools/registry.ts";
import { withTestApp } from "./harness.ts";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "../lib/http/cors.ts";
import { initializeParams, postMcp, rpc, sseMessages } from "./support/mcp_rpc.ts";

const V = { "mcp-protocol-version": "2025-06-18" };

Deno.test("Methods: initialize, initialized, ping, tools/list, tools/call and empty resource and prompt lists all answer", async () => {
  await withTestApp(async (app) => {
    const init = await postMcp(app, rpc(1, "initialize", initializeParams("2025-06-18")));
    assert.equal(init.response.status, 200);
    assert.equal(init.json.result.serverInfo.name, "papertrade-explorer");
    assert.match(init.json.result.instructions, /untrusted/i);
    const initialized = await postMcp(
      app,
      { jsonrpc: "2.0", method: "notifications/initialized" },
      V,
    );
    assert.equal(initialized.response.status, 202);
    assert.deepEqual((await postMcp(app, rpc(2, "ping"), V)).json, {
      jsonrpc: "2.0",
      id: 2,
      result: {},
    });
    const list = await postMcp(app, rpc(3, "tools/list"), V);
    assert.deepEqual(
      list.json.result.tools.map((tool: { name: string }) => tool.name),
      TOOLS.map((tool) => tool.name),
    );
    const call = await postMcp(
      app,
      rpc(4, "tools/call", { name: "get_protocol_overview", arguments: { recent_trades: 2 } }),
      V,
    );
    assert.equal(call.json.result.isError, undefined);
    assert.equal(call.json.result.content[0].type, "text");
    assert.equal(call.json.result.structuredContent.recent_trades.length, 2);
    assert.deepEqual((await postMcp(app, rpc(5, "resources/list"), V)).json.result, {
      resources: [],
    });
    assert.deepEqual((await postMcp(app, rpc(6, "prompts/list"), V)).json.result, { prompts: [] });
  });
});

Deno.test("Protocol versions: a supported version is echoed, anything else gets the newest with a handshake, 2025-11-25", async () => {
  await withTestApp(async (app) => {
    for (const version of ["2025-06-18", "2025-03-26", "2024-11-05", "2025-11-25"]) {
      const { json } = await postMcp(app, rpc(1, "initialize", initializeParams(version)));
      assert.equal(json.result.protocolVersion, version);
    }
    for (const version of ["1999-01-01", "2025-13-01"]) {
      const { json } = await postMcp(app, rpc(1, "initialize", initializeParams(version)));
      assert.equal(json.result.protocolVersion, "2025-11-25", version);
    }
  });
});

Deno.test("Capabilities: tools, the views' resources and extension; no list ever changes", async () => {
  await withTestApp(async (app) => {
    const { json } = await postMcp(app, rpc(1, "initialize", initializeParams("2025-06-18")));
    assert.deepEqual(json.result.capabilities, {
      tools: { listChanged: false },
      resources: { listChanged: false },
      extensions: { "io.modelcontextprotocol/ui": {} },
    });
  });
});

Deno.test("Batches: up to 20 messages are answered in one array, 21 are refused with -32600", async () => {
  await withTestApp(async (app) => {
    const twenty = Array.from({ length: 20 }, (_, index) => rpc(index + 1, "ping"));
    const ok = await postMcp(app, twenty, V);
    assert.equal(ok.response.status, 200);
    assert.deepEqual(ok.json.map((reply: { id: number }) => reply.id), twenty.map((m) => m.id));
    const refused = await postMcp(app, [...twenty, rpc(21, "ping")], V);
    assert.equal(refused.response.status, 400);
    assert.equal(refused.json.error.code, -32600);
    assert.match(refused.json.error.message, /at most 20/);
  });
});

Deno.test("Response type: JSON by default, one SSE message event when only text/event-stream is accepted", async () => {
  await withTestApp(async (app) => {
    const json = await postMcp(app, rpc(1, "tools/list"), V);
    assert.equal(json.response.headers.get("content-type"), "application/json");
    const sse = await postMcp(app, rpc(2, "tools/list"), { ...V, accept: "text/event-stream" });
    assert.equal(sse.response.status, 200);
    assert.equal(sse.response.headers.get("content-type"), "text/event-stream");
    const messages = sseMessages(sse.text) as { id: number; result: { tools: unknown[] } }[];
    assert.equal(messages.length, 1);
    assert.equal(messages[0].id, 2);
    assert.equal(messages[0].result.tools.length, TOOLS.length);
  });
});

Deno.test("Notifications: 202 Accepted with no body, alone or as a whole batch", async () => {
  await withTestApp(async (app) => {
    const single = await postMcp(app, { jsonrpc: "2.0", method: "notifications/initialized" }, V);
    assert.equal(single.response.status, 202);
    assert.equal(single.text, "");
    const batch = await postMcp(app, [
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
    ], V);
    assert.equal(batch.response.status, 202);
    assert.equal(batch.text, "");
  });
});

Deno.test("GET /mcp: a JSON description with doc links; 405 and Allow when asking for an event stream", async () => {
  await withTestApp(async (app) => {
    const described = await app.fetch("/mcp", { headers: { accept: "application/json" } });
    assert.equal(described.status, 200);
    assert.match(described.headers.get("content-type") ?? "", /^application\/json/);
    const body = await described.json();
    assert.equal(body.name, "papertrade-explorer");
    assert.equal(body.endpoint, "https://explorer.test/mcp");
    assert.deepEqual(body.tools, TOOLS.map((tool) => tool.name));
    assert.equal(body.docs.mcp, "https://explorer.test/docs/mcp");
    // Every link points at a page or file the same app serves.
    for (const link of Object.values(body.docs) as string[]) {
      const page = await app.fetch(new URL(link).pathname);
      assert.equal(page.status, 200, link);
      await page.body?.cancel();
    }
    const stream = await app.fetch("/mcp", { headers: { accept: "text/event-stream" } });
    assert.equal(stream.status, 405);
    assert.equal(stream.headers.get("allow"), "POST, OPTIONS");
    await stream.body?.cancel();
  });
});

Deno.test("DELETE /mcp: 405, there is no session to end", async () => {
  await withTestApp(async (app) => {
    const response = await app.fetch("/mcp", { method: "DELETE" });
    assert.equal(response.status, 405);
    assert.match((await response.json()).error, /stateless/);
  });
});

Deno.test("CORS: every answer of /mcp and /api/tools allows any origin and exposes the MCP headers", async () => {
  await withTestApp(async (app) => {
    const origin = { origin: "https://elsewhere.test" };
    const json = { ...origin, "content-type": "application/json" };
    const answers: [string, Promise<Response>][] = [
      [
        "ping",
        app.fetch("/mcp", {
          method: "POST",
          headers: json,
          body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
        }),
      ],
      [
        "notification 202",
        app.fetch("/mcp", {
          method: "POST",
          headers: json,
          body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        }),
      ],
      [
        "sse answer",
        app.fetch("/mcp", {
          method: "POST",
          headers: { ...json, accept: "text/event-stream" },
          body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
        }),
      ],
      ["413", app.fetch("/mcp", { method: "POST", headers: json, body: "x".repeat(70_000) })],
      ["GET describe", app.fetch("/mcp", { headers: origin })],
      [
        "GET stream 405",
        app.fetch("/mcp", { headers: { ...origin, accept: "text/event-stream" } }),
      ],
      ["DELETE 405", app.fetch("/mcp", { method: "DELETE", headers: origin })],
      [
        "REST 200",
        app.fetch("/api/tools/get_protocol_overview", {
          method: "POST",
          headers: json,
          body: '{"recent_trades":1}',
        }),
      ],
      ["REST 404", app.fetch("/api/tools/nope", { method: "POST", headers: json, body: "{}" })],
      ["REST 405", app.fetch("/api/tools/get_wallet", { headers: origin })],
    ];
    for (const [what, pending] of answers) {
      const response = await pending;
      await response.body?.cancel();
      assert.equal(response.headers.get("access-control-allow-origin"), "*", what);
      assert.deepEqual(
        (response.headers.get("access-control-expose-headers") ?? "").split(/,\s*/),
        [...CORS_EXPOSE_HEADERS],
        what,
      );
    }
  });
});

Deno.test("CORS: the preflights allow their methods, the MCP request headers and a day of caching", async () => {
  await withTestApp(async (app) => {
    const cases = [["/mcp", ["GET", "POST", "OPTIONS"]], ["/api/tools/get_wallet", [
      "POST",
      "OPTIONS",
    ]]] as const;
    for (const [path, methods] of cases) {
      const preflight = await app.fetch(path, {
        method: "OPTIONS",
        headers: {
          origin: "https://elsewhere.test",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, mcp-protocol-version",
        },
      });
      await preflight.body?.cancel();
      assert.equal(preflight.status, 204, path);
      assert.equal(preflight.headers.get("access-control-allow-origin"), "*", path);
      const list = (name: string) => (preflight.headers.get(name) ?? "").split(/,\s*/);
      assert.deepEqual(list("access-control-allow-methods"), [...methods], path);
      assert.deepEqual(list("access-control-allow-headers"), [...CORS_ALLOW_HEADERS], path);
      assert.equal(preflight.headers.get("access-control-max-age"), "86400", path);
    }
  });
});

Deno.test("Errors: -32700 parse, -32600 invalid request, -32601 unknown method, -32602 invalid params", async () => {
  await withTestApp(async (app) => {
    const parse = await postMcp(app, '{"jsonrpc":"2.0",', V);
    assert.equal(parse.response.status, 400);
    assert.equal(parse.json.error.code, -32700);
    const invalid = await postMcp(app, { jsonrpc: "1.0", id: 1, method: "ping" }, V);
    assert.equal(invalid.json.error.code, -32600);
    const unknown = await postMcp(app, rpc(2, "tools/destroy"), V);
    assert.equal(unknown.json.error.code, -32601);
    const params = await postMcp(app, rpc(3, "initialize", {}), V);
    assert.equal(params.json.error.code, -32602);
    const args = await postMcp(app, rpc(4, "tools/call", { name: "get_wallet", arguments: {} }), V);
    assert.equal(args.json.error.code, -32602);
    assert.match(args.json.error.message, /address/);
  });
});

Deno.test("Errors: a tool failure is a result with isError and a message, not a JSON-RPC error", async () => {
  await withTestApp(async (app) => {
    const unknownWallet = "0x" + "0".repeat(39) + "1";
    const { json } = await postMcp(
      app,
      rpc(1, "tools/call", { name: "get_wallet", arguments: { address: unknownWallet } }),
      V,
    );
    assert.equal(json.error, undefined);
    assert.equal(json.result.isError, true);
    assert.match(json.result.content[0].text, /no Papertrade account/);
    // From 2025-11-25 on, bad arguments are a tool result too, so the model can fix them.
    const modern = await postMcp(
      app,
      rpc(2, "tools/call", { name: "get_wallet", arguments: { address: "nope" } }),
      { "mcp-protocol-version": "2025-11-25" },
    );
    assert.equal(modern.json.result.isError, true);
    assert.match(modern.json.result.content[0].text, /address/);
  });
});
