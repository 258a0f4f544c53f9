/** Builds the app's dependencies from its configuration. */
import type { AppConfig } from "./config.ts";
import type { AppDeps } from "./deps.ts";
import { createPapertradeClient } from "./papertrade/mod.ts";
import { createHyperEvmClient } from "./hyperevm/client.ts";
import { cacheQuoteSource, createLiveQuotes } from "./marks.ts";
import { upstreamFetch } from "./http/upstream_pool.ts";
import { withReadCache } from "./cache/mod.ts";

/** Real upstream clients over the configured URLs, with the system clock unless given one. */
export function createDeps(config: AppConfig, options: { now?: () => number } = {}): AppDeps {
  const rpc = {
    rpcUrl: config.rpcUrl,
    fallbackRpcUrl: config.fallbackRpcUrl,
    timeoutMs: config.upstreamTimeoutMs,
  };
  const now = options.now ?? Date.now;
  return {
    config,
    papertrade: withReadCache(createPapertradeClient({
      baseUrl: config.papertradeApiUrl,
      timeoutMs: config.upstreamTimeoutMs,
      fetch: upstreamFetch,
    })),
    hyperevm: createHyperEvmClient(rpc),
    quotes: cacheQuoteSource(
      createLiveQuotes({ ...rpc, hyperliquidInfoUrl: config.hyperliquidInfoUrl, now }),
    ),
    now,
  };
}
