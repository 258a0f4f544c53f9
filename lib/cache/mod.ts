/**
 * The read cache of the Papertrade client: one upstream read serves every concurrent reader,
 * each answer is kept for the lifetime its row of the endpoint table gives, and the last good
 * answer stands in (labelled stale) while the upstream fails. See README "Caching".
 */
import { PapertradeApiError, type PapertradeClient } from "../papertrade/mod.ts";
import { HyperliquidApiError } from "../hyperliquid/l2_book.ts";
import { kvConfigured, openSharedKv } from "../kv.ts";
import { cachePapertradeClient } from "./cached_client.ts";
import { kvLastGoodStore } from "./kv_last_good.ts";
import { createReadCache, type ReadCache, type ReadCacheOptions } from "./read_cache.ts";

export { readKey, uncachedClient } from "./cached_client.ts";
export { cacheCandleReader } from "./cached_candles.ts";
export { createReadCache, type LastGoodStore, type ReadLifetime } from "./read_cache.ts";
export { withFreshnessScope } from "./freshness.ts";
export { kvLastGoodStore } from "./kv_last_good.ts";

/**
 * True for failures a kept answer may stand in for: the upstream (the Papertrade API, or
 * Hyperliquid's info API for the candles) is down, slow, limiting us or answering garbage. A 4xx
 * other than 429 is an answer (e.g. unknown wallet), not an outage.
 */
export function isUpstreamOutage(error: unknown): boolean {
  if (!(error instanceof PapertradeApiError || error instanceof HyperliquidApiError)) return false;
  if (error.kind !== "http") return true;
  return error.status === undefined || error.status >= 500;
}

interface WithReadCacheOptions extends ReadCacheOptions {
  /** Environment that decides whether KV keeps last good answers (see `lib/kv.ts`). */
  env?: { get(name: string): string | undefined };
}

/** `client` behind a new read cache (with KV last good answers where KV is configured). */
export function withReadCache(
  client: PapertradeClient,
  options: WithReadCacheOptions = {},
): PapertradeClient & { readCache: ReadCache } {
  const lastGood = options.lastGood ??
    (kvConfigured(options.env ?? Deno.env)
      ? kvLastGoodStore(
        openSharedKv().catch((error) => {
          console.error(
            "[read-cache] Deno KV unavailable, last good answers in memory only:",
            error,
          );
          return undefined;
        }),
      )
      : undefined);
  const cache = createReadCache({ isOutage: isUpstreamOutage, ...options, lastGood });
  return Object.assign(cachePapertradeClient(client, cache), { readCache: cache });
}
