/**
 * Test helper for lib tests in any folder: the replay upstream with real clients pointed at it,
 * pinned to catalog time.
 */
import { catalog, type ReplayUpstream, startReplayUpstream } from "../../fixtures/mod.ts";
import { createHyperEvmClient, type HyperEvmClient } from "../../lib/hyperevm/mod.ts";
import { createPapertradeClient, type PapertradeClient } from "../../lib/papertrade/mod.ts";
import { createLiveQuotes, type QuoteSource } from "../../lib/marks.ts";

export { catalog };

/** What a lib test gets. */
export interface ReplayClients {
  upstream: ReplayUpstream;
  papertrade: PapertradeClient;
  hyperevm: HyperEvmClient;
  quotes: QuoteSource;
  now: () => number;
}

/** Runs `body` against a fresh replay upstream and closes it afterwards. */
export async function withReplayClients(body: (clients: ReplayClients) => Promise<void>) {
  const now = () => catalog.baseTimeMs;
  const upstream = await startReplayUpstream({ port: 0, now });
  try {
    await body({
      upstream,
      papertrade: createPapertradeClient({ baseUrl: upstream.apiUrl, timeoutMs: 5_000 }),
      hyperevm: createHyperEvmClient({
        rpcUrl: upstream.rpcUrl,
        fallbackRpcUrl: upstream.fallbackRpcUrl,
        timeoutMs: 5_000,
      }),
      quotes: createLiveQuotes({ ...upstream, timeoutMs: 5_000, now }),
      now,
    });
  } finally {
    await upstream.close();
  }
}
