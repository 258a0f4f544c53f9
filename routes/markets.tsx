/** `/markets` and `/markets/:symbol`: each market's rules and its open interest against caps. */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import { fetchProtocolOverview } from "../lib/overview.ts";
import { Layout } from "../components/Layout.tsx";
import { MarketsTable } from "../components/MarketsTable.tsx";
import { MarketDetail } from "../components/MarketDetail.tsx";
import { PartNotice } from "../components/PartNotice.tsx";
import { pageResponse } from "../lib/render.tsx";
import { Echo } from "./page_errors.tsx";

function load(c: Context<AppEnv>) {
  return fetchProtocolOverview(c.var.deps, {
    recentTrades: 0,
    requireMarkets: true,
    signal: c.req.raw.signal,
  });
}

/** Every market. */
export async function marketsPage(c: Context<AppEnv>): Promise<Response> {
  const overview = await load(c);
  const now = c.var.deps.now();
  return pageResponse(
    c,
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
}

/** One market, by its symbol in any case (other cases move to the canonical one). */
export async function marketPage(c: Context<AppEnv>): Promise<Response> {
  const symbol = c.req.param("symbol") ?? "";
  const overview = await load(c);
  const market = overview.markets.find((item) =>
    item.symbol.toLowerCase() === symbol.toLowerCase()
  );
  if (!market) {
    throw new Failure("not_found", "No such market", {
      detail: (
        <>
          Papertrade has no market called "<Echo value={symbol.slice(0, 40)} />".
        </>
      ),
      hints: [`The markets are ${overview.markets.map((item) => item.symbol).join(" and ")}.`],
    });
  }
  if (market.symbol !== symbol) {
    return c.redirect(`/markets/${encodeURIComponent(market.symbol)}`, 301);
  }
  return pageResponse(
    c,
    <Layout title={`${market.symbol} market · Papertrade Explorer`} current="markets">
      <h1>{market.symbol} market</h1>
      <p>
        <a href="/markets">All markets</a>
      </p>
      <PartNotice unavailable={overview.unavailable} />
      <MarketDetail market={market} overview={overview} now={c.var.deps.now()} />
    </Layout>,
  );
}
