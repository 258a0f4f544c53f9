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
  sharedMarkSamples,
} from "../lib/markets/mod.ts";
import { Layout } from "../components/Layout.tsx";
import { MarketsTable, ProtocolHistoryCharts } from "./markets/MarketsTable.tsx";
import { MarketDetail } from "./markets/MarketDetail.tsx";
import { PartNotice } from "../components/PartNotice.tsx";
import { pageResponse } from "../lib/render.tsx";
import { Echo } from "./page_errors.tsx";
import { Parts } from "../lib/parts.ts";
import {
  AT_RISK_WAIT_MS,
  type AtRiskBoard,
  bustLadder,
  orNullAfter,
  readAtRiskBoard,
} from "../lib/at_risk/mod.ts";
import { BustLadders } from "../components/BustLadder.tsx";

async function load(c: Context<AppEnv>, options: { winFee?: boolean } = {}) {
  const { deps } = c.var;
  const overview = await fetchProtocolOverview(deps, {
    recentTrades: 0,
    requireMarkets: true,
    winFee: options.winFee,
    signal: c.req.raw.signal,
  });
  const samples = sharedMarkSamples(deps.papertrade, deps.now);
  samples.recordMarkets(overview.markets);
  return { overview, samples };
}

/** Every market. */
export async function marketsPage(c: Context<AppEnv>): Promise<Response> {
  const interval = c.req.query("history") ?? "1h";
  if (!isHistoryInterval(interval)) {
    throw new Failure("bad_request", "That history interval is not valid", {
      message: `history must be one of ${Object.keys(HISTORY_INTERVALS).join(", ")}.`,
    });
  }
  const parts = new Parts();
  const signal = c.req.raw.signal;
  const [{ overview, samples }, history, board] = await Promise.all([
    load(c),
    parts.read(
      c.var.deps.papertrade.read("protocolHistory", { interval }, { signal }),
      "protocol history",
    ),
    // The at-risk board's shared refresh; only a process's first is waited on, and not for long.
    orNullAfter(
      parts.read(readAtRiskBoard(c.var.deps, {}, { signal }), "bust ladder"),
      AT_RISK_WAIT_MS,
    ),
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
      <PartNotice unavailable={[...overview.unavailable, ...parts.unavailable]} />
      {overview.rules?.tradingPaused && (
        <p class="notice">Opening new positions is paused venue-wide.</p>
      )}
      <MarketsTable markets={overview.markets} now={now} />
      {overview.markets.map((market) => (
        <MarketDetail market={market} overview={overview} samples={samples} now={now} />
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
            The <a href="/at-risk">at-risk board</a>{" "}
            has not been read yet, so the bust ladder is not shown. Reload in a moment.
          </p>
        )}
    </section>
  );
}

/** One market, by its symbol in any case (other cases move to the canonical one). */
export async function marketPage(c: Context<AppEnv>): Promise<Response> {
  const symbol = c.req.param("symbol") ?? "";
  const { overview, samples } = await load(c, { winFee: true });
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
      <PartNotice unavailable={overview.unavailable} />
      <MarketDetail
        market={market}
        overview={overview}
        samples={samples}
        now={c.var.deps.now()}
      />
    </Layout>,
  );
}
