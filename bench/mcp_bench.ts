/**
 * MCP throughput and latency, side by side in one run.
 *
 * 1. `tools/list` and `tools/call get_protocol_overview` on our `/mcp` route (mcpRoutes over
 *    the nine tools, with a rate limiter too large to refuse anything, so its cost is counted)
 *    against a minimal stateless server built directly on the official SDK (1.32)
 *    `McpServer` + `WebStandardStreamableHTTPServerTransport`, one server and transport per
 *    request, JSON responses, the same tool registered through the SDK's API. Both on
 *    Deno.serve (127.0.0.1, random port), both calling the same replay upstream; an in-process
 *    load generator with 16 concurrent fetch loops; 3 rounds of 2 s per case, interleaved so
 *    drift hits both servers alike. Target: ours at least as fast.
 * 2. `lookup_intent` wall time (tools/call on our /mcp) against one JSON-RPC round trip, with
 *    50 ms injected on every RPC request by the replay upstream, settled and not found, each
 *    with the client's head cache cold (emptied first) and warm. Target: at most 2x.
 *
 * Run: deno run -A --unstable-kv bench/mcp_bench.ts
 */
import { Hono } from "hono";
// @ts-types="@modelcontextprotocol/sdk/server/mcp.d.ts"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp.d.ts"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import type { AppDeps } from "../lib/deps.ts";
import { createRateLimiter } from "../lib/http/rate_limit.ts";
import { mcpRoutes } from "../routes/mcp/mod.ts";
import { replayDeps } from "../replay_app.ts";
import { createToolContext } from "../tools/context.ts";
import { TOOLS } from "../tools/registry.ts";
import { findTool } from "../tools/types.ts";
import type { ToolDefinition } from "../tools/types.ts";

const ROUNDS = 3;
const ROUND_MS = 2000;
const WARMUP_MS = 300;
const CONCURRENCY = 16;
const RPC_LATENCY_MS = 50;
const LOOKUP_SAMPLES = 15;
const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
};

/** The SDK's stateless pattern: a fresh server and transport for every request. */
function sdkReferenceHandler(
  // deno-lint-ignore no-explicit-any -- any tool
  tool: ToolDefinition<any, any>,
  deps: AppDeps,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const server = new McpServer({ name: "sdk-reference", version: "1.0.0" });
    server.registerTool(tool.name, {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
    }, async (args: unknown, extra: { signal: AbortSignal }) => {
      const result = await tool.run(args, createToolContext(deps, extra.signal));
      return {
        content: [{ type: "text" as const, text: result.text }],
        structuredContent: result.structured,
      };
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await transport.close();
      await server.close();
    }
  };
}

function body(id: number, method: string, params?: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
}

/** POSTs one JSON-RPC message and returns the parsed reply; throws on a non-200. */
// deno-lint-ignore no-explicit-any -- arbitrary JSON-RPC replies
async function post(url: string, payload: string): Promise<any> {
  const response = await fetch(url, { method: "POST", headers: HEADERS, body: payload });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** Concurrent POST loops for `ms`; returns completed requests and their latencies. */
async function load(url: string, payload: string, ms: number) {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  let failures = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const response = await fetch(url, { method: "POST", headers: HEADERS, body: payload });
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - start);
      else failures += 1;
    }
  }));
  if (failures > 0) throw new Error(`${url}: ${failures} requests failed`);
  return latencies;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
const replay = replayDeps(upstream);
// The next head read goes to the chain when set: the "cold head cache" case below.
let coldHead = false;
const deps = {
  ...replay,
  hyperevm: {
    ...replay.hyperevm,
    blockNumber: (options?: { cacheTime?: number }) => {
      const cold = coldHead;
      coldHead = false;
      return replay.hyperevm.blockNumber(cold ? { cacheTime: 0 } : options);
    },
  },
};
const limiter = createRateLimiter({ limit: Number.MAX_SAFE_INTEGER });
const ours = new Hono().route("/", mcpRoutes(deps, { tools: TOOLS, limiter }));
const overviewTool = findTool(TOOLS, "get_protocol_overview")!;
const servers = [
  Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, ours.fetch),
  Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    sdkReferenceHandler(overviewTool, deps),
  ),
];
const targets = [
  { name: "ours (/mcp)", url: `http://127.0.0.1:${servers[0].addr.port}/mcp` },
  { name: "SDK stateless", url: `http://127.0.0.1:${servers[1].addr.port}/mcp` },
];
const cases = [
  { name: "tools/list", payload: body(1, "tools/list") },
  {
    name: "tools/call get_protocol_overview",
    payload: body(1, "tools/call", { name: "get_protocol_overview", arguments: {} }),
  },
];

try {
  // Both servers must give a real answer before their speed means anything.
  for (const target of targets) {
    const listed = await post(target.url, cases[0].payload);
    if (!Array.isArray(listed.result?.tools)) throw new Error(`${target.name}: no tools/list`);
    const called = await post(target.url, cases[1].payload);
    if (called.result?.isError || !called.result?.structuredContent?.markets) {
      throw new Error(`${target.name}: tools/call failed: ${JSON.stringify(called).slice(0, 300)}`);
    }
  }
  const samples = new Map<string, number[]>();
  for (const testCase of cases) {
    for (const target of targets) await load(target.url, testCase.payload, WARMUP_MS);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const testCase of cases) {
      for (const target of targets) {
        const key = `${testCase.name}|${target.name}`;
        const latencies = await load(target.url, testCase.payload, ROUND_MS);
        samples.set(key, [...(samples.get(key) ?? []), ...latencies]);
      }
    }
  }
  console.log(
    `\n### MCP throughput (${CONCURRENCY} concurrent, ${ROUNDS} x ${ROUND_MS / 1000} s per case)\n`,
  );
  console.log("| case | server | req/s | p50 ms | p95 ms | ours / SDK req/s |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: |");
  for (const testCase of cases) {
    const rps = targets.map((target) =>
      samples.get(`${testCase.name}|${target.name}`)!.length / (ROUNDS * ROUND_MS / 1000)
    );
    targets.forEach((target, index) => {
      const sorted = samples.get(`${testCase.name}|${target.name}`)!.sort((a, b) => a - b);
      const ratio = index === 0 ? `${(rps[0] / rps[1]).toFixed(2)}x` : "";
      console.log(
        `| ${testCase.name} | ${target.name} | ${rps[index].toFixed(0)} | ` +
          `${percentile(sorted, 50).toFixed(2)} | ${
            percentile(sorted, 95).toFixed(2)
          } | ${ratio} |`,
      );
    });
  }

  upstream.setFaults({ target: "rpc", latencyMs: RPC_LATENCY_MS });
  const rpcPayload = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "eth_blockNumber",
    params: [],
  });
  const lookup = (intentId: string, state: string) => async () => {
    const reply = await post(
      targets[0].url,
      body(1, "tools/call", { name: "lookup_intent", arguments: { intent_id: intentId } }),
    );
    if (reply.result?.structuredContent?.state !== state) {
      throw new Error(`lookup_intent: expected ${state}: ${JSON.stringify(reply).slice(0, 300)}`);
    }
    return reply;
  };
  const settledId = catalog.intents.settled_in_window.id;
  const missingId = catalog.intents.unknown.id;
  // Cold: the head cache emptied first, so the call reads eth_blockNumber. Warm: the head read
  // (untimed) just before, as for a call within 5 s of another.
  const lookupCases = [
    {
      name: "one RPC round trip (eth_blockNumber)",
      prepare: () => {},
      run: () => post(upstream.rpcUrl, rpcPayload),
    },
    ...[
      { label: "settled in the scanned window", id: settledId, state: "settled" },
      { label: "not found (full ~6000-block scan)", id: missingId, state: "not_found" },
    ].flatMap(({ label, id, state }) => [
      {
        name: `lookup_intent, ${label}, cold head cache`,
        prepare: () => void (coldHead = true),
        run: lookup(id, state),
      },
      {
        name: `lookup_intent, ${label}, warm head cache`,
        prepare: () => deps.hyperevm.blockNumber(),
        run: lookup(id, state),
      },
    ]),
  ];
  const times = lookupCases.map((): number[] => []);
  // Interleaved, one call of each case per pass, so drift in machine load hits all alike.
  for (let pass = 0; pass < LOOKUP_SAMPLES; pass++) {
    for (const [index, testCase] of lookupCases.entries()) {
      await testCase.prepare();
      const start = performance.now();
      await testCase.run();
      times[index].push(performance.now() - start);
    }
  }
  const medians = times.map(median);
  console.log(`\n### lookup_intent with ${RPC_LATENCY_MS} ms injected on every RPC request\n`);
  console.log(
    `| measurement (median of ${LOOKUP_SAMPLES}, interleaved) | ms | / one RPC round trip |`,
  );
  console.log("| --- | ---: | ---: |");
  for (const [index, testCase] of lookupCases.entries()) {
    console.log(
      `| ${testCase.name} | ${medians[index].toFixed(1)} | ${
        (medians[index] / medians[0]).toFixed(2)
      }x |`,
    );
  }
} finally {
  for (const server of servers) await server.shutdown();
  await upstream.close();
}
