/** `/markets` and `/markets/:symbol`: each market's rules and its open interest against caps. */
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { fetchProtocolOverview, type ProtocolOverview } from "../lib/overview.ts";
import { Layout } from "../components/Layout.tsx";
import { MarketsTable } from "../components/MarketsTable.tsx";
import { MarketDetail } from "../components/MarketDetail.tsx";
import { PartNotice } from "../components/PartNotice.tsx";
import { Echo, notFoundPage, upstreamFailurePage } from "./page_errors.tsx";

/** Routes of the markets pages. */
export function marketsRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const load = (signal: AbortSignal) =>
    fetchProtocolOverview(deps, { recentTrades: 0, requireMarkets: true, signal });

  app.get("/markets", async (c) => {
    let overview: ProtocolOverview;
    try {
      overview = await load(c.req.raw.signal);
    } catch (error) {
      return upstreamFailurePage(error, "The markets");
    }
    const now = deps.now();
    return htmlResponse(
      <Layout
        title="Markets · Papertrade Explorer"
        description="Papertrade markets: caps, leverage, bust buffer, status and open interest."
        current="markets"
      >
        <h1>Markets</h1>
        <PartNotice unavailable={overview.unavailable} />
        {overview.rules?.tradingPaused && (
          <p class="notice">Opening new positions is paused venue-wide.</p>
        )}
        <MarketsTable markets={overview.markets} now={now} />
        {overview.markets.map((market) => (
          <MarketDetail market={market} overview={overview} now={now} />
        ))}
      </Layout>,
    );
  });

  app.get("/markets/:symbol", async (c) => {
    const symbol = c.req.param("symbol");
    let overview: ProtocolOverview;
    try {
      overview = await load(c.req.raw.signal);
    } catch (error) {
      return upstreamFailurePage(error, `Market ${symbol.slice(0, 20)}`);
    }
    const market = overview.markets.find((item) =>
      item.symbol.toLowerCase() === symbol.toLowerCase()
    );
    if (!market) {
      return notFoundPage(
        "No such market",
        <>
          Papertrade has no market called "<Echo value={symbol.slice(0, 40)} />".
        </>,
        [`The markets are ${overview.markets.map((item) => item.symbol).join(" and ")}.`],
      );
    }
    if (market.symbol !== symbol) {
      return c.redirect(`/markets/${encodeURIComponent(market.symbol)}`, 301);
    }
    return htmlResponse(
      <Layout title={`${market.symbol} market · Papertrade Explorer`} current="markets">
        <h1>{market.symbol} market</h1>
        <p>
          <a href="/markets">All markets</a>
        </p>
        <PartNotice unavailable={overview.unavailable} />
        <MarketDetail market={market} overview={overview} now={deps.now()} />
      </Layout>,
    );
  });
  return app;
}
