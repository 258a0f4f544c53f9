/**
 * Builds the app's dependencies from its configuration. The upstream clients (the Papertrade
 * wire schemas, viem, the quote sources, the read cache) load with the first read that needs
 * them, not at start: a process answers its first request that reads nothing (robots.txt, a
 * static file, a health check) without them (issue 18, the cold start).
 */
import type { AppConfig } from "./config.ts";
import type { AppDeps } from "./deps.ts";
import type { PapertradeClient } from "./papertrade/client.ts";
import type { HyperEvmClient } from "./hyperevm/client.ts";
import type { QuoteSource } from "./marks.ts";
import type { CandleReader } from "./hyperliquid/candles.ts";
import { recordUnderlying } from "./cache/underlying.ts";
import { lazily, lazyImport } from "./http/app_env.ts";

interface Clients {
  papertrade: PapertradeClient;
  uncached: PapertradeClient;
  hyperevm: HyperEvmClient;
  quotes: QuoteSource;
  candles: CandleReader;
}

/** Real upstream clients over the configured URLs, with the system clock unless given one. */
export function createDeps(config: AppConfig, options: { now?: () => number } = {}): AppDeps {
  const now = options.now ?? Date.now;
  let loaded: Clients | undefined;
  // Built once; a failed build (a module that could not be read) is tried again on the next read.
  const clients = lazily(() => loadClients(config, now).then((built) => loaded = built));
  // Each stand-in forwards to the real client once it is loaded; only the stream's outcome log
  // is read synchronously, and it is empty until a stream (which loads the clients) saw a patch.
  const lazyPapertrade = (pick: (built: Clients) => PapertradeClient): PapertradeClient => ({
    read: async (name, ...args) => await pick(await clients()).read(name, ...args),
    async *openWalletStream(address, call) {
      yield* pick(await clients()).openWalletStream(address, call);
    },
    recentOutcomes: (address) => loaded ? pick(loaded).recentOutcomes(address) : [],
    reconcile: (account) => loaded ? pick(loaded).reconcile(account) : account,
  });
  const papertrade = lazyPapertrade((built) => built.papertrade);
  recordUnderlying(papertrade, lazyPapertrade((built) => built.uncached));
  const chain = async <T>(call: (client: HyperEvmClient) => Promise<T>) =>
    await call((await clients()).hyperevm);
  return {
    config,
    papertrade,
    hyperevm: {
      blockNumber: (call) => chain((client) => client.blockNumber(call)),
      block: (number) => chain((client) => client.block(number)),
      transaction: (hash) => chain((client) => client.transaction(hash)),
      receipt: (hash) => chain((client) => client.receipt(hash)),
      logs: (filter) => chain((client) => client.logs(filter)),
      winFeeRate: () => chain((client) => client.winFeeRate()),
    },
    quotes: {
      fetchQuotes: async (instruments, call) =>
        await (await clients()).quotes.fetchQuotes(instruments, call),
    },
    candles: async (request, call) => await (await clients()).candles(request, call),
    now,
  };
}

// Run-time specifiers, as `lazyImport` explains: a literal import() would load them at start.
const at = (path: string) => new URL(path, import.meta.url);
const clientModules = {
  papertrade: lazyImport<typeof import("./papertrade/client.ts")>(at("./papertrade/client.ts")),
  hyperevm: lazyImport<typeof import("./hyperevm/client.ts")>(at("./hyperevm/client.ts")),
  marks: lazyImport<typeof import("./marks.ts")>(at("./marks.ts")),
  pool: lazyImport<typeof import("./http/upstream_pool.ts")>(at("./http/upstream_pool.ts")),
  cache: lazyImport<typeof import("./cache/mod.ts")>(at("./cache/mod.ts")),
  candles: lazyImport<typeof import("./hyperliquid/candles.ts")>(at("./hyperliquid/candles.ts")),
};

async function loadClients(config: AppConfig, now: () => number): Promise<Clients> {
  const [
    { createPapertradeClient },
    { createHyperEvmClient },
    marks,
    { upstreamFetch },
    cache,
    { createCandleReader },
  ] = await Promise.all([
    clientModules.papertrade(),
    clientModules.hyperevm(),
    clientModules.marks(),
    clientModules.pool(),
    clientModules.cache(),
    clientModules.candles(),
  ]);
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
  const papertrade = cache.withReadCache(uncached);
  const candleReader = createCandleReader({
    url: config.hyperliquidInfoUrl,
    timeoutMs: config.upstreamTimeoutMs,
  });
  return {
    papertrade,
    uncached,
    candles: cache.cacheCandleReader(candleReader, papertrade.readCache),
    hyperevm: createHyperEvmClient({ ...rpc, now }),
    quotes: marks.cacheQuoteSource(
      marks.createLiveQuotes({ ...rpc, hyperliquidInfoUrl: config.hyperliquidInfoUrl, now }),
    ),
  };
}
