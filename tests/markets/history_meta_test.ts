/**
 * The protocol history get_protocol_overview hands the markets view in its MCP result's
 * `_meta` (lib/markets/history_meta.ts): the /markets page's charts from the same cached read,
 * on MCP only, and an answer that is otherwise exactly what it was without it.
 */
import assert from "node:assert/strict";
import { catalog } from "../../fixtures/mod.ts";
import { type ReplayApp, startReplayApp } from "../../replay_app.ts";
import { withReadCache } from "../../lib/cache/mod.ts";
import { callTool } from "../../routes/mcp/call_tool.ts";
import { getProtocolOverviewTool } from "../../tools/get_protocol_overview.ts";
import { withHarness } from "../support/tools.ts";
import {
  HISTORY_META_INTERVAL,
  HISTORY_META_KEY,
  HISTORY_META_POINTS,
  historyMeta,
  historyMetaSchema,
  protocolCharts,
} from "../../lib/markets/mod.ts";
import type { ProtocolHistory } from "../../lib/papertrade/mod.ts";
import { postMcp, rpc } from "../support/mcp_rpc.ts";
import { modernHeaders, modernMeta } from "../support/mcp.ts";

const HISTORY_PATH = "/query/protocol/history";

// deno-lint-ignore no-explicit-any -- a JSON-RPC answer
type Json = any;

/** get_protocol_overview over MCP: in the handshake era, or in 2026-07-28 with its envelope. */
async function overview(app: ReplayApp, era: "2025-11-25" | "2026-07-28" = "2025-11-25") {
  const name = "get_protocol_overview";
  const params = { name, arguments: { recent_trades: 5 } };
  const { json } = era === "2026-07-28"
    ? await postMcp(
      app,
      rpc(1, "tools/call", { ...params, _meta: modernMeta() }),
      modernHeaders("tools/call", name),
    )
    : await postMcp(app, rpc(1, "tools/call", params), { "mcp-protocol-version": era });
  assert.ok(json?.result, JSON.stringify(json));
  return json.result as Json;
}

Deno.test("get_protocol_overview carries the /markets page's history in _meta, on MCP only", async () => {
  const app = await startReplayApp();
  try {
    const result = await overview(app);
    const sent = historyMetaSchema.parse(result._meta[HISTORY_META_KEY]);
    // The page's cached read at its default interval, charted as the page charts it.
    const read = await app.deps.papertrade.read("protocolHistory", {
      interval: HISTORY_META_INTERVAL,
    });
    assert.deepEqual(sent, historyMeta(read, protocolCharts(read), HISTORY_META_INTERVAL));
    assert.deepEqual(
      sent.charts.map((chart) => [chart.id, chart.title, chart.series.map((s) => s.label)]),
      protocolCharts(read).map((
        chart,
      ) => [chart.id, chart.title, chart.series.map((s) => s.label)]),
    );
    assert.equal(sent.as_of, new Date(read.asOfMs).toISOString());
    assert.ok(read.points.length > HISTORY_META_POINTS, "the fixture's history is sampled");
    assert.equal(sent.at_ms.length, HISTORY_META_POINTS);
    assert.equal(sent.at_ms[0], read.points[0].at);
    assert.equal(sent.at_ms.at(-1), read.points.at(-1)!.at, "the current value is kept");
    const tvl = sent.charts.find((chart) => chart.id === "history-tvl")!.series[0].values;
    assert.equal(tvl.at(-1), read.points.at(-1)!.valueLockedUsd);
    // Not in the answer itself: structuredContent and the text say nothing of it.
    assert.equal(JSON.stringify(result.structuredContent).includes("history"), false);
    assert.equal(result.content[0].text.includes("history"), false);
    // The REST mirror answers structuredContent alone.
    const rest = await (await app.fetch("/api/tools/get_protocol_overview", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ recent_trades: 5 }),
    })).json();
    assert.deepEqual(rest, result.structuredContent);
    // 2026-07-28: the SDK's serverInfo stamp joins the key, it does not replace it.
    const modern = await overview(app, "2026-07-28");
    assert.deepEqual(modern._meta[HISTORY_META_KEY], result._meta[HISTORY_META_KEY]);
    assert.ok(modern._meta["io.modelcontextprotocol/serverInfo"], "the SDK's own key is there");
  } finally {
    await app.close();
  }
});

Deno.test("when the history read fails the answer is the same, without the _meta key", async () => {
  const app = await startReplayApp({ faults: { path: HISTORY_PATH, status: 500 } });
  try {
    const without = await overview(app);
    assert.equal(without._meta?.[HISTORY_META_KEY], undefined);
    assert.deepEqual(without.structuredContent.unavailable, [], "nothing of the answer is missing");
    app.upstream.setFaults({});
    const withHistory = await overview(app);
    assert.ok(withHistory._meta[HISTORY_META_KEY], "once the read works the series is there");
    assert.deepEqual(without.structuredContent, withHistory.structuredContent);
    assert.deepEqual(without.content, withHistory.content);
  } finally {
    await app.close();
  }
});

Deno.test("a last good copy of the history keeps its own time and does not mark the overview stale", async () => {
  await withHarness(async ({ upstream, context }) => {
    // The app's read cache, on a clock the test moves (the app's runs on the wall clock).
    let now = catalog.baseTimeMs;
    const papertrade = withReadCache(context.papertrade, {
      now: () => now,
      env: { get: () => undefined },
    });
    const options = {
      createContext: () => ({ ...context, papertrade }),
      timeoutMs: 20_000,
      onError: (error: unknown) => {
        throw error;
      },
    };
    const first = await callTool(getProtocolOverviewTool, {}, options);
    assert.equal(first.kind, "ok");
    const asOf = (first as Json).meta[HISTORY_META_KEY].as_of;
    upstream.setFaults({ path: HISTORY_PATH, status: 500 });
    // Past the history read's revalidation (5 min), well within its last good copy (6 h); the
    // overview's own reads are read again and answer.
    now += 10 * 60_000;
    const later = await callTool(getProtocolOverviewTool, {}, options) as Json;
    assert.ok(upstream.stats().faulted > 0, "the history was asked for and failed");
    assert.equal(later.meta[HISTORY_META_KEY].as_of, asOf, "the copy says when it is from");
    assert.equal(later.structured.stale, undefined, "the overview itself is fresh");
    assert.equal(later.structured.as_of, undefined);
    assert.doesNotMatch(later.text, /Stale/);
  });
});

Deno.test("the series keeps at most HISTORY_META_POINTS times, the first and last, gaps as null", () => {
  const points = Array.from({ length: 1000 }, (_, i) => ({
    at: 1_000_000 + i * 3_600_000,
    valueLockedUsd: i % 7 === 0 ? null : i * 10,
    volumeBtcUsd: i,
    volumeEthUsd: 2 * i,
    traders: i,
    trades: i,
    liquidationsUsd: 0,
    traderPnlUsd: -i,
    paperSupply: 5,
    paperStaked: 1,
  }));
  const history = { intervalMs: 3_600_000, asOfMs: 2_000_000, points } as ProtocolHistory;
  const meta = historyMetaSchema.parse(historyMeta(history, protocolCharts(history), "1h"));
  assert.equal(meta.at_ms.length, HISTORY_META_POINTS);
  assert.equal(meta.at_ms[0], points[0].at);
  assert.equal(meta.at_ms.at(-1), points.at(-1)!.at);
  const byTime = new Map(points.map((point) => [point.at, point]));
  const tvl = meta.charts.find((chart) => chart.id === "history-tvl")!.series[0].values;
  meta.at_ms.forEach((at, i) => assert.equal(tvl[i], byTime.get(at)!.valueLockedUsd));
  assert.ok(tvl.includes(null), "a gap stays a gap");
  const volume = meta.charts.find((chart) => chart.id === "history-volume")!;
  assert.deepEqual(volume.series.map((s) => s.label), ["BTC", "ETH"]);
  meta.at_ms.forEach((at, i) =>
    assert.equal(volume.series[1].values[i], byTime.get(at)!.volumeEthUsd)
  );
});
