/**
 * Live marks for every live stream of a process from one poll of the quotes (`lib/marks.ts`): a
 * hundred viewers cost the upstream what one does. It polls only while someone listens.
 */
import type { PapertradeClient, TradingState } from "../papertrade/mod.ts";
import { fetchLiveMarks, type Mark, type MarketSources } from "../marks.ts";
import { SYSTEM_TIMERS, type Timers } from "../timers.ts";
import { marketsOf } from "./overview.ts";
import { sharedMarkSamples } from "./mark_samples.ts";
import { isUpstreamFailure } from "../parts.ts";

/**
 * The trading state and its live marks, the Exchange's win fee and PaperStaking's accumulator
 * (null while unread: only the close payout, or the pending rewards, are left out then).
 */
export interface MarketState {
  trading: TradingState;
  marks: Map<number, Mark>;
  winFeeRate: bigint | null;
  accumulator: bigint | null;
}

/** What a subscriber hears: each fresh market state, or each failed poll. */
type MarketListener = { onMarket(state: MarketState): void; onError(error: unknown): void };

export type MarketFeed = ReturnType<typeof createMarketFeed>;

/** Timing of a {@link MarketFeed}; tests pass timers on a clock they move. */
type MarketFeedOptions = { pollMs?: number; now?: () => number; timers?: Timers };
/** How often the trading state (instruments, pauses, frozen books) is re-read. */
const TRADING_REFRESH_MS = 30_000;

const feeds = new WeakMap<PapertradeClient, MarketFeed>();

/** After an upstream failure, the value read before (or null); anything else propagates. */
function kept(previous: bigint | null | undefined) {
  return (error: unknown): bigint | null => {
    if (!isUpstreamFailure(error)) throw error;
    return previous ?? null;
  };
}

/** The process-wide feed of a Papertrade client (created on first use with these options). */
export function sharedMarketFeed(sources: MarketSources, options: MarketFeedOptions = {}) {
  return feeds.getOrInsertComputed(sources.papertrade, () => createMarketFeed(sources, options));
}

/**
 * A shared, reference-counted price poller. `subscribe` delivers the latest state (if any) at
 * once; its returned function stops listening and, when the last listener leaves, resolves once
 * the poll in flight has settled, so nothing outlives the last stream.
 */
export function createMarketFeed(
  { papertrade, quotes, hyperevm }: MarketSources,
  options: MarketFeedOptions = {},
) {
  const { pollMs = 1_500, now = Date.now, timers = SYSTEM_TIMERS } = options;
  const listeners = new Set<MarketListener>();
  // Every poll is a sample of the marks and open interest (the position and markets charts).
  const samples = sharedMarkSamples(papertrade, now);
  let latest: MarketState | null = null;
  let tradingReadAt = Number.NEGATIVE_INFINITY;
  // One generation per run of the poll loop; a loop that sees a newer one stops.
  let generation = 0;
  let running = false;
  let timer: unknown;
  let controller: AbortController | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let recording: Promise<void> = Promise.resolve();

  async function poll(run: number): Promise<void> {
    controller = new AbortController();
    const { signal } = controller;
    try {
      const stale = latest === null || now() - tradingReadAt >= TRADING_REFRESH_MS;
      // The win fee and the accumulator are re-read with the trading state; a failed read keeps
      // the last value, or null before the first.
      const [trading, winFeeRate, accumulator] = stale
        ? await Promise.all([
          papertrade.read("tradingState", {}, { signal }),
          hyperevm.winFeeRate().catch(kept(latest?.winFeeRate)),
          papertrade.read("protocolSummary", {}, { signal }).then(
            (summary) => summary.stakingAccumulator,
            kept(latest?.accumulator),
          ),
        ])
        : [latest!.trading, latest!.winFeeRate, latest!.accumulator];
      const marks = await fetchLiveMarks(quotes, trading.instruments, { signal });
      if (run !== generation) return;
      if (stale) tradingReadAt = now();
      latest = { trading, marks, winFeeRate, accumulator };
      for (const listener of [...listeners]) listener.onMarket(latest);
      // After the listeners and beside the poll loop, so the market history's write delays
      // neither the live pages nor the next poll; one write at a time.
      const markets = marketsOf(trading, marks, null);
      recording = recording.then(() => samples.recordMarkets(markets)).catch((error) => {
        console.error("[markets] a market sample was not recorded:", error);
      });
    } catch (error) {
      if (run !== generation) return;
      for (const listener of [...listeners]) listener.onError(error);
    } finally {
      if (run === generation && listeners.size > 0) {
        timer = timers.setTimeout(() => inFlight = poll(run), pollMs);
      }
    }
  }

  function stop(): Promise<void> {
    generation++;
    running = false;
    timers.clearTimeout(timer);
    controller?.abort();
    return inFlight.then(() => recording);
  }

  return {
    subscribe(listener: MarketListener): () => Promise<void> {
      listeners.add(listener);
      // Only a running feed's state is fresh; after a pause the next poll comes right away.
      if (running && latest) listener.onMarket(latest);
      if (!running) {
        running = true;
        inFlight = poll(++generation);
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return Promise.resolve();
        return stop();
      };
    },
  };
}
