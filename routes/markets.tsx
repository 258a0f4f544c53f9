/**
 * `/markets` and `/markets/:symbol`: each market's rules and its open interest against caps,
 * with OI over time from the explorer's samples; `/markets` adds the protocol history
 * (`?history=1m|1h|1d`) as small charts.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import {
  fetchProtocolOverview,
  HISTORY_INTERVALS,
  isHistoryInterval,
  readPriceHistory,
  sharedMarkSamples,
} from "../lib/markets/mod.ts";
import { Layout } from "../components/Layout.tsx";
import { MarketsTable, ProtocolHistoryCharts } from "./markets/MarketsTable.tsx";
import { MarketDetail } from "./markets/MarketDetail.tsx";
import { PartNotice } from "../components/PartNotice.tsx";
import { pageResponse } from "../lib/render.tsx";
import { Echo } from "./page_errors.tsx";
import { Parts } from "../lib/parts.ts";
import { type AtRiskBoard, bustLadder, readHeldAtRiskBoard } from "../lib/at_risk/mod.ts";
import { BustLadders } from "../components/BustLadder.tsx";

/** The overview and each market's price history over the last day. */
async function load(c: Context<AppEnv>) {
  const { deps } = c.var;
  const overview = await fetchProtocolOverview(deps, {
    recentTrades: 0,
    requireMarkets: true,
    winFee: true,
    signal: c.req.raw.signal,
  });
  const samples = sharedMarkSamples(deps.papertrade, deps.now);
  await samples.recordMarkets(overview.markets);
  const parts = new Parts();
  const from = deps.now() - 24 * 60 * 60_000;
  const options = { parts, signal: c.req.raw.signal };
  const history = new Map(
    await Promise.all(
      overview.markets.map(async (market) =>
        [market.instrumentId, await readPriceHistory(deps, samples, market, from, options)] as const
      ),
    ),
  );
  return { overview, history, unavailable: parts.unavailable };
}

export async function marketsPage(c: Context<AppEnv>): Promise<Response> {
  const interval = c.req.query("history") ?? "1h";
  if (!isHistoryInterval(interval)) {
    throw new Failure("bad_request", "That history interval is not valid", {
      message: `history must be one of ${Object.keys(HISTORY_INTERVALS).join(", ")}.`,
    });
  }
  const parts = new Parts();
  const signal = c.req.raw.signal;
  const [{ overview, history: marketHistory, unavailable }, history, board] = await Promise.all([
    load(c),
    parts.read(
      c.var.deps.papertrade.read("protocolHistory", { interval }, { signal }),
      "protocol history",
    ),
    // The board as this process or the deployment's KV holds it: never waits for a first step.
    parts.read(readHeldAtRiskBoard(c.var.deps, {}, { signal }), "bust ladder"),
  ]);
  const now = c.var.deps.now();
  return pageResponse(
    c,
    <Layout
      title="Markets · Papertrade Explorer"
      description="Papertrade markets: caps, leverage, bust buffer, status and open interest."
      current="markets"
      tickingAges
    >
      <h1>Markets</h1>
      <p>
        Who was liquidated, with totals per market and side:{" "}
        <a href="/liquidations">Liquidations</a>. How much busts at each price:{" "}
        <a href="#bust-ladder">the bust ladder</a>.
      </p>
      <p data-no-funding>
        Papertrade charges no funding: holding a position costs nothing over time, and its bust
        price does not move while it is open.
      </p>
      <PartNotice unavailable={[...overview.unavailable, ...unavailable, ...parts.unavailable]} />
      {overview.rules?.tradingPaused && (
        <p class="notice">Opening new positions is paused venue-wide.</p>
      )}
      <MarketsTable markets={overview.markets} now={now} />
      {overview.markets.map((market) => (
        <MarketDetail
          market={market}
          overview={overview}
          history={marketHistory.get(market.instrumentId)!}
          now={now}
        />
      ))}
      <LadderSection board={board} now={now} />
      <ProtocolHistoryCharts history={history} interval={interval} now={now} />
    </Layout>,
  );
}

/** The bust ladder of every market, or why it is not shown yet. */
function LadderSection(props: { board: AtRiskBoard | null; now: number }) {
  const { board } = props;
  return (
    <section aria-labelledby="bust-ladder">
      <h2 id="bust-ladder">Bust ladder</h2>
      {board
        ? (
          <BustLadders
            ladder={bustLadder(board.rows, board.markets)}
            symbols={board.markets}
            board={board}
            now={props.now}
          />
        )
        : (
          <p class="muted">
            The bust ladder sums the{" "}
            <a href="/at-risk">at-risk board</a>, which this server has not read yet: opening the
            board starts it, and the ladder shows here once it is read.
          </p>
        )}
    </section>
  );
}

/** One market, by its symbol in any case (other cases move to the canonical one). */
export async function marketPage(c: Context<AppEnv>): Promise<Response> {
  const symbol = c.req.param("symbol") ?? "";
  const { overview, history, unavailable } = await load(c);
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
    <Layout
      title={`${market.symbol} market · Papertrade Explorer`}
      current="markets"
      tickingAges
    >
      <h1>{market.symbol} market</h1>
      <p>
        <a href="/markets">All markets</a>
      </p>
      <PartNotice unavailable={[...overview.unavailable, ...unavailable]} />
      <MarketDetail
        market={market}
        overview={overview}
        history={history.get(market.instrumentId)!}
        now={c.var.deps.now()}
      />
    </Layout>,
  );
}
