import assert from "node:assert/strict";
import {
  alignCandleRequest,
  CANDLE_LABEL,
  candleIntervalFor,
  type CandleRequest,
  CANDLES_ENDPOINT,
  createCandleReader,
  MAX_CANDLES_PER_ANSWER,
  parseCandles,
} from "./candles.ts";
import { HyperliquidApiError } from "./l2_book.ts";

const REQUEST: CandleRequest = {
  coin: "BTC",
  interval: "1m",
  startTime: 1_791_896_820_000,
  endTime: 1_791_896_940_000,
  priceScale: 10n,
};

function row(t: number, prices: Partial<Record<"o" | "c" | "h" | "l", string>> = {}) {
  return {
    t,
    T: t + 59_999,
    s: "BTC",
    i: "1m",
    o: "83065.5",
    c: "83066",
    h: "83070.1",
    l: "83060.0",
    v: "12.5",
    n: 7,
    ...prices,
  };
}

Deno.test("candles are read exactly at the price scale, oldest first, duplicates and bad rows dropped and counted", () => {
  const t = REQUEST.startTime;
  const answer = [
    row(t + 60_000),
    row(t),
    row(t), // the same candle twice
    { ...row(t + 120_000), s: "ETH" }, // another coin
    { ...row(t + 180_000), i: "5m" }, // another interval
    row(t + 240_000, { h: "83065.0" }), // close above the high
    row(t + 300_000, { o: "83065.55" }), // finer than the scale
    { ...row(t + 360_000), o: 83065 }, // a number, not a string
    row(t + 420_000),
  ];
  const snapshot = parseCandles(answer, REQUEST);
  assert.deepEqual(snapshot.candles.map((c) => c.openTime), [t, t + 60_000, t + 420_000]);
  assert.equal(snapshot.rowsSkipped, 6);
  assert.equal(snapshot.capped, false);
  assert.deepEqual(snapshot.candles[0], {
    openTime: t,
    closeTime: t + 59_999,
    open: 830_655n,
    high: 830_701n,
    low: 830_600n,
    close: 830_660n,
    volume: "12.5",
    trades: 7,
  });
});

Deno.test("a whole answer that is not a list, or not JSON, is a named upstream error", async () => {
  for (
    const [text, kind] of [['{"error":1}', "schema"], ["null", "schema"], ["[{", "malformed_json"]]
  ) {
    const fetch = (() => Promise.resolve(new Response(text))) as typeof globalThis.fetch;
    const read = createCandleReader({ url: "http://127.0.0.1:9/info", fetch });
    const error = await read(REQUEST).catch((e) => e);
    assert.ok(error instanceof HyperliquidApiError, text);
    assert.equal(error.kind, kind);
    assert.equal(error.endpoint, CANDLES_ENDPOINT);
    assert.match(error.message, /^POST \/info candleSnapshot /);
  }
});

Deno.test("an answer of 5,000 rows says it is capped", () => {
  const rows = Array.from({ length: MAX_CANDLES_PER_ANSWER }, (_, i) => row(i * 60_000));
  const snapshot = parseCandles(rows, { ...REQUEST, startTime: 0 });
  assert.equal(snapshot.candles.length, MAX_CANDLES_PER_ANSWER);
  assert.equal(snapshot.capped, true);
});

Deno.test("the reader sends Hyperliquid's request body and names HTTP failures", async () => {
  const bodies: unknown[] = [];
  let status = 200;
  const fetch = ((_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return Promise.resolve(new Response(JSON.stringify([row(REQUEST.startTime)]), { status }));
  }) as typeof globalThis.fetch;
  const read = createCandleReader({ url: "http://127.0.0.1:9/info", fetch });
  assert.equal((await read(REQUEST)).candles.length, 1);
  assert.deepEqual(bodies[0], {
    type: "candleSnapshot",
    req: { coin: "BTC", interval: "1m", startTime: REQUEST.startTime, endTime: REQUEST.endTime },
  });
  status = 429;
  const limited = await read(REQUEST).catch((e) => e);
  assert.deepEqual([limited.kind, limited.status, limited.endpoint], [
    "rate_limited",
    429,
    CANDLES_ENDPOINT,
  ]);
});

Deno.test("requests align to their interval (a day at most) so nearby reads share one key", () => {
  const aligned = alignCandleRequest({ ...REQUEST, startTime: 125_000, endTime: 3_599_999 });
  assert.deepEqual([aligned.startTime, aligned.endTime], [120_000, 3_540_000]);
  const daily = alignCandleRequest({
    ...REQUEST,
    interval: "1w",
    startTime: 86_400_000 * 9 + 5,
    endTime: 86_400_000 * 20 + 5,
  });
  assert.deepEqual([daily.startTime, daily.endTime], [86_400_000 * 9, 86_400_000 * 20]);
});

Deno.test("a chart picks the shortest interval that fits its span in the candles it draws", () => {
  const hour = 3_600_000;
  assert.equal(candleIntervalFor(hour), "1m");
  assert.equal(candleIntervalFor(3 * 24 * hour), "15m");
  assert.equal(candleIntervalFor(3 * 24 * hour, 5_000), "1m");
  assert.equal(candleIntervalFor(400 * 24 * hour), "1d");
  assert.match(CANDLE_LABEL, /trade prices, not the BBO mid/);
});
