import { Field } from "../../components/Field.tsx";
import {
  CANDLE_LABEL,
  type MarketOverview,
  marketPriceChart,
  openInterestSeries,
  type PriceHistory,
  type ProtocolOverview,
} from "../../lib/markets/mod.ts";
import type { MarkSource } from "../../lib/marks.ts";
import { wadToNumber } from "../../lib/math/mod.ts";
import { formatFraction, formatPercent, formatPrice, formatUsd } from "../../lib/format.ts";
import { Time } from "../../components/Time.tsx";
import { DataTable, numeric } from "../../components/DataTable.tsx";
import { Chart } from "../../components/Chart.tsx";
import { sideOf, StatusBadge } from "./MarketsTable.tsx";

const MARK_SOURCES: Record<MarkSource, string> = {
  bbo: "from HyperEVM's BBO precompile",
  l2Book: "from Hyperliquid's l2Book (the precompile could not price it)",
  frozen: "frozen book",
};

const STATUS_TEXT: Record<string, string> = {
  active: "active: positions open and close at the live mark",
  paused: "paused: no new positions; closes and liquidations settle at the frozen mid",
  close_only: "close only: positions can be closed, not opened",
  terminal: "terminal: closes settle at the frozen mid",
  retired: "retired: closes settle at the frozen mid",
  inactive: "inactive: not trading",
};

/** Everything about one market: mark, status, leverage, bust buffer, minimums, OI vs caps. */
export function MarketDetail(
  props: {
    market: MarketOverview;
    overview: ProtocolOverview;
    /** The day's price history; its last hour's samples chart the open interest. */
    history: PriceHistory;
    now: number;
  },
) {
  const { market, overview, now } = props;
  const oi = openInterestSeries(props.history.samples.filter((s) => s.at > now - 60 * 60_000));
  return (
    <section class="market" aria-labelledby={`market-${market.symbol}`}>
      <h2 id={`market-${market.symbol}`}>
        <a href={`/markets/${encodeURIComponent(market.symbol)}`}>{market.symbol}</a>{" "}
        <StatusBadge market={market} />
      </h2>
      <dl class="fields">
        <Field label="Mark (BBO mid)">
          {market.mark
            ? (
              <>
                {formatPrice(market.mark.markRaw, market.priceScale)} (bid{" "}
                {formatPrice(market.mark.bid, market.priceScale)}, ask{" "}
                {formatPrice(market.mark.ask, market.priceScale)}){" "}
                {market.mark.at !== null && <Time at={market.mark.at} now={now} />}
                {" · "}
                {MARK_SOURCES[market.mark.source]}
              </>
            )
            : "no quote"}
        </Field>
        <Field label="Status">{STATUS_TEXT[market.status] ?? market.status}</Field>
        <Field label="Maximum leverage">{market.maxLeverage}x</Field>
        <Field label="Bust buffer">{formatFraction(market.bustBuffer)}</Field>
        <Field label="Largest position">{formatUsd(market.maxPositionNotional)} notional</Field>
        {overview.rules && (
          <>
            <Field label="Minimum margin">{formatUsd(overview.rules.minimumMargin)}</Field>
            <Field label="Minimum open notional">
              {formatUsd(overview.rules.minimumOpenNotional)}
            </Field>
            <Field label="Win fee">
              {overview.winFeeRate === null
                ? "n/a"
                : `${formatFraction(overview.winFeeRate)} of adjusted gains`}
            </Field>
          </>
        )}
        <Field label="24h volume">
          {market.volume24h === null ? "n/a" : formatUsd(market.volume24h)}
        </Field>
      </dl>
      <PriceLine market={market} history={props.history} now={now} />
      <DataTable
        columns={["Side", numeric("Open interest"), numeric("Cap"), "Cap used"]}
        caption={<>{market.symbol} open interest against each side's cap, at the mark</>}
      >
        <OiRow side="Long" {...sideOf(market, "long")} />
        <OiRow side="Short" {...sideOf(market, "short")} />
      </DataTable>
      {oi.length === 0 ? <p class="muted">No open interest against a cap sampled yet.</p> : (
        <Chart
          id={`oi-${market.instrumentId}`}
          title={`${market.symbol} open interest, share of each side's cap in use`}
          series={oi}
          unit="percent"
          zero
          asOf={oi[0].points.at(-1)!.at}
          now={now}
          note={
            <>
              Sampled by this explorer since{" "}
              <Time at={oi[0].points[0].at} now={now} />: Papertrade keeps no open-interest history.
              Caps are valued at each sample's mark.
            </>
          }
        />
      )}
    </section>
  );
}

function OiRow(
  props: { side: string; oi: bigint | null; cap: bigint | null; used: bigint | null },
) {
  const used = props.used === null ? null : wadToNumber(props.used);
  return (
    <tr>
      <th scope="row">{props.side}</th>
      <td class="num">{props.oi === null ? "n/a" : formatUsd(props.oi)}</td>
      <td class="num">{props.cap === null ? "no cap" : formatUsd(props.cap)}</td>
      <td>
        {used === null ? "n/a" : (
          <>
            <meter min={0} max={100} value={used} low={70} high={90} optimum={0}>
              {formatPercent(props.used!, 1)}
            </meter>{" "}
            {formatPercent(props.used!, 1)}
          </>
        )}
      </td>
    </tr>
  );
}

/** The market's price over the last day: its sampled marks, and Hyperliquid's candles before. */
function PriceLine(props: { market: MarketOverview; history: PriceHistory; now: number }) {
  const { market, now } = props;
  const from = now - 24 * 60 * 60_000;
  const series = marketPriceChart(props.history, market.priceScale, from);
  const marks = series.find((line) => line.label === "Mark")?.points ?? [];
  const candles = series.some((line) => line.label === CANDLE_LABEL);
  if (series.length === 0) return <p class="muted">No price sampled yet.</p>;
  const last = series.flatMap((line) => line.points).reduce((a, b) => (a.at > b.at ? a : b));
  return (
    <Chart
      id={`price-${market.instrumentId}`}
      title={`${market.symbol} price, the last 24 hours`}
      series={series}
      unit="price"
      from={from}
      to={now}
      asOf={last.at}
      now={now}
      note={
        <>
          "Mark" is the BBO mid sampled by this explorer
          {marks.length > 0 && (
            <>
              {" "}since <Time at={marks[0].at} now={now} />
            </>
          )}.{candles && <>{" "}Before that: {CANDLE_LABEL}, each candle's close.</>}
        </>
      }
    />
  );
}
