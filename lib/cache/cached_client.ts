/**
 * The Papertrade client's and Hyperliquid's candle reads through one {@link ReadCache}, keyed by
 * the read's name and parameters (the table's defaults filled in), kept for its row's lifetime.
 * The wallet stream passes through (`lib/wallet/wallet_hub.ts`).
 */
import {
  alignCandleRequest,
  type CandleReader,
  HYPERLIQUID_READS,
} from "../hyperliquid/candles.ts";
import {
  PAPERTRADE_ENDPOINTS,
  type PapertradeClient,
  type PapertradeEndpoint,
  readParams,
  type WalletAccount,
} from "../papertrade/mod.ts";
import type { ReadCache } from "./read_cache.ts";
import { recordUnderlying } from "./underlying.ts";

export { uncachedClient } from "./underlying.ts";

/** Wraps `client` so its reads are cached in `cache`, each for its row's lifetime. */
export function cachePapertradeClient(
  client: PapertradeClient,
  cache: ReadCache,
): PapertradeClient {
  const cachedClient: PapertradeClient = {
    ...client,
    read: (name, ...[params, call]) => {
      const { lifetime } = PAPERTRADE_ENDPOINTS[name] as PapertradeEndpoint;
      if (!lifetime) return client.read(name, ...[params, call] as never);
      const key = readKey(name, readParams(name, params));
      const answer = cache.getOrLoad(
        key,
        lifetime,
        () => client.read(name, ...[params] as never),
        call?.signal,
      );
      // A kept snapshot is brought up to what the streams reported since it was read.
      if (name !== "walletStream") return answer;
      return answer.then((account) => client.reconcile(account as WalletAccount)) as typeof answer;
    },
  };
  recordUnderlying(cachedClient, client);
  return cachedClient;
}

/**
 * `name?param=value&...`, sorted by name, undefined ones left out: the same read always has the
 * same key, different wallets, windows or cursors never share one.
 */
export function readKey(name: string, params: Record<string, unknown>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => [key, String(value)]);
  return pairs.length === 0 ? name : `${name}?${new URLSearchParams(pairs)}`;
}

/** `reader` behind `cache`, requests aligned to their interval so readers seconds apart share. */
export function cacheCandleReader(reader: CandleReader, cache: ReadCache): CandleReader {
  const { lifetime } = HYPERLIQUID_READS.candleSnapshot;
  return (request, { signal } = {}) => {
    const aligned = alignCandleRequest(request);
    const key = readKey("candleSnapshot", { ...aligned });
    return cache.getOrLoad(key, lifetime, () => reader(aligned), signal);
  };
}
