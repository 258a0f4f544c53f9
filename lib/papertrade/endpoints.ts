/**
 * The one table of Papertrade API endpoints the explorer knows: path, parameters, the wire
 * schema of the answer, whether the shape is a fact or modelled (and why), and the fixture file
 * a recording writes. The client, `record`, `verify-upstream`, the modelled-shapes list and the
 * docs' data-sources page all read this table; no other module lists paths.
 */
import { LOWERCASE_ADDRESS_PATTERN } from "../address.ts";
import { z } from "zod";
import * as wire from "./wire.ts";
import type { PapertradeEndpoint } from "./endpoint_types.ts";

export type { EndpointParam, ModelledPart, PapertradeEndpoint } from "./endpoint_types.ts";

/**
 * The wallet stream's first frames, checked together so fields read `wallet.paper.balance`;
 * `patch` is the first patch when one arrived while the stream was read.
 */
export const walletFramesSchema = z.object({
  liveness: wire.livenessEvent,
  wallet: wire.walletSnapshot,
  patch: wire.walletPatch.optional(),
});

const HISTORY_INTERVALS = ["1m", "1h", "1d"] as const;

/** Every Papertrade endpoint, by the name the client uses. */
export const PAPERTRADE_ENDPOINTS = {
  tradingState: {
    path: "/state/trading",
    params: [],
    schema: wire.tradingState,
    format: "json",
    part: "markets",
    usedFor: "Markets, caps, leverage, minimums, pauses, the staking accumulator",
    source: "facts 4.2, 11.5, 12.5",
    modelled: [
      { id: "winFeeRate", fields: ["winFeeRate"], reason: "the win-fee-rate key is unknown" },
      {
        id: "accRewardPerShare",
        fields: ["accRewardPerShare"],
        reason: "the staking accumulator key is unknown",
      },
    ],
    recordings: [{ params: [], file: "state-trading.json" }],
  },
  walletStream: {
    path: "/state/user/live",
    params: [{ name: "wallet", note: "lower-case 0x address" }],
    schema: walletFramesSchema,
    format: "sse",
    part: "account",
    usedFor: "Wallet balance sheet, positions, pending intents, session keys, PAPER; live pages",
    source: "facts 4.3, 11.3",
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
    recordings: [],
  },
  queueRank: {
    path: "/queue-rank/accounts/{wallet}",
    params: [],
    schema: wire.queueRank,
    format: "json",
    part: "queue positions",
    usedFor: "Where each pending intent of a wallet stands in the relayer queue",
    source: "facts 11.1",
    modelled: [
      {
        id: "position",
        fields: ["entries.*.position"],
        reason: "whether positions count from 0 or 1 is unknown",
      },
    ],
    recordings: [],
  },
  leaderboard: {
    path: "/state/leaderboard/accounts",
    params: [
      { name: "page", note: "0-based" },
      { name: "pageSize", note: "rows per page" },
      { name: "query", note: "name or address fragment, omitted when empty" },
      { name: "sortDir", note: "asc or desc" },
      { name: "sortKey", note: "a row field" },
      { name: "window", note: "24h, 7d, 30d or all" },
    ],
    schema: wire.leaderboardPage,
    format: "json",
    part: "leaderboard",
    usedFor: "Leaderboard, wallet standing and name search",
    source: "facts 4.4",
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
    recordings: [],
  },
  tradeHistory: {
    path: "/query/wallet/trades",
    params: [
      { name: "cursor", note: "nextCursor of the previous page" },
      { name: "filter", note: "all or losses" },
      { name: "limit", note: "rows per page, 75" },
      { name: "wallet", note: "lower-case 0x address" },
    ],
    schema: wire.tradeHistoryPage,
    format: "json",
    part: "trade history",
    usedFor: "Trade history, PnL chart, CSV export",
    source: "the original explorer's docs",
    modelled: [{
      id: "path",
      fields: [""],
      reason: "the trade-history path and row keys are unknown (only adjustedPnlRaw, " +
        "userPaidFeeRaw and cursor paging are documented)",
    }],
    recordings: [],
  },
  protocolSummary: {
    path: "/query/protocol/summary",
    params: [],
    schema: wire.protocolSummary,
    format: "json",
    part: "protocol totals",
    usedFor: "Value locked, margin, LP, volume, fees, PAPER, the payout queue total",
    source: "facts 12.1 (a recorded answer)",
    modelled: [],
    recordings: [{ params: [], file: "protocol-summary.json" }],
  },
  marketStats: {
    path: "/query/protocol/market-stats",
    params: [],
    schema: wire.marketStats,
    format: "json",
    part: "24-hour volumes",
    usedFor: "24-hour volume per market",
    source: "facts 4.9",
    modelled: [],
    recordings: [{ params: [], file: "market-stats.json" }],
  },
  queueSummary: {
    path: "/query/protocol/queue-summary",
    params: [],
    schema: wire.queueSummary,
    format: "json",
    part: "payout queue",
    usedFor: "How many wallets wait in the payout queue",
    source: "facts 4.8",
    modelled: [],
    recordings: [{ params: [], file: "queue-summary.json" }],
  },
  recentTrades: {
    path: "/query/protocol/trades/recent",
    params: [],
    schema: wire.recentTrades,
    format: "json",
    part: "latest trades",
    usedFor: "Latest trades feed (the explorer keeps the newest rows it needs)",
    source: "facts 11.2 (a recorded row)",
    modelled: [{
      id: "words",
      fields: ["events.*.side", "events.*.kind"],
      reason: "the side and kind words were placeholders in the recorded row",
    }],
    recordings: [{ params: [], file: "trades-recent.json" }],
  },
  protocolHistory: {
    path: "/query/protocol/history",
    params: [{ name: "interval", note: "1m, 1h or 1d" }],
    schema: wire.protocolHistory,
    format: "json",
    part: "protocol history",
    usedFor: "Protocol history: value locked, volume, traders, trades, liquidations, PnL, PAPER",
    source: "facts 12.2 (a recorded answer)",
    modelled: [],
    recordings: HISTORY_INTERVALS.map((interval) => ({
      params: [["interval", interval]] as const,
      file: `history-${interval}.json`,
    })),
  },
  relayerHealth: {
    path: "/relayer/health",
    params: [],
    schema: wire.relayerHealth,
    format: "json",
    part: "relayer health",
    usedFor: "Whether the relayer accepts intents now (overview, get_protocol_overview)",
    source: "facts 4.11",
    modelled: [],
    recordings: [{ params: [], file: "relayer-health.json" }],
  },
  queryHealth: {
    path: "/query/health",
    params: [],
    schema: z.unknown(),
    format: "json",
    part: "query health",
    usedFor: "Checked by verify-upstream only: its body is unknown, so only that it answers",
    source: "facts 11.1 (the path)",
    modelled: [],
    recordings: [],
  },
} as const satisfies Record<string, PapertradeEndpoint>;

/** An endpoint's name in {@link PAPERTRADE_ENDPOINTS}. */
export type PapertradeEndpointName = keyof typeof PAPERTRADE_ENDPOINTS;

/** The endpoints as a list, in table order. */
export const PAPERTRADE_ENDPOINT_LIST: readonly PapertradeEndpoint[] = Object.values(
  PAPERTRADE_ENDPOINTS,
);

/** The path of an endpoint with `{wallet}` filled in. */
export function endpointPath(endpoint: PapertradeEndpoint, wallet?: string): string {
  return wallet === undefined
    ? endpoint.path
    : endpoint.path.replace("{wallet}", encodeURIComponent(wallet.toLowerCase()));
}

/** The name of the endpoint a path (template, or filled with a lower-case address) belongs to. */
export function findEndpointName(path: string): PapertradeEndpointName | undefined {
  const names = Object.keys(PAPERTRADE_ENDPOINTS) as PapertradeEndpointName[];
  return names.find((name) => {
    const template: string = PAPERTRADE_ENDPOINTS[name].path;
    if (template === path) return true;
    const [prefix, suffix] = template.split("{wallet}");
    return suffix !== undefined && path.startsWith(prefix) && path.endsWith(suffix) &&
      LOWERCASE_ADDRESS_PATTERN.test(path.slice(prefix.length, path.length - suffix.length));
  });
}

/** The endpoint a path (template or filled) belongs to, if any. */
export function findEndpoint(path: string): PapertradeEndpoint | undefined {
  const name = findEndpointName(path);
  return name && PAPERTRADE_ENDPOINTS[name];
}

/** Whether the whole shape is a fact (no modelled part). */
export function isFact(endpoint: PapertradeEndpoint): boolean {
  return endpoint.modelled.length === 0;
}
