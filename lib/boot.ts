/**
 * Builds the app's dependencies. The upstream clients (Papertrade wire schemas, viem, quote
 * sources, read cache) load with the first read that needs them, so a request that reads nothing
 * (robots.txt, a static file, a health check) is answered without them (issue 18, the cold start).
 */
import type { AppConfig } from "./config.ts";
import type { AppDeps } from "./deps.ts";
import type { PapertradeClient } from "./papertrade/client.ts";
import type { HyperEvmClient } from "./hyperevm/client.ts";
import type { Clients } from "./upstream_clients.ts";
import { recordUnderlying } from "./cache/underlying.ts";
import { lazily, lazyImport } from "./http/app_env.ts";

// The lazy boundary of the clients; a run-time specifier, as `lazyImport` explains.
const clientsModule = lazyImport<typeof import("./upstream_clients.ts")>(
  new URL("./upstream_clients.ts", import.meta.url),
);

/** Real upstream clients over the configured URLs, with the system clock unless given one. */
export function createDeps(config: AppConfig, options: { now?: () => number } = {}): AppDeps {
  const now = options.now ?? Date.now;
  let loaded: Clients | undefined;
  // Built once; a failed build (a module that could not be read) is tried again on the next read.
  const clients = lazily(async () => loaded = (await clientsModule()).buildClients(config, now));
  // Each stand-in forwards to the real client once it is loaded; only the stream's outcome log
  // is read synchronously, and it is empty until a stream (which loads the clients) saw a patch.
  const lazyPapertrade = (pick: (built: Clients) => PapertradeClient): PapertradeClient => ({
    read: async (name, ...args) => await pick(await clients()).read(name, ...args),
    async *openWalletStream(address, call) {
      yield* pick(await clients()).openWalletStream(address, call);
    },
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
