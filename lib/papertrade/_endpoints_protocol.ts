/**
 * The endpoint table's venue-wide rows: protocol totals, market stats, the payout queue, recent
 * trades, protocol history and the health checks. Private: read `endpoints.ts`.
 */
import { z } from "zod";
import { HOUR, MINUTE, type PapertradeEndpoint, SECOND, TOTALS } from "./_endpoint_row.ts";
import * as wire from "./wire.ts";

/** Rows of the endpoint table, in its order. */
export const PROTOCOL_ENDPOINTS = {
  protocolSummary: {
    path: "/query/protocol/summary",
    schema: wire.protocolSummary,
    part: "protocol totals",
    usedFor: "Value locked, margin, LP, volume, fees, PAPER, the payout queue total, the " +
      "staking accumulator (pending rewards)",
    source: "a recorded answer",
    modelled: [],
    lifetime: {
      ...TOTALS,
      reason: "totals (TVL, volume, fees) move slowly relative to a page view",
    },
    fixture: "protocol-summary.json",
  },
  marketStats: {
    path: "/query/protocol/market-stats",
    schema: wire.marketStats,
    part: "24-hour volumes",
    usedFor: "24-hour volume per market",
    source: "the SDK's types",
    modelled: [],
    lifetime: {
      ...TOTALS,
      reason: "open interest and 24 h volume are aggregates; seconds do not change the picture",
    },
    fixture: "market-stats.json",
  },
  queueSummary: {
    path: "/query/protocol/queue-summary",
    schema: wire.queueSummary,
    part: "payout queue",
    usedFor: "How many wallets wait in the payout queue",
    source: "the SDK's types and test",
    modelled: [],
    lifetime: { ...TOTALS, reason: "the payout queue changes only when payouts settle" },
    fixture: "queue-summary.json",
  },
  recentTrades: {
    path: "/query/protocol/trades/recent",
    // The upstream takes no query string: callers keep the newest rows they need.
    schema: wire.recentTrades,
    part: "latest trades",
    usedFor: "Latest trades feed (the explorer keeps the newest rows it needs)",
    source: "a recorded row in the SDK's tests",
    modelled: [{
      id: "words",
      fields: ["events.*.side", "events.*.kind"],
      reason: "the side and kind words were placeholders in the recorded row",
    }],
    lifetime: {
      freshMs: 3 * SECOND,
      revalidateMs: 5 * SECOND,
      lastGoodMs: 30 * MINUTE,
      reason: "a venue-wide feed read for context; a few seconds behind is not misleading",
    },
    fixture: "trades-recent.json",
  },
  protocolHistory: {
    path: "/query/protocol/history",
    params: z.object({ interval: wire.historyInterval.describe("1m, 1h or 1d") }),
    schema: wire.protocolHistory,
    part: "protocol history",
    usedFor: "Protocol history: value locked, volume, traders, trades, liquidations, PnL, PAPER",
    source: "a recorded answer",
    modelled: [],
    lifetime: {
      freshMs: 60 * SECOND,
      revalidateMs: 5 * MINUTE,
      lastGoodMs: 6 * HOUR,
      reason: "bucketed series of one minute or longer: a new point appears at most once a minute",
    },
    fixture: "history-{interval}.json",
  },
  relayerHealth: {
    path: "/relayer/health",
    schema: wire.relayerHealth,
    part: "relayer health",
    usedFor: "Whether the relayer accepts intents now (overview, get_protocol_overview)",
    source: "a third-party integration",
    modelled: [],
    lifetime: {
      freshMs: 5 * SECOND,
      revalidateMs: 10 * SECOND,
      lastGoodMs: 30 * MINUTE,
      reason: "a health signal: a few seconds is fine, but an outage must not hide for long",
    },
    fixture: "relayer-health.json",
  },
  queryHealth: {
    path: "/query/health",
    schema: z.unknown(),
    part: "query health",
    usedFor: "Checked by verify-upstream only: its body is unknown, so only that it answers",
    source: "the SDK's relayer calls (the path)",
    modelled: [],
  },
} as const satisfies Record<string, PapertradeEndpoint>;
