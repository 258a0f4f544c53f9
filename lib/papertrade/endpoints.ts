/**
 * The one table of Papertrade API reads. Each row holds everything about one read: its path and
 * parameters, the schema that takes its answer from wire to domain, the part of the product it
 * feeds, whether its shape is a fact or modelled (and why), how long the read cache keeps it, and
 * the replay's data file. The client (`read`), the read cache, the README's lifetimes table, the
 * docs' data-sources table, the replay upstream, `record` and `verify-upstream` all read this
 * table; no other module lists a path, a lifetime or a fixture file.
 */
import { z } from "zod";
import { LOWERCASE_ADDRESS_PATTERN } from "../address.ts";
import type { ReadLifetime } from "../read_lifetime.ts";
import { address } from "./_wire_scalars.ts";
import * as wire from "./wire.ts";

/** A modelled part of an endpoint's answer. */
export interface ModelledPart {
  /**
   * Short name, unique within the endpoint; `<endpoint name>.<id>` names the item everywhere
   * else (the replay's `modelWrong` switches, `modelled: [id]` comments in the adapters).
   */
  id: string;
  /** Field paths, `*` for any array index; `""` means the whole answer, path included. */
  fields: readonly string[];
  /** Known fields inside the modelled ones. */
  except?: readonly string[];
  /** One line: why it is modelled. */
  reason: string;
}

/** One upstream read. */
export interface PapertradeEndpoint {
  /** Path; `{wallet}` stands for a parameter filled into the path. */
  path: string;
  /**
   * Its parameters with their defaults and notes (`describe`), if it takes any; sent sorted by
   * name, each once (the upstream refuses anything else), empty ones left out.
   */
  params?: z.ZodObject;
  /**
   * Wire in, domain out; checks the whole answer, a list row by row (see `_modelled.ts`). For
   * the stream, its first frames together (`wallet.*`, `patch.*`).
   */
  schema: z.ZodType;
  /** `sse` for the wallet stream, whose read is its first `wallet` frame, the account. */
  format?: "sse";
  /** The part of the product it feeds, as pages and tools name it when it is missing. */
  part: string;
  /** What the explorer uses it for. */
  usedFor: string;
  /** Where the known shape comes from (see docs/data-sources.md, "Facts the code relies on"). */
  source: string;
  /** Modelled parts; empty when the whole shape is a fact. */
  modelled: readonly ModelledPart[];
  /** How long the read cache keeps an answer, and why; absent: not cached (not read by pages). */
  lifetime?: ReadLifetime;
  /**
   * The replay's data file, which `record` writes: the whole answer (one file per value of a
   * `{param}` in its name), or for reads by wallet or page, the file the replay answers from.
   */
  fixture?: string;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const NO_PARAMS = z.object({});
/** Lifetimes that several reads share; each row gives its own reason. */
const LIVE = { freshMs: 1 * SECOND, revalidateMs: 2 * SECOND, lastGoodMs: 30 * MINUTE };
const TOTALS = { freshMs: 5 * SECOND, revalidateMs: 25 * SECOND, lastGoodMs: 2 * HOUR };
const wallet = address.describe("lower-case 0x address");

/** Every Papertrade read, by its name. */
export const PAPERTRADE_ENDPOINTS = {
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

/** An endpoint's name in {@link PAPERTRADE_ENDPOINTS}. */
export type PapertradeEndpointName = keyof typeof PAPERTRADE_ENDPOINTS;
type Endpoints = typeof PAPERTRADE_ENDPOINTS;
/** The parameters of a read, as callers give them (defaults filled in by the table). */
export type ReadParams<N extends PapertradeEndpointName> = Endpoints[N] extends
  { params: infer P extends z.ZodType } ? z.input<P> : Record<string, never>;
/** What a read returns: the output of its schema (of the stream: the account). */
export type ReadResult<N extends PapertradeEndpointName> = Endpoints[N] extends { format: "sse" }
  ? wire.WalletAccount
  : z.output<Endpoints[N]["schema"]>;

/** The rows as a list of names, in table order. */
export const PAPERTRADE_ENDPOINT_NAMES = Object.keys(
  PAPERTRADE_ENDPOINTS,
) as PapertradeEndpointName[];

/** One modelled part of an endpoint's answer, with its endpoint. */
export interface ModelledShape extends ModelledPart {
  /** The item's id everywhere: `<endpoint name>.<part id>`, e.g. `walletStream.paper`. */
  item: string;
  name: PapertradeEndpointName;
  /** API path (the wallet stream's fields start with the event name: `wallet.paper`). */
  endpoint: string;
}

/** The modelled shapes, endpoint by endpoint, as the table states them. */
export const MODELLED_SHAPES: readonly ModelledShape[] = PAPERTRADE_ENDPOINT_NAMES.flatMap((name) =>
  PAPERTRADE_ENDPOINTS[name].modelled.map((part: ModelledPart) => ({
    item: `${name}.${part.id}`,
    name,
    endpoint: PAPERTRADE_ENDPOINTS[name].path,
    ...part,
  }))
);

/** A read's parameters with the table's defaults filled in (bad ones throw a ZodError). */
export function readParams<N extends PapertradeEndpointName>(
  name: N,
  params: ReadParams<N> = {} as ReadParams<N>,
): Record<string, unknown> {
  return ((PAPERTRADE_ENDPOINTS[name] as PapertradeEndpoint).params ?? NO_PARAMS).parse(params);
}

/** The request target of a read: `{param}` filled in, the others as a query sorted by name. */
export function requestTarget<N extends PapertradeEndpointName>(
  name: N,
  params?: ReadParams<N>,
): string {
  let path: string = PAPERTRADE_ENDPOINTS[name].path;
  const query: Array<[string, string]> = [];
  // Code-unit order, so "pageSize" follows "page" and "sortDir" precedes "sortKey".
  const entries = Object.entries(readParams(name, params)).sort(([a], [b]) => a < b ? -1 : 1);
  for (const [key, value] of entries) {
    if (value === undefined || value === "") continue;
    if (path.includes(`{${key}}`)) path = path.replace(`{${key}}`, encodeURIComponent(`${value}`));
    else query.push([key, `${value}`]);
  }
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query)}`;
}

/** The name of the endpoint a path (template, or filled with a lower-case address) belongs to. */
export function findEndpointName(path: string): PapertradeEndpointName | undefined {
  return PAPERTRADE_ENDPOINT_NAMES.find((name) => {
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
