/**
 * Hyperliquid's price history: `POST /info` with
 * `{"type":"candleSnapshot","req":{"coin","interval","startTime","endTime"}}` answers OHLC
 * candles, oldest first, at most {@link MAX_CANDLES_PER_ANSWER} per answer (papertrade-facts.md
 * 13.4). They are **trade prices**, not the best-bid-offer mid the mark is, and charts say so
 * ({@link CANDLE_LABEL}). Only this folder knows the wire shape.
 */
import { z } from "zod";
import type { ReadLifetime } from "../read_lifetime.ts";
import { typeName } from "../papertrade/wire_issues.ts";
import {
  DECIMAL,
  decimalPrice as price,
  HyperliquidApiError,
  postInfo,
  scaledPrice,
} from "./l2_book.ts";

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
const UNIT_MS: Record<string, number> = {
  m: MINUTE,
  h: 60 * MINUTE,
  d: DAY,
  w: 7 * DAY,
  M: 31 * DAY,
};
/** Each interval's length in ms; `1M` (a calendar month) as its longest, 31 days. */
export const CANDLE_INTERVAL_MS = Object.fromEntries(
  CANDLE_INTERVALS.map((interval) => [interval, parseInt(interval) * UNIT_MS[interval.at(-1)!]]),
) as Readonly<Record<CandleInterval, number>>;

/**
 * The table of cached Hyperliquid info reads, as `PAPERTRADE_ENDPOINTS` is for the Papertrade
 * API (the README's lifetimes table is checked against both). `l2Book` has no row: the live marks
 * keep their own one-second quote (`lib/marks.ts`).
 */
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

export const HYPERLIQUID_READS = { candleSnapshot: CANDLE_SNAPSHOT_READ } as const;

/** What to read: one coin's candles from `startTime` to `endTime` (ms), at `priceScale`. */
export interface CandleRequest {
  coin: string;
  interval: CandleInterval;
  startTime: number;
  endTime: number;
  /** The instrument's price scale: prices are read exactly into raw units (× scale). */
  priceScale: bigint;
}

/**
 * One candle; times in ms (`t`, `T`), prices in raw units at the request's `priceScale`, `volume`
 * the traded size in the coin, the decimal string as sent.
 */
export type Candle = NonNullable<ReturnType<typeof candleOf>>;

/** Reads one answer; fails with a {@link HyperliquidApiError} naming {@link CANDLES_ENDPOINT}. */
export type CandleReader = (
  request: CandleRequest,
  options?: { signal?: AbortSignal },
) => Promise<ReturnType<typeof parseCandles>>;

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
  v: z.string().regex(DECIMAL, "expected a decimal volume"),
  n: z.number().int().nonnegative(),
});

/** A reader of `url`: one attempt per read (the read cache keeps and coalesces them). */
export function createCandleReader(options: Parameters<typeof postInfo>[0]): CandleReader {
  return async (request, { signal } = {}) => {
    const { coin, interval, startTime, endTime } = request;
    const body = { type: "candleSnapshot", req: { coin, interval, startTime, endTime } };
    return parseCandles(
      await postInfo(options, CANDLES_ENDPOINT, body, MAX_ANSWER_BYTES, signal),
      request,
    );
  };
}

/**
 * Reads a candleSnapshot answer (parsed JSON): the whole must be a list; a row that does not
 * parse, names another coin or interval or repeats an open time is dropped and counted in
 * `rowsSkipped`. `capped`: the answer held {@link MAX_CANDLES_PER_ANSWER} rows, so the range may
 * hold more (read on from the last candle's close).
 */
export function parseCandles(json: unknown, request: CandleRequest) {
  if (!Array.isArray(json)) {
    throw new HyperliquidApiError(
      `${CANDLES_ENDPOINT} upstream changed: expected a list of candles, got ${typeName(json)}`,
      { kind: "schema", endpoint: CANDLES_ENDPOINT },
    );
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
function candleOf(row: unknown, request: CandleRequest) {
  const parsed = wireCandle.safeParse(row);
  if (!parsed.success) return null;
  const { t, T, s, i, o, c, h, l, v, n } = parsed.data;
  if (s !== request.coin || i !== request.interval || T < t) return null;
  try {
    const [open, close, high, low] = [o, c, h, l].map((px) => scaledPrice(px, request.priceScale));
    const inside = (value: bigint) => low <= value && value <= high;
    if (!inside(open) || !inside(close)) return null;
    return { openTime: t, closeTime: T, open, high, low, close, volume: v, trades: n };
  } catch {
    return null; // a price finer than the scale
  }
}

/** The shortest interval with at most `maxCandles` candles over `spanMs`, for a chart. */
export function candleIntervalFor(spanMs: number, maxCandles = 500): CandleInterval {
  return CANDLE_INTERVALS.find((interval) => spanMs / CANDLE_INTERVAL_MS[interval] <= maxCandles) ??
    "1M";
}

/**
 * `startTime` and `endTime` moved back to the start of their interval (at most a day), so every
 * read within one asks the same and the read cache shares it; the candle holding the start stays.
 */
export function alignCandleRequest(request: CandleRequest): CandleRequest {
  const step = Math.min(CANDLE_INTERVAL_MS[request.interval], DAY);
  const floor = (ms: number) => Math.floor(ms / step) * step;
  return { ...request, startTime: floor(request.startTime), endTime: floor(request.endTime) };
}
