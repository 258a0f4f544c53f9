/**
 * The upstream clients (Papertrade wire schemas, viem, quote sources, candles, read cache), loaded
 * by `lib/boot.ts` with the first read that needs them: one lazy boundary.
 */
import type { AppConfig } from "./config.ts";
import { createPapertradeClient } from "./papertrade/client.ts";
import { createHyperEvmClient } from "./hyperevm/client.ts";
import { cacheQuoteSource, createLiveQuotes } from "./marks.ts";
import { upstreamFetch } from "./http/upstream_pool.ts";
import { cacheCandleReader, withReadCache } from "./cache/mod.ts";
import { createCandleReader } from "./hyperliquid/candles.ts";

/** The clients `createDeps` forwards to; `uncached` is the read cache's underlying client. */
export type Clients = ReturnType<typeof buildClients>;

/** The real clients over the configured URLs, through the upstream pool and the read cache. */
export function buildClients(config: AppConfig, now: () => number) {
  const rpc = {
    rpcUrl: config.rpcUrl,
    fallbackRpcUrl: config.fallbackRpcUrl,
    timeoutMs: config.upstreamTimeoutMs,
  };
  const uncached = createPapertradeClient({
    baseUrl: config.papertradeApiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    fetch: upstreamFetch,
  });
  const papertrade = withReadCache(uncached);
  const candles = createCandleReader({
    url: config.hyperliquidInfoUrl,
    timeoutMs: config.upstreamTimeoutMs,
  });
  return {
    papertrade,
    uncached,
    candles: cacheCandleReader(candles, papertrade.readCache),
    hyperevm: createHyperEvmClient({ ...rpc, now }),
    quotes: cacheQuoteSource(
      createLiveQuotes({ ...rpc, hyperliquidInfoUrl: config.hyperliquidInfoUrl, now }),
    ),
  };
}
