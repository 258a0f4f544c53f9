/**
 * The read cache of the Papertrade client: one upstream read serves every concurrent reader,
 * each answer is kept for the lifetime its row of the endpoint table gives, and the last good
 * answer stands in (labelled stale) while the upstream fails. See README "Caching".
 */
import { PapertradeApiError, type PapertradeClient } from "../papertrade/mod.ts";
import { HyperliquidApiError } from "../hyperliquid/l2_book.ts";
import { kvConfigured, openSharedKv } from "../kv.ts";
import { cachePapertradeClient } from "./cached_client.ts";
import {
  createReadCache,
  estimateBytes,
  type LastGoodStore,
  type ReadCache,
  type ReadCacheOptions,
} from "./read_cache.ts";

export { cacheCandleReader, readKey, uncachedClient } from "./cached_client.ts";
export { createReadCache, type LastGoodStore, type ReadLifetime } from "./read_cache.ts";
export { withFreshnessScope } from "./freshness.ts";

/**
 * True for failures a kept answer may stand in for: the Papertrade or Hyperliquid API is down,
 * slow, limiting us or answering garbage. A 4xx other than 429 (unknown wallet) is an answer.
 */
export function isUpstreamOutage(error: unknown): boolean {
  if (!(error instanceof PapertradeApiError || error instanceof HyperliquidApiError)) return false;
  if (error.kind !== "http") return true;
  return error.status === undefined || error.status >= 500;
}

/**
 * `client` behind a new read cache, with KV last good answers where `env` (default `Deno.env`)
 * configures KV (see `lib/kv.ts`).
 */
export function withReadCache(
  client: PapertradeClient,
  options: ReadCacheOptions & { env?: { get(name: string): string | undefined } } = {},
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

// KV values are limited to 64 KiB serialized; the estimate counts UTF-16, so halve it.
const MAX_KV_VALUE_BYTES = 60 * 1024 * 2;

/**
 * Last good answers in Deno KV (pass the opening promise), so a fresh isolate can still answer,
 * labelled stale, while the upstream is down. Each expires after its `lastGoodMs`; answers over
 * KV's value limit are skipped; a failed read or write is only logged.
 */
export function kvLastGoodStore(kv: Promise<Deno.Kv | undefined>): LastGoodStore {
  const onError = (error: unknown) => console.error("[read-cache] Deno KV failed:", error);
  const key = (read: string) => ["read_cache", "v1", read];
  return {
    async get(read) {
      try {
        const found = await (await kv)?.get<{ value: unknown; storedAt: number }>(key(read));
        return found?.value ?? undefined;
      } catch (error) {
        onError(error);
        return undefined;
      }
    },
    async set(read, value, storedAt, keepMs) {
      if (estimateBytes(value) > MAX_KV_VALUE_BYTES) return;
      try {
        await (await kv)?.set(key(read), { value, storedAt }, { expireIn: keepMs });
      } catch (error) {
        onError(error);
      }
    },
  };
}
