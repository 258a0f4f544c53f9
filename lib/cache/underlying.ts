/**
 * Which client a cached Papertrade client wraps: the live price poller reads the one behind it
 * (it is one shared poll already, and a kept answer would only make the marks one poll older).
 * Its own module, with no imports, so `lib/boot.ts` can pair its lazy clients without loading
 * the clients' modules at start.
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
