/**
 * Live marks: ⌊(bid + ask) / 2⌋ of the Hyperliquid best bid and offer the protocol settles on
 * (docs/data-sources.md). Read from HyperEVM's BBO precompile (`eth_call`, both instruments in one
 * JSON-RPC batch, primary RPC then fallback); an instrument it could not price (both endpoints
 * failed, or a zero or crossed quote) from Hyperliquid's `l2Book`. A paused or retired market
 * settles at its frozen BBO: the trading state's frozen quotes win and nothing is read for it.
 */
import type { Instrument, PapertradeClient } from "./papertrade/mod.ts";
import { type BboReader, createBboReader } from "./hyperevm/bbo.ts";
import { HyperEvmError } from "./hyperevm/hyperevm_error.ts";
import type { HyperEvmClient } from "./hyperevm/client.ts";
import {
  type BookTopReader,
  createBookTopReader,
  HyperliquidApiError,
} from "./hyperliquid/l2_book.ts";
import { markPrice } from "./math/mod.ts";
import { createReadCache, readKey, type ReadLifetime } from "./cache/mod.ts";

/** The live quote of one instrument, raw at its price scale. */
export interface Quote {
  instrumentId: number;
  bid: bigint;
  ask: bigint;
  at: number;
  source: "bbo" | "l2Book";
}

export type MarkSource = Quote["source"] | "frozen";

export interface Mark extends Omit<Quote, "at" | "source"> {
  symbol: string;
  priceScale: bigint;
  /** BBO mid, raw at the price scale. */
  markRaw: bigint;
  /** When the quote was read (ms; the book's time for l2Book, the pause time when frozen). */
  at: number | null;
  source: MarkSource;
}

export interface QuoteSource {
  /** Leaves out an instrument neither source priced; an AggregateError when none got a quote. */
  fetchQuotes(
    instruments: readonly Instrument[],
    options?: { signal?: AbortSignal },
  ): Promise<Quote[]>;
}

/** A market read's sources: trading state (Papertrade), quotes, the win fee (Exchange). */
export interface MarketSources {
  papertrade: PapertradeClient;
  quotes: QuoteSource;
  hyperevm: Pick<HyperEvmClient, "winFeeRate">;
}

/** The two sources in order, stamping precompile quotes with `now` (it carries no time). */
export function createQuoteSource(
  options: { bbo: BboReader; bookTop: BookTopReader; now?: () => number },
): QuoteSource {
  const now = options.now ?? Date.now;
  return {
    async fetchQuotes(instruments, { signal } = {}) {
      const quotes: Quote[] = [];
      const failures: unknown[] = [];
      const at = now();
      try {
        const read = await options.bbo(instruments.map((i) => i.assetIndex), { signal });
        instruments.forEach((instrument, index) => {
          const { bid, ask } = read[index];
          if (hasMid(bid, ask)) {
            quotes.push({ instrumentId: instrument.id, bid, ask, at, source: "bbo" });
          }
        });
      } catch (error) {
        if (!(error instanceof HyperEvmError)) throw error;
        failures.push(error);
      }
      const missing = instruments.filter((i) => !quotes.some((q) => q.instrumentId === i.id));
      const books = await Promise.allSettled(
        missing.map((i) => options.bookTop(i.symbol, i.priceScale, { signal })),
      );
      books.forEach((book, index) => {
        if (book.status === "rejected") {
          if (!(book.reason instanceof HyperliquidApiError)) throw book.reason;
          return failures.push(book.reason);
        }
        const { bid, ask, at } = book.value;
        if (hasMid(bid, ask)) {
          quotes.push({ instrumentId: missing[index].id, bid, ask, at, source: "l2Book" });
        }
      });
      if (quotes.length === 0 && failures.length > 0) {
        throw new AggregateError(failures, "no live quote from either source");
      }
      return quotes;
    },
  };
}

/** The quote source over the configured HyperEVM RPC endpoints and Hyperliquid info API. */
export function createLiveQuotes(options: {
  rpcUrl: string;
  fallbackRpcUrl?: string;
  hyperliquidInfoUrl: string;
  timeoutMs?: number;
  now?: () => number;
}): QuoteSource {
  const { rpcUrl, fallbackRpcUrl, timeoutMs } = options;
  return createQuoteSource({
    bbo: createBboReader({ rpcUrl, fallbackRpcUrl, timeoutMs }),
    bookTop: createBookTopReader({ url: options.hyperliquidInfoUrl, timeoutMs }),
    now: options.now,
  });
}

/** How long a quote is shared: pages within one second read one quote; the poller never waits. */
const QUOTE_LIFETIME: ReadLifetime = {
  freshMs: 1_000,
  revalidateMs: 0,
  lastGoodMs: 10 * 60_000,
  reason: "marks are one-second quotes: an older one is visibly behind the venue",
};

/**
 * `source` behind a cache: concurrent readers share one read, a quote is kept for
 * {@link QUOTE_LIFETIME}; while both sources fail the last quotes are served, labelled stale.
 */
export function cacheQuoteSource(
  source: QuoteSource,
  options: { now?: () => number } = {},
): QuoteSource {
  // Only "no quote from either source" (an AggregateError) is an outage that serves the last ones.
  const isOutage = (error: unknown) => error instanceof AggregateError;
  const cache = createReadCache({ maxEntries: 16, isOutage, now: options.now });
  return {
    fetchQuotes: (instruments, { signal } = {}) =>
      cache.getOrLoad(
        readKey("fetchQuotes", { of: instruments.map((i) => `${i.id}:${i.assetIndex}`) }),
        QUOTE_LIFETIME,
        () => source.fetchQuotes(instruments),
        signal,
      ),
  };
}

/** The marks of `instruments`: frozen books from the trading state, the others read live. */
export async function fetchLiveMarks(
  quotes: QuoteSource,
  instruments: readonly Instrument[],
  options: { signal?: AbortSignal } = {},
): Promise<Map<number, Mark>> {
  const live = instruments.filter((i) => frozenQuote(i) === null);
  const read = live.length > 0 ? await quotes.fetchQuotes(live, options) : [];
  return marksByInstrument(instruments, read);
}

/** Builds the mark of every instrument that has a usable quote; others are left out. */
export function marksByInstrument(
  instruments: readonly Instrument[],
  quotes: readonly Quote[],
): Map<number, Mark> {
  const marks = new Map<number, Mark>();
  for (const instrument of instruments) {
    const quote = frozenQuote(instrument) ?? quotes.find((q) => q.instrumentId === instrument.id);
    if (!quote || !hasMid(quote.bid, quote.ask)) continue;
    marks.set(instrument.id, {
      instrumentId: instrument.id,
      symbol: instrument.symbol,
      priceScale: instrument.priceScale,
      markRaw: markPrice(quote.bid, quote.ask),
      bid: quote.bid,
      ask: quote.ask,
      at: quote.at,
      source: quote.source,
    });
  }
  return marks;
}

function frozenQuote(instrument: Instrument) {
  if (instrument.frozenBid === null || instrument.frozenAsk === null) return null;
  return {
    bid: instrument.frozenBid,
    ask: instrument.frozenAsk,
    at: instrument.pausedAt,
    source: "frozen" as const,
  };
}

// A zero or crossed quote has no mid on chain either (the oracle reverts), so no mark.
function hasMid(bid: bigint, ask: bigint): boolean {
  try {
    markPrice(bid, ask);
    return true;
  } catch {
    return false;
  }
}
