/**
 * Hyperliquid's price history: `POST /info` with
 * `{"type":"candleSnapshot","req":{"coin","interval","startTime","endTime"}}` answers OHLC
 * candles, oldest first, at most {@link MAX_CANDLES_PER_ANSWER} per answer, for the intervals of
 * {@link CANDLE_INTERVALS} (papertrade-facts.md 13.4). Candles are **trade prices** on
 * Hyperliquid, not the best-bid-offer mid the mark is: a chart that draws them says "Hyperliquid
 * candles (trade prices)" ({@link CANDLE_LABEL}). Only this folder knows the wire shape; the read
 * cache wraps the reader (`lib/cache/cached_candles.ts`) with the row below.
 */
import { z } from "zod";
import { upstreamFetch } from "../http/upstream_pool.ts";
import {
  AnswerTooLargeError,
  fetchOnOrigin,
  readBoundedText,
  RedirectedAwayError,
  UnsupportedEncodingError,
} from "../http/upstream_answer.ts";
import type { ReadLifetime } from "../read_lifetime.ts";
import { HyperliquidApiError } from "./l2_book.ts";

/** The request named in errors and in the unavailable parts of pages and tools. */
export const CANDLES_ENDPOINT = "POST /info candleSnapshot";
/** What a chart calls these prices, so no one reads them as marks. */
export const CANDLE_LABEL = "Hyperliquid candles (trade prices, not the BBO mid)";
/** Hyperliquid's cap on one answer: page by advancing `startTime`. */
export const MAX_CANDLES_PER_ANSWER = 5_000;
/** The most bytes of one answer read: 5,000 candles are about 0.8 MiB. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Every interval Hyperliquid serves, shortest first. */
export const CANDLE_INTERVALS = [
  "1m",
  "3m",
  "5m",
  "15m",
  "30m",
  "1h",
  "2h",
  "4h",
  "8h",
  "12h",
  "1d",
  "3d",
  "1w",
  "1M",
] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Each interval's length in ms; `1M` (a calendar month) as its longest, 31 days. */
export const CANDLE_INTERVAL_MS: Readonly<Record<CandleInterval, number>> = {
  "1m": MINUTE,
  "3m": 3 * MINUTE,
  "5m": 5 * MINUTE,
  "15m": 15 * MINUTE,
  "30m": 30 * MINUTE,
  "1h": 60 * MINUTE,
  "2h": 120 * MINUTE,
  "4h": 240 * MINUTE,
  "8h": 480 * MINUTE,
  "12h": 720 * MINUTE,
  "1d": DAY,
  "3d": 3 * DAY,
  "1w": 7 * DAY,
  "1M": 31 * DAY,
};

/** The read's row of the Hyperliquid table (`reads.ts`), as a Papertrade read has its row. */
export const CANDLE_SNAPSHOT_READ = {
  endpoint: CANDLES_ENDPOINT,
  part: "price history (Hyperliquid candles)",
  usedFor: "Price history of BTC and ETH older than the explorer's own mark samples, drawn as " +
    "Hyperliquid candles (trade prices, not the BBO mid)",
  source: "Hyperliquid's info API docs (papertrade-facts.md 13.4)",
  lifetime: {
    freshMs: 60_000,
    revalidateMs: 5 * MINUTE,
    lastGoodMs: 24 * 60 * MINUTE,
    reason: "closed candles never change and the newest minutes come from our own mark samples",
  } satisfies ReadLifetime,
} as const;

/** What to read: one coin's candles from `startTime` to `endTime` (ms), at `priceScale`. */
export interface CandleRequest {
  coin: string;
  interval: CandleInterval;
  startTime: number;
  endTime: number;
  /** The instrument's price scale: prices are read exactly into raw units (× scale). */
  priceScale: bigint;
}

/** One candle; prices in raw units at the request's `priceScale`. */
export interface Candle {
  /** Open time and close time (ms), as Hyperliquid gives them (`t`, `T`). */
  openTime: number;
  closeTime: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Traded size in the coin, as sent (a decimal string). */
  volume: string;
  trades: number;
}

/** One answer: its candles oldest first, and what was left out. */
export interface CandleSnapshot {
  coin: string;
  interval: CandleInterval;
  candles: Candle[];
  /** Rows that did not parse (or named another coin or interval) and were dropped. */
  rowsSkipped: number;
  /**
   * True when the answer held {@link MAX_CANDLES_PER_ANSWER} rows: the range may hold more
   * (read on from the last candle's close).
   */
  capped: boolean;
}

/** Reads one answer; fails with a {@link HyperliquidApiError} naming {@link CANDLES_ENDPOINT}. */
export type CandleReader = (
  request: CandleRequest,
  options?: { signal?: AbortSignal },
) => Promise<CandleSnapshot>;

const decimalPattern = /^[0-9]+(\.[0-9]+)?$/;
const price = z.string().regex(decimalPattern, "expected a decimal price");
/** One candle as Hyperliquid sends it: `{t, T, s, i, o, c, h, l, v, n}`. */
const wireCandle = z.object({
  t: z.number().int().nonnegative(),
  T: z.number().int().nonnegative(),
  s: z.string(),
  i: z.string(),
  o: price,
  c: price,
  h: price,
  l: price,
  v: z.string().regex(decimalPattern, "expected a decimal volume"),
  n: z.number().int().nonnegative(),
});

interface CandleReaderOptions {
  /** The info endpoint, e.g. `https://api.hyperliquid.xyz/info`. */
  url: string;
  /** Timeout of the one attempt, in ms (default 8000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A reader of `url`: one attempt per read (the read cache keeps and coalesces them). */
export function createCandleReader(options: CandleReaderOptions): CandleReader {
  const fetchFn = options.fetch ?? upstreamFetch;
  const timeoutMs = options.timeoutMs ?? 8_000;
  return async (request, { signal } = {}) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const { coin, interval, startTime, endTime } = request;
    let text: string;
    try {
      const response = await fetchOnOrigin(fetchFn, options.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          type: "candleSnapshot",
          req: { coin, interval, startTime, endTime },
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw failure(`answered HTTP ${response.status}`, {
          kind: response.status === 429 ? "rate_limited" : "http",
          status: response.status,
        });
      }
      text = await readBoundedText(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof HyperliquidApiError) throw error;
      if (signal?.aborted) throw signal.reason;
      if (error instanceof AnswerTooLargeError) {
        throw failure(`sent an ${error.message}`, { kind: "too_large" });
      }
      if (error instanceof UnsupportedEncodingError) {
        throw failure(`sent an ${error.message}`, { kind: "malformed_json" });
      }
      if (error instanceof RedirectedAwayError) {
        throw failure(error.message, { kind: "redirected" });
      }
      if (timeout.aborted) throw failure(`timed out after ${timeoutMs} ms`, { kind: "timeout" });
      throw failure("is unreachable", { kind: "network" });
    }
    return parseCandles(text, request);
  };
}

/** Parses a candleSnapshot answer: the whole must be a list, each bad row is dropped. */
export function parseCandles(text: string, request: CandleRequest): CandleSnapshot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw failure("sent malformed JSON", { kind: "malformed_json" });
  }
  if (!Array.isArray(json)) {
    throw failure(`upstream changed: expected a list of candles, got ${typeName(json)}`, {
      kind: "schema",
    });
  }
  const byOpen = new Map<number, Candle>();
  let rowsSkipped = 0;
  for (const row of json) {
    const candle = candleOf(row, request);
    if (candle === null || byOpen.has(candle.openTime)) rowsSkipped++;
    else byOpen.set(candle.openTime, candle);
  }
  return {
    coin: request.coin,
    interval: request.interval,
    candles: [...byOpen.values()].sort((a, b) => a.openTime - b.openTime),
    rowsSkipped,
    capped: json.length >= MAX_CANDLES_PER_ANSWER,
  };
}

/** One row as a candle, or null when it does not parse, is of another series or is inconsistent. */
function candleOf(row: unknown, request: CandleRequest): Candle | null {
  const parsed = wireCandle.safeParse(row);
  if (!parsed.success) return null;
  const { t, T, s, i, o, c, h, l, v, n } = parsed.data;
  if (s !== request.coin || i !== request.interval || T < t) return null;
  const open = scaled(o, request.priceScale);
  const close = scaled(c, request.priceScale);
  const high = scaled(h, request.priceScale);
  const low = scaled(l, request.priceScale);
  if (open === null || close === null || high === null || low === null) return null;
  const inside = (value: bigint) => low <= value && value <= high;
  if (!inside(open) || !inside(close)) return null;
  return { openTime: t, closeTime: T, open, high, low, close, volume: v, trades: n };
}

/** A decimal price × `priceScale`, exactly; null when it is finer than the scale. */
function scaled(px: string, priceScale: bigint): bigint | null {
  const [whole, fraction = ""] = px.split(".");
  const value = BigInt(whole + fraction) * priceScale;
  const divisor = 10n ** BigInt(fraction.length);
  return value % divisor === 0n ? value / divisor : null;
}

/**
 * The shortest interval whose candles over `spanMs` number at most `maxCandles` (default 500):
 * how a chart of a position's life picks its candles.
 */
export function candleIntervalFor(spanMs: number, maxCandles = 500): CandleInterval {
  return CANDLE_INTERVALS.find((interval) => spanMs / CANDLE_INTERVAL_MS[interval] <= maxCandles) ??
    "1M";
}

/**
 * The request with `startTime` and `endTime` moved back to the start of their interval (of a
 * day, for intervals of a day or more): every read within one interval asks the same thing, so
 * the read cache can keep and share it. The candle holding the original start stays in.
 */
export function alignCandleRequest(request: CandleRequest): CandleRequest {
  const step = Math.min(CANDLE_INTERVAL_MS[request.interval], DAY);
  const floor = (ms: number) => Math.floor(ms / step) * step;
  return { ...request, startTime: floor(request.startTime), endTime: floor(request.endTime) };
}

function failure(
  problem: string,
  options: ConstructorParameters<typeof HyperliquidApiError>[1],
): HyperliquidApiError {
  return new HyperliquidApiError(`${CANDLES_ENDPOINT} ${problem}`, {
    ...options,
    endpoint: CANDLES_ENDPOINT,
  });
}

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "a list" : typeof value;
}
