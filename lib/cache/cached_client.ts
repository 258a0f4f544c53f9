/**
 * The Papertrade client and Hyperliquid's candles with every read going through one
 * {@link ReadCache}: the key is the read's name and its parameters (wallet, window, cursor, ...;
 * the table's defaults filled in), the lifetime is the read's row in its table. The wallet
 * stream is passed through (see `lib/wallet/wallet_hub.ts`); a wallet snapshot, kept or fresh,
 * is reconciled with what the streams reported since it was read.
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
 * `name?param=value&...` with the parameters sorted by name and undefined ones left out, so
 * the same read always has the same key and different wallets, windows or cursors never share.
 */
export function readKey(name: string, params: Record<string, unknown>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => [key, String(value)]);
  return pairs.length === 0 ? name : `${name}?${new URLSearchParams(pairs)}`;
}

/**
 * `reader` behind `cache`. Requests are aligned to their interval first
 * (`alignCandleRequest`), so readers a few seconds apart share one key.
 */
export function cacheCandleReader(reader: CandleReader, cache: ReadCache): CandleReader {
  const { lifetime } = HYPERLIQUID_READS.candleSnapshot;
  return (request, { signal } = {}) => {
    const aligned = alignCandleRequest(request);
    const key = readKey("candleSnapshot", { ...aligned });
    return cache.getOrLoad(key, lifetime, () => reader(aligned), signal);
  };
}
