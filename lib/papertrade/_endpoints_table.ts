/**
 * The endpoint table's rows in order: the trading state, reads by wallet or account, then the
 * venue-wide reads. Private: read `endpoints.ts`, which checks each row's shape.
 */
import { z } from "zod";
import { address } from "./_wire_scalars.ts";
import * as wire from "./wire.ts";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Lifetimes that several reads share; each row gives its own reason. */
const LIVE = { freshMs: 1 * SECOND, revalidateMs: 2 * SECOND, lastGoodMs: 30 * MINUTE };
const TOTALS = { freshMs: 5 * SECOND, revalidateMs: 25 * SECOND, lastGoodMs: 2 * HOUR };
const wallet = address.describe("lower-case 0x address");

export const ENDPOINT_ROWS = {
  tradingState: {
    path: "/state/trading",
    schema: wire.tradingState,
    part: "markets",
    usedFor: "Markets, open interest, caps, leverage, minimums, pauses",
    source: "the SDK's types and a recorded answer",
    modelled: [],
    lifetime: {
      ...LIVE,
      reason: "pauses and close-only switches must show within a second; instruments rarely change",
    },
    fixture: "state-trading.json",
  },
  walletStream: {
    path: "/state/user/live",
    params: z.object({ wallet }),
    schema: wire.walletFramesSchema,
    format: "sse",
    part: "account",
    usedFor: "Wallet balance sheet, positions, pending intents, session keys, PAPER; live pages",
    source: "the SDK's stream types and tests",
    modelled: [
      { id: "paper", fields: ["wallet.paper"], reason: "the four PAPER keys are unknown" },
      {
        id: "operationDeadline",
        fields: ["wallet.operations.*.8"],
        reason:
          "the meaning of the operation row's ninth slot is unknown; it is read as the deadline",
      },
      {
        id: "patchKeys",
        fields: [
          "patch.address",
          "patch.addedPositions",
          "patch.removedPositions",
          "patch.closedPositions",
          "patch.addedOperations",
          "patch.removedOperations",
          "patch.endedIntents",
        ],
        reason: "patch keys for added and removed items, closes and outcomes are unknown",
      },
    ],
    lifetime: {
      ...LIVE,
      reason: "balances and open positions move with every fill; the live stream covers the rest",
    },
    fixture: "wallets.json",
  },
  queueRank: {
    path: "/queue-rank/accounts/{wallet}",
    params: z.object({ wallet }),
    schema: wire.queueRank,
    part: "queue positions",
    usedFor: "Where each pending intent of a wallet stands in the relayer queue",
    source: "the SDK's relayer calls",
    modelled: [
      {
        id: "position",
        fields: ["entries.*.position"],
        reason: "whether positions count from 0 or 1 is unknown",
      },
    ],
    lifetime: {
      ...LIVE,
      lastGoodMs: 10 * MINUTE,
      reason:
        "queue places move as the relayer settles; an old place is shown labelled, not hidden",
    },
    fixture: "queue-ranks.json",
  },
  leaderboard: {
    path: "/state/leaderboard/accounts",
    params: z.object({
      page: z.number().int().nonnegative().default(0).describe("0-based"),
      pageSize: z.number().int().positive().default(25).describe("rows per page"),
      query: z.string().trim().optional().describe("name or address fragment, omitted when empty"),
      sortDir: z.enum(["asc", "desc"]).default("desc").describe("asc or desc"),
      sortKey: wire.leaderboardSortKey.default("totalWindowedPnl").describe("a row field"),
      window: wire.leaderboardWindow.default("24h").describe("24h, 7d, 30d or all"),
    }),
    schema: wire.leaderboardPage,
    part: "leaderboard",
    usedFor: "Leaderboard, wallet standing and name search",
    source: "a third-party indexer's calls",
    modelled: [
      {
        id: "rowFields",
        fields: ["accounts.*"],
        except: ["accounts.*.address", "accounts.*.leaderboardName"],
        reason: "row fields beyond address and leaderboardName are unknown",
      },
      {
        id: "totalItems",
        fields: ["pageInfo.totalItems"],
        reason: "only pageInfo.totalPages is known",
      },
    ],
    lifetime: {
      freshMs: 30 * SECOND,
      revalidateMs: 90 * SECOND,
      lastGoodMs: 6 * HOUR,
      reason: "rankings are recomputed upstream in batches; a minute-old ranking is still true",
    },
    fixture: "leaderboard.json",
  },
  tradeHistory: {
    path: "/query/wallet/trades",
    // modelled: [tradeHistory.path] the same convention as the leaderboard.
    params: z.object({
      cursor: z.string().optional().describe("nextCursor of the previous page"),
      filter: z.enum(["all", "losses"]).default("all").describe("all or losses"),
      limit: z.number().int().positive().default(75).describe("rows per page, 75"),
      wallet,
    }),
    schema: wire.tradeHistoryPage,
    part: "trade history",
    usedFor: "Trade history, PnL chart, CSV export",
    source: "the original explorer's docs",
    modelled: [{
      id: "path",
      fields: [""],
      reason: "the trade-history path and row keys are unknown (only adjustedPnlRaw, " +
        "userPaidFeeRaw and cursor paging are documented)",
    }],
    lifetime: {
      ...TOTALS,
      reason: "closed trades only grow when a position closes; older pages never change",
    },
    fixture: "trades.json",
  },

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
} as const;
