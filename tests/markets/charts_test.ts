/**
 * Every chart's last point is the upstream's last value or the explorer's last sample, read
 * here directly and compared with the chart's `data-last`; a missing history is named.
 */
import assert from "node:assert/strict";
import { catalog, withTestApp } from "../harness.ts";
import { sharedMarkSamples } from "../../lib/markets/mark_samples.ts";
import { CANDLE_LABEL } from "../../lib/markets/mod.ts";
import { fetchWalletPositions } from "../../lib/position/positions.ts";
import { rawPriceToNumber, wadToNumber } from "../../lib/math/mod.ts";
import { createMarketFeed } from "../../lib/markets/market_feed.ts";
import { uncachedClient } from "../../lib/cache/cached_client.ts";
import { formatUtc } from "../../lib/format.ts";

const WHALE = catalog.wallets.whale.address;

/** `data-last` of each series of the chart `id` in `html`, by series label. */
function lastValues(html: string, id: string): Record<string, number> {
  const figure = new RegExp(`<figure class="chart" id="${id}">[\\s\\S]*?</figure>`).exec(html);
  assert.ok(figure, `no chart ${id}`);
  return Object.fromEntries(
    [...figure[0].matchAll(/data-series="([^"]*)" data-last="([^"]*)"/g)].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  );
}

const HISTORY_CHARTS: Record<string, Record<string, string>> = {
  "history-tvl": { "Value locked": "tvl" },
  "history-volume": { BTC: "volumeBtc", ETH: "volumeEth" },
  "history-traders": { Traders: "users" },
  "history-trades": { Trades: "trades" },
  "history-liquidations": { Liquidations: "liquidation" },
  "history-pnl": { "Traders' PnL": "traderPnl" },
  "history-paper": { Supply: "paperSupply", Staked: "paperStaked" },
};

Deno.test("each protocol history chart ends at the upstream's last value, at every interval", async () => {
  await withTestApp(async (app) => {
    for (const interval of ["1m", "1h", "1d"]) {
      const wire = await (await fetch(
        `${app.upstream.apiUrl}/query/protocol/history?interval=${interval}`,
      )).json();
      const response = await app.fetch(`/markets?history=${interval}`);
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, new RegExp(`href="/markets\\?history=${interval}#history" aria-current`));
      for (const [id, columns] of Object.entries(HISTORY_CHARTS)) {
        const expected = Object.fromEntries(
          Object.entries(columns).map(([label, column]) => [label, wire.columns[column].at(-1)]),
        );
        assert.deepEqual(lastValues(html, id), expected, `${interval} ${id}`);
      }
    }
    assert.equal((await app.fetch("/markets?history=5m")).status, 400);
  });
});

Deno.test("a since-launch history chart starts at the first activity, not at launch", async () => {
  await withTestApp(async (app) => {
    for (const interval of ["1h", "1d"]) {
      const wire = (await (await fetch(
        `${app.upstream.apiUrl}/query/protocol/history?interval=${interval}`,
      )).json()) as { startMs: number; intervalMs: number; columns: Record<string, number[]> };
      // Activity: someone traded (trades, traders, volume); value locked comes before it.
      const activity = ["trades", "users", "volumeBtc", "volumeEth"];
      const length = wire.columns.tvl.length;
      const first = Array.from({ length }, (_, i) => i)
        .find((i) => activity.some((column) => (wire.columns[column][i] ?? 0) !== 0))!;
      assert.ok(first > 0, `${interval}: the replay's history opens before any trade (${first})`);
      const start = formatUtc(wire.startMs + first * wire.intervalMs);
      const html = await (await app.fetch(`/markets?history=${interval}`)).text();
      for (const id of Object.keys(HISTORY_CHARTS)) {
        const desc = new RegExp(`<desc id="${id}-desc">From ([^:]+:[^:]+:[^ ]+ UTC)`).exec(html);
        assert.equal(desc?.[1], start, `${interval} ${id} starts at the first activity`);
      }
      assert.match(html, /data-first-activity/);
    }
  });
});

Deno.test("open interest against caps ends at the explorer's last sample, and says it is sampled", async () => {
  await withTestApp(async (app) => {
    const html = await (await app.fetch("/markets")).text();
    const samples = sharedMarkSamples(app.deps.papertrade, app.deps.now);
    for (const id of [0, 1]) {
      const last = (await samples.of(id)).at(-1)!;
      const share = (oi: bigint, cap: bigint) => (wadToNumber(oi) / wadToNumber(cap)) * 100;
      assert.deepEqual(lastValues(html, `oi-${id}`), {
        Long: share(last.longOiUsd!, last.longCapUsd!),
        Short: share(last.shortOiUsd!, last.shortCapUsd!),
      });
    }
    // The note dates the first sample (a sampled series, not an upstream history).
    for (const id of [0, 1]) {
      const first = new Date((await samples.of(id))[0].at).toISOString();
      assert.ok(html.includes(`datetime="${first}"`), `oi-${id} starts at ${first}`);
    }
  });
});

Deno.test("the price poller's marks and open interest land in the samples the pages chart", async () => {
  await withTestApp(async (app) => {
    const { deps } = app;
    // As the live routes build it: over the uncached client, at the app's clock.
    const feed = createMarketFeed({ ...deps, papertrade: uncachedClient(deps.papertrade) }, {
      now: deps.now,
    });
    const polled = Promise.withResolvers<Map<number, { markRaw: bigint }>>();
    const stop = feed.subscribe({
      onMarket: (s) => polled.resolve(s.marks),
      onError: polled.reject,
    });
    const marks = await polled.promise;
    await stop();
    const sample = (await sharedMarkSamples(deps.papertrade, deps.now).of(0)).at(-1)!;
    assert.equal(sample.markRaw, marks.get(0)!.markRaw);
    assert.equal(sample.at, deps.now());
    assert.notEqual(sample.longOiUsd, null, "the trading state's open interest is sampled too");
  });
});

Deno.test("the position chart ends at the last sampled mark, draws Hyperliquid's candles since the open before it, and its fragment re-draws it", async () => {
  const { id, owner } = catalog.positions.open;
  await withTestApp(async (app) => {
    const page = await (await app.fetch(`/position/${id}?wallet=${owner}`)).text();
    const found = await fetchWalletPositions(app.deps, owner, { positionId: id });
    const { position, priceScale } = found.positions[0];
    const last = (await sharedMarkSamples(app.deps.papertrade, app.deps.now)
      .of(position.instrumentId)).at(-1)!;
    const values = lastValues(page, "position-chart");
    assert.equal(values.Mark, rawPriceToNumber(last.markRaw, priceScale!));
    // The position opened before the explorer sampled anything: its path from the open is
    // Hyperliquid's, read through candleSnapshot and labelled as trade prices.
    assert.ok(position.openedAt < last.at - 2 * 60_000, "opened well before the samples");
    assert.ok(CANDLE_LABEL in values, "the candles are drawn under their own label");
    const candles = await app.deps.candles!({
      coin: found.positions[0].symbol,
      interval: "1m",
      startTime: position.openedAt,
      endTime: last.at,
      priceScale: priceScale!,
    });
    const before = candles.candles.filter((candle) => candle.closeTime < last.at);
    assert.ok(before.length > 0);
    assert.match(page, /Hyperliquid candles \(trade prices, not the BBO mid\)/);
    assert.match(page, /<script src="\/static\/chart_live\.[0-9a-f]{10}\.js" defer>/);
    const fragment = await app.fetch(`/position/${id}/chart?wallet=${owner}`);
    assert.equal(fragment.status, 200);
    const html = await fragment.text();
    assert.match(html, /^<figure class="chart" id="position-chart">/);
    assert.ok("Mark" in lastValues(html, "position-chart"));
    const closed = catalog.positions.closed;
    assert.equal(
      (await app.fetch(`/position/${closed.id}/chart?wallet=${closed.owner}`)).status,
      404,
    );
  });
});

Deno.test("the live chart script is tiny and only the position page loads it", async () => {
  const script = await Deno.readFile(new URL("../../static/chart_live.js", import.meta.url));
  const gzipped = await new Response(
    new Blob([script]).stream().pipeThrough(new CompressionStream("gzip")),
  ).arrayBuffer();
  assert.ok(gzipped.byteLength <= 1024, `${gzipped.byteLength} bytes gzipped`);
  await withTestApp(async (app) => {
    for (const path of ["/markets", `/wallet/${WHALE}`]) {
      assert.doesNotMatch(await (await app.fetch(path)).text(), /chart_live/, path);
    }
  });
});

Deno.test("the PnL chart ends at realized plus unrealized PnL, and a bad window is refused", async () => {
  await withTestApp(async (app) => {
    const html = await (await app.fetch(`/wallet/${WHALE}?pnl=30d`)).text();
    const history = await app.deps.papertrade.read("tradeHistory", { wallet: WHALE, limit: 200 });
    assert.equal(history.nextCursor, null, "the whole history");
    const realized = history.trades.reduce((sum, trade) => sum + trade.netPnl, 0n);
    const { totals } = await fetchWalletPositions(app.deps, WHALE);
    assert.deepEqual(lastValues(html, "pnl-chart"), {
      Realized: wadToNumber(realized),
      "With unrealized now": wadToNumber(realized + totals.unrealizedPnl),
    });
    assert.match(html, /href="\/wallet\/0x[0-9a-f]{40}\?pnl=30d#pnl" aria-current="true"/);
    assert.equal((await app.fetch(`/wallet/${WHALE}?pnl=1y`)).status, 400);
  });
});

Deno.test("a failed protocol history leaves the markets page up and names the missing charts", async () => {
  await withTestApp(async (app) => {
    const response = await app.fetch("/markets");
    const html = await response.text();
    assert.equal(response.status, 200);
    assert.match(html, /<strong>protocol history<\/strong>/, "the missing part is named");
    for (const id of Object.keys(HISTORY_CHARTS)) {
      assert.doesNotMatch(html, new RegExp(`id="${id}"`), `${id} is not drawn`);
    }
    assert.match(html, /id="oi-0"/, "the sampled charts still draw");
  }, { faults: { status: 500, path: "/query/protocol/history" } });
});
