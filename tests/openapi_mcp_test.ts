/**
 * Every answer `/mcp` sends is declared in the openapi.json the app serves: each case below is
 * sent to the real app, and its method, status and media type must be listed under `/mcp`.
 */
import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { createApp } from "../app.tsx";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { replayDeps } from "./harness.ts";
import { rpc } from "./support/mcp_rpc.ts";

type Json = Record<string, unknown>;

const JSON_TYPE = { "content-type": "application/json" };
const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
/** A batch of 20 tools/call requests (the most a batch may hold); each counts against the limit. */
const TWENTY_CALLS = JSON.stringify(
  Array.from({ length: 20 }, (_, id) => rpc(id, "tools/call", { name: "no_such_tool" })),
);

/** One request: what to send and the status it must get. */
interface Case {
  label: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
}

const CASES: Case[] = [
  { label: "describe", method: "GET", status: 200 },
  { label: "event stream", method: "GET", headers: { accept: "text/event-stream" }, status: 405 },
  { label: "head", method: "HEAD", status: 200 },
  {
    label: "preflight",
    method: "OPTIONS",
    headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" },
    status: 204,
  },
  ...["DELETE", "PUT", "PATCH"].map((method) => ({ label: method, method, status: 405 })),
  ...[
    { label: "a request", body: JSON.stringify(rpc(1, "tools/list")), status: 200 },
    {
      label: "SSE answer",
      headers: { accept: "text/event-stream" },
      body: JSON.stringify(rpc(2, "tools/list")),
      status: 200,
    },
    { label: "a notification", body: '{"jsonrpc":"2.0","method":"notifications/x"}', status: 202 },
    { label: "not JSON", body: "{", status: 400 },
    {
      label: "unknown method under 2026-07-28",
      headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "nope/nope" },
      body: JSON.stringify(rpc(3, "nope/nope", { _meta: MODERN_META })),
      status: 404,
    },
    { label: "too large", body: JSON.stringify({ pad: "x".repeat(70_000) }), status: 413 },
    { label: "not JSON typed", headers: { "content-type": "text/plain" }, body: "{}", status: 415 },
  ].map((post) => ({ method: "POST", ...post, headers: { ...JSON_TYPE, ...post.headers } })),
];

/** The declared response of `/mcp` for a method and status, with its `$ref` resolved. */
function declared(document: Json, method: string, status: number): Json | undefined {
  const path = (document.paths as Record<string, Record<string, Json>>)["/mcp"];
  const responses = path[method.toLowerCase()]?.responses as Record<string, Json> | undefined;
  const response = responses?.[String(status)];
  const ref = response?.$ref;
  if (typeof ref !== "string") return response;
  const name = ref.split("/").pop()!;
  return ((document.components as Json).responses as Record<string, Json>)[name];
}

async function assertDeclared(document: Json, sent: Case, response: Response): Promise<void> {
  const label = `${sent.method} /mcp (${sent.label})`;
  assert.equal(response.status, sent.status, label);
  const declaration = declared(document, sent.method, response.status);
  assert.ok(declaration, `${label}: ${response.status} is not declared`);
  const body = await response.text();
  const content = declaration.content as Json | undefined;
  if (body === "") {
    assert.equal(content, undefined, `${label}: declared with a body, sent none`);
    return;
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  assert.ok(content && type in content, `${label}: ${type} is not declared for ${response.status}`);
}

Deno.test("every answer /mcp sends is declared in the served openapi.json, which validates", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  let clockFails = false;
  const now = () => {
    if (clockFails) throw new Error("the limiter's clock failed (test)");
    return catalog.baseTimeMs;
  };
  try {
    const app = createApp(replayDeps(upstream), { limiter: { now } });
    const document = await (await app.request("/openapi.json")).json();
    assert.deepEqual(await new Validator().validate(document), { valid: true });
    for (const sent of CASES) {
      const { label: _label, status: _status, ...init } = sent;
      await assertDeclared(document, sent, await app.request("/mcp", init));
    }
    // The limit: 60 tool calls a minute, so the fourth batch of 20 is refused.
    const batch = { method: "POST", headers: JSON_TYPE, body: TWENTY_CALLS };
    for (let round = 0; round < 3; round++) {
      assert.equal((await app.request("/mcp", batch)).status, 200, `batch ${round}`);
    }
    await assertDeclared(
      document,
      { label: "rate limited", ...batch, status: 429 },
      await app.request("/mcp", batch),
    );
    // A fault in the server itself (here the limiter's clock throws) is a declared 500.
    const logged: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    clockFails = true;
    try {
      const faulty = await app.request("/mcp", batch);
      await assertDeclared(document, { label: "server fault", ...batch, status: 500 }, faulty);
    } finally {
      console.error = consoleError;
    }
    assert.equal(logged.length, 1, "the fault was logged once");
  } finally {
    await upstream.close();
  }
});
