/**
 * The Papertrade client with every read going through one {@link ReadCache}: the key is the
 * method and its parameters (wallet, window, cursor, ...), the lifetime comes from
 * {@link READ_LIFETIMES}. The wallet stream is passed through (see `lib/live/wallet_hub.ts`).
 */
import type { CallOptions, PapertradeClient } from "../papertrade/mod.ts";
import { type CachedMethod, READ_LIFETIMES } from "./lifetimes.ts";
import type { ReadCache } from "./read_cache.ts";

const underlying = new WeakMap<PapertradeClient, PapertradeClient>();

/**
 * The client behind a cached one (or `client` itself). For the live price poller: it is one
 * shared poll already, and serving it a kept answer would only make the marks one poll older.
 */
export function uncachedClient(client: PapertradeClient): PapertradeClient {
  return underlying.get(client) ?? client;
}

/** Wraps `client` so its reads are cached in `cache`. */
export function cachePapertradeClient(
  client: PapertradeClient,
  cache: ReadCache,
): PapertradeClient {
  function cached<T>(
    method: CachedMethod,
    params: Record<string, unknown>,
    signal: AbortSignal | undefined,
    load: () => Promise<T>,
  ): Promise<T> {
    return cache.read(readKey(method, params), READ_LIFETIMES[method], load, signal);
  }
  const cachedClient: PapertradeClient = {
    ...client,
    fetchTradingState: ({ signal } = {}) =>
      cached("fetchTradingState", {}, signal, () => client.fetchTradingState()),
    fetchProtocolSummary: ({ signal } = {}) =>
      cached("fetchProtocolSummary", {}, signal, () => client.fetchProtocolSummary()),
    fetchMarketStats: ({ signal } = {}) =>
      cached("fetchMarketStats", {}, signal, () => client.fetchMarketStats()),
    fetchQueueSummary: ({ signal } = {}) =>
      cached("fetchQueueSummary", {}, signal, () => client.fetchQueueSummary()),
    fetchRelayerHealth: ({ signal } = {}) =>
      cached("fetchRelayerHealth", {}, signal, () => client.fetchRelayerHealth()),
    fetchRecentTrades: ({ signal, ...params } = {}) =>
      cached("fetchRecentTrades", params, signal, () => client.fetchRecentTrades(params)),
    fetchProtocolHistory: (interval, { signal } = {}) =>
      cached(
        "fetchProtocolHistory",
        { interval },
        signal,
        () => client.fetchProtocolHistory(interval),
      ),
    fetchLeaderboard: ({ signal, ...params } = {}) =>
      cached("fetchLeaderboard", params, signal, () => client.fetchLeaderboard(params)),
    fetchTradeHistory: ({ signal, ...params }) =>
      cached(
        "fetchTradeHistory",
        { ...params, wallet: params.wallet.toLowerCase() },
        signal,
        () => client.fetchTradeHistory(params),
      ),
    fetchWalletSnapshot: (address: string, { signal }: CallOptions = {}) =>
      cached(
        "fetchWalletSnapshot",
        { wallet: address.toLowerCase() },
        signal,
        () => client.fetchWalletSnapshot(address),
      ),
    fetchQueueRanks: (address: string, { signal }: CallOptions = {}) =>
      cached(
        "fetchQueueRanks",
        { wallet: address.toLowerCase() },
        signal,
        () => client.fetchQueueRanks(address),
      ),
    openWalletStream: (address, options) => client.openWalletStream(address, options),
  };
  underlying.set(cachedClient, uncachedClient(client));
  return cachedClient;
}

/**
 * `method?name=value&...` with the parameters sorted by name and undefined ones left out, so
 * the same read always has the same key and different wallets, windows or cursors never share.
 */
export function readKey(method: string, params: Record<string, unknown>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => [name, String(value)]);
  return pairs.length === 0 ? method : `${method}?${new URLSearchParams(pairs)}`;
}
