import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import { createCandleReader } from "../hyperliquid/candles.ts";
import { HyperliquidApiError } from "../hyperliquid/l2_book.ts";
import { HYPERLIQUID_READS } from "../hyperliquid/candles.ts";
import { cacheCandleReader, createReadCache, isUpstreamOutage } from "./mod.ts";

const MINUTE = 60_000;

Deno.test("candle reads share one upstream request, keep their row's lifetime and stand in while Hyperliquid fails", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    let clock = catalog.baseTimeMs;
    const cache = createReadCache({ now: () => clock, isOutage: isUpstreamOutage });
    const read = cacheCandleReader(
      createCandleReader({ url: upstream.hyperliquidInfoUrl }),
      cache,
    );
    const request = (offsetMs: number) => ({
      coin: "BTC",
      interval: "1m" as const,
      startTime: catalog.baseTimeMs - 30 * MINUTE + offsetMs,
      endTime: catalog.baseTimeMs + offsetMs,
      priceScale: 10n,
    });
    const before = upstream.stats().requests;
    // Ten viewers within one second of each other: one upstream read.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => read(request(i * 100))),
    );
    assert.equal(upstream.stats().requests - before, 1);
    for (const answer of answers) assert.deepEqual(answer, answers[0]);
    assert.equal(answers[0].candles.length, 31);

    const { lifetime } = HYPERLIQUID_READS.candleSnapshot;
    clock += lifetime.freshMs - 1;
    await read(request(0));
    assert.equal(upstream.stats().requests - before, 1, "fresh: kept");

    upstream.setFaults({ path: "/info", infoType: "candleSnapshot", status: 503 });
    clock += lifetime.revalidateMs + 1_000; // past fresh and past serving while refreshing
    const stale = await read(request(0));
    assert.deepEqual(stale, answers[0], "the last good answer stands in");
    assert.equal(cache.stats().staleServed, 1);

    clock += lifetime.lastGoodMs;
    const error = await read(request(0)).catch((e) => e);
    assert.ok(error instanceof HyperliquidApiError, "past its last-good time the failure shows");
    assert.equal(error.status, 503);
  } finally {
    await upstream.close();
  }
});
