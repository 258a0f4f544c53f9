/**
 * The endpoint table's first rows: the trading state, and the reads by wallet or account (the
 * wallet stream, queue ranks, the leaderboard, trade history). Private: read `endpoints.ts`.
 */
import { z } from "zod";
import {
  HOUR,
  LIVE,
  MINUTE,
  type PapertradeEndpoint,
  SECOND,
  TOTALS,
  wallet,
} from "./_endpoint_row.ts";
import * as wire from "./wire.ts";

/** Rows of the endpoint table, in its order. */
export const ACCOUNT_ENDPOINTS = {
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
      freshMs: 1 * SECOND,
      revalidateMs: 2 * SECOND,
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
} as const satisfies Record<string, PapertradeEndpoint>;
