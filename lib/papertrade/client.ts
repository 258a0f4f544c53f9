/** The Papertrade API client: one method per upstream read, each returning domain objects. */
import type { z } from "zod";
import { fetchUpstream, type RetryPolicy, upstreamChanged } from "./http.ts";
import * as wire from "./wire.ts";
import { endpointPath, PAPERTRADE_ENDPOINTS as E } from "./endpoints.ts";
import { toQueueRanks } from "./to_domain_wallet.ts";
import {
  toLeaderboardPage,
  toMarketStats,
  toProtocolHistory,
  toProtocolSummary,
  toQueueSummary,
  toRecentTrades,
  toRelayerHealth,
  toTradeHistoryPage,
  toTradingState,
  WireShapeError,
} from "./to_domain.ts";
import { fetchWalletSnapshot, openWalletStream, type WalletStreamEvent } from "./wallet_stream.ts";
import { OutcomeLog } from "./outcome_log.ts";
import { collectGaps } from "./_modelled.ts";
import { withModelledGaps } from "./modelled_gaps.ts";
import type {
  Address,
  EndedIntent,
  HistoryInterval,
  LeaderboardPage,
  LeaderboardSortKey,
  LeaderboardWindow,
  MarketStats,
  ProtocolHistory,
  ProtocolSummary,
  QueueRanks,
  QueueSummary,
  RecentTradeList,
  RelayerHealth,
  TradeHistoryPage,
  TradingState,
  WalletAccount,
} from "./types.ts";

/** Options of {@link createPapertradeClient}. */
export interface PapertradeClientOptions {
  /** API origin, e.g. `https://exchange.papertrade.xyz` (a trailing slash is ignored). */
  baseUrl: string;
  /** Per-request timeout in ms (default 8000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Overrides of the retry policy (attempts, waits, overall budget). */
  retry?: Partial<RetryPolicy>;
  /** Clock in ms, stamping outcomes whose patch carries no indexer time (default Date.now). */
  now?: () => number;
}

/** Per-call options: a caller signal, e.g. the tool's 25 s deadline. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Leaderboard query; defaults mirror the explorer's first page. */
export interface LeaderboardQuery extends CallOptions {
  /** Default `24h`. */
  window?: LeaderboardWindow;
  /** Default `totalWindowedPnl`. */
  sortKey?: LeaderboardSortKey;
  /** Default `desc`. */
  sortDir?: "asc" | "desc";
  /** 0-based, default 0. */
  page?: number;
  /** Default 25. */
  pageSize?: number;
  /** Name or address fragment; omitted when empty. */
  query?: string;
}

/** Trade-history query. */
export interface TradeHistoryQuery extends CallOptions {
  wallet: string;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  /** Default `all`. */
  filter?: "all" | "losses";
  /** Default 75. */
  limit?: number;
}

/** A typed, validated, bounded reader of the Papertrade API. */
export interface PapertradeClient {
  /** `/state/trading`: venue switches, minimums and every instrument. */
  fetchTradingState(options?: CallOptions): Promise<TradingState>;
  /** One leaderboard page. */
  fetchLeaderboard(query?: LeaderboardQuery): Promise<LeaderboardPage>;
  /** One page of a wallet's closed trades, newest first. */
  fetchTradeHistory(query: TradeHistoryQuery): Promise<TradeHistoryPage>;
  /** `/query/protocol/summary`. */
  fetchProtocolSummary(options?: CallOptions): Promise<ProtocolSummary>;
  /** `/query/protocol/market-stats`. */
  fetchMarketStats(options?: CallOptions): Promise<MarketStats>;
  /** `/query/protocol/queue-summary`. */
  fetchQueueSummary(options?: CallOptions): Promise<QueueSummary>;
  /** Latest venue-wide trades, newest first; `limit` keeps the newest N of the answer. */
  fetchRecentTrades(options?: CallOptions & { limit?: number }): Promise<RecentTradeList>;
  /** Where each of a wallet's queued intents stands in the relayer queue. */
  fetchQueueRanks(address: string, options?: CallOptions): Promise<QueueRanks>;
  /** Protocol time series at one bucket size. */
  fetchProtocolHistory(interval: HistoryInterval, options?: CallOptions): Promise<ProtocolHistory>;
  /** `/relayer/health`. */
  fetchRelayerHealth(options?: CallOptions): Promise<RelayerHealth>;
  /** A wallet's current account (404 → PapertradeApiError kind `http`, status 404). */
  fetchWalletSnapshot(address: string, options?: CallOptions): Promise<WalletAccount>;
  /** The wallet's live events until `signal` aborts; see `openWalletStream`. */
  openWalletStream(address: string, options: CallOptions): AsyncIterable<WalletStreamEvent>;
  /**
   * Outcomes of the wallet's intents that its stream reported while this client read it,
   * newest first; a snapshot carries none, so this is empty until a stream saw a patch.
   */
  recentOutcomes(address: string): EndedIntent[];
}

/** Builds a client for one API origin. */
export function createPapertradeClient(options: PapertradeClientOptions): PapertradeClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");

  async function read<S extends z.ZodType, T>(
    path: string,
    params: Array<[string, string]>,
    request: {
      schema: S;
      toDomain: (body: z.output<S>) => T;
      signal?: AbortSignal;
      /** The endpoint named in errors when the path has the wallet in it. */
      endpoint?: string;
    },
  ): Promise<T> {
    const endpoint = request.endpoint ?? path;
    const body = await fetchUpstream(urlFor(baseUrl, path, params), request.schema, {
      endpoint,
      timeoutMs: options.timeoutMs,
      signal: request.signal,
      fetch: options.fetch,
      retry: options.retry,
    });
    try {
      const { value, gaps } = collectGaps(body, () => request.toDomain(body));
      return withModelledGaps(endpoint, value, gaps);
    } catch (error) {
      if (error instanceof WireShapeError) throw upstreamChanged(endpoint, error.message);
      throw error;
    }
  }
  const outcomes = new OutcomeLog();
  const now = options.now ?? Date.now;
  async function* logOutcomes(
    address: string,
    events: AsyncIterable<WalletStreamEvent>,
  ): AsyncGenerator<WalletStreamEvent, void, undefined> {
    const wallet = address.toLowerCase() as Address;
    for await (const event of events) {
      if (event.type === "patch") {
        // Stamped when this server received it: a stream reopened later replays no old time.
        outcomes.record(wallet, event.patch, now());
      }
      yield event;
    }
  }
  const streamOptions = (call: CallOptions = {}) => ({
    baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    signal: call.signal,
  });

  return {
    fetchTradingState: ({ signal } = {}) =>
      read(E.tradingState.path, [], {
        schema: wire.tradingState,
        toDomain: toTradingState,
        signal,
      }),
    fetchLeaderboard: (query = {}) =>
      read(E.leaderboard.path, leaderboardParams(query), {
        schema: wire.leaderboardPageEnvelope,
        toDomain: toLeaderboardPage,
        signal: query.signal,
      }),
    fetchTradeHistory: (query) =>
      read(E.tradeHistory.path, tradeHistoryParams(query), {
        schema: wire.tradeHistoryEnvelope,
        toDomain: toTradeHistoryPage,
        signal: query.signal,
      }),
    fetchProtocolSummary: ({ signal } = {}) =>
      read(E.protocolSummary.path, [], {
        schema: wire.protocolSummary,
        toDomain: toProtocolSummary,
        signal,
      }),
    fetchMarketStats: ({ signal } = {}) =>
      read(E.marketStats.path, [], {
        schema: wire.marketStats,
        toDomain: toMarketStats,
        signal,
      }),
    fetchQueueSummary: ({ signal } = {}) =>
      read(E.queueSummary.path, [], {
        schema: wire.queueSummary,
        toDomain: toQueueSummary,
        signal,
      }),
    fetchRecentTrades: async ({ signal, limit } = {}) => {
      // The upstream takes no query string (papertrade-facts.md 11.1); the newest N are ours.
      const trades = await read(E.recentTrades.path, [], {
        schema: wire.recentTradesEnvelope,
        toDomain: toRecentTrades,
        signal,
      });
      if (limit === undefined || trades.length <= limit) return trades;
      const { rowsSkipped, modelledGaps } = trades;
      return Object.assign(
        trades.slice(0, limit),
        { rowsSkipped },
        modelledGaps && { modelledGaps },
      );
    },
    fetchQueueRanks: (address, { signal } = {}) =>
      read(endpointPath(E.queueRank, address), [], {
        schema: wire.queueRank,
        toDomain: toQueueRanks,
        signal,
        endpoint: E.queueRank.path,
      }),
    fetchProtocolHistory: (interval, { signal } = {}) =>
      read(E.protocolHistory.path, [["interval", interval]], {
        schema: wire.protocolHistory,
        toDomain: toProtocolHistory,
        signal,
      }),
    fetchRelayerHealth: ({ signal } = {}) =>
      read(E.relayerHealth.path, [], {
        schema: wire.relayerHealth,
        toDomain: toRelayerHealth,
        signal,
      }),
    fetchWalletSnapshot: (address, call) => fetchWalletSnapshot(address, streamOptions(call)),
    openWalletStream: (address, call) =>
      logOutcomes(address, openWalletStream(address, streamOptions(call))),
    recentOutcomes: (address) => outcomes.recent(address),
  };
}

/** Leaderboard parameters, sorted by name and each once, as the upstream requires. */
export function leaderboardParams(query: LeaderboardQuery): Array<[string, string]> {
  const params: Array<[string, string]> = [
    ["window", query.window ?? "24h"],
    ["sortKey", query.sortKey ?? "totalWindowedPnl"],
    ["sortDir", query.sortDir ?? "desc"],
    ["page", `${query.page ?? 0}`],
    ["pageSize", `${query.pageSize ?? 25}`],
  ];
  const text = query.query?.trim();
  if (text) params.push(["query", text]);
  return sortByName(params);
}

/**
 * Trade-history parameters, sorted by name.
 * modelled: [tradeHistory.path] the same convention as the leaderboard.
 */
export function tradeHistoryParams(query: TradeHistoryQuery): Array<[string, string]> {
  const params: Array<[string, string]> = [
    ["wallet", query.wallet.toLowerCase()],
    ["filter", query.filter ?? "all"],
    ["limit", `${query.limit ?? 75}`],
  ];
  if (query.cursor) params.push(["cursor", query.cursor]);
  return sortByName(params);
}

// Code-unit order, so "pageSize" follows "page" and "sortDir" precedes "sortKey".
function sortByName(params: Array<[string, string]>): Array<[string, string]> {
  return params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function urlFor(baseUrl: string, endpoint: string, params: Array<[string, string]>): string {
  if (params.length === 0) return `${baseUrl}${endpoint}`;
  return `${baseUrl}${endpoint}?${new URLSearchParams(params)}`;
}
