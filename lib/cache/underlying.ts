/**
 * The client a cached Papertrade client wraps: the live price poller, one shared poll already,
 * reads it (a kept answer would only make the marks a poll older). Its own import-free module,
 * so `lib/boot.ts` can pair its lazy clients without loading the clients' modules at start.
 */
import type { PapertradeClient } from "../papertrade/client.ts";

const underlying = new WeakMap<PapertradeClient, PapertradeClient>();

/** Records that `cached` reads through `client`. */
export function recordUnderlying(cached: PapertradeClient, client: PapertradeClient): void {
  underlying.set(cached, uncachedClient(client));
}

/** The client behind a cached one (or `client` itself). */
export function uncachedClient(client: PapertradeClient): PapertradeClient {
  return underlying.get(client) ?? client;
}
