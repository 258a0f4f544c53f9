import {
  fromFirstActivity,
  HISTORY_INTERVALS,
  type MarketOverview,
  protocolCharts,
  SINCE_LAUNCH,
} from "../../lib/markets/mod.ts";
import { formatPercent, formatPrice, formatUsd, formatUtc } from "../../lib/format.ts";
import { Time } from "../../components/Time.tsx";
import { DataTable, numeric } from "../../components/DataTable.tsx";
import { Chart, WindowLinks } from "../../components/Chart.tsx";
import type { HistoryInterval, ProtocolHistory } from "../../lib/papertrade/mod.ts";

/** One side's open interest, its cap and the share of the cap in use (USD at the mark). */
export function sideOf(market: MarketOverview, side: "long" | "short") {
  return {
    oi: market[`${side}OiUsd` as const],
    cap: market[`${side}CapUsd` as const],
    used: market[`${side}CapUsedPercent` as const],
  };
}

/** Markets at their live mark, with open interest in USD against each side's cap. */
export function MarketsTable(props: { markets: MarketOverview[]; now: number }) {
  return (
    <DataTable
      columns={[
        "Market",
        numeric("Mark"),
        "Updated",
        numeric("Long OI"),
        numeric("Short OI"),
        numeric("24h volume"),
        numeric("Max leverage"),
        "Status",
      ]}
      caption="Markets, valued at the live mark (Hyperliquid BBO mid)"
    >
      {props.markets.map((market) => (
        <tr>
          <th scope="row">{market.symbol}</th>
          <td class="num">
            {market.mark ? formatPrice(market.mark.markRaw, market.priceScale) : "no quote"}
          </td>
          <td>{market.mark?.at ? <Time at={market.mark.at} now={props.now} /> : "n/a"}</td>
          {(["long", "short"] as const).map((side) => (
            <td class="num">
              <OpenInterest {...sideOf(market, side)} />
            </td>
          ))}
          <td class="num">
            {market.volume24h === null ? "n/a" : formatUsd(market.volume24h, { compact: true })}
          </td>
          <td class="num">{market.maxLeverage}x</td>
          <td>
            <StatusBadge market={market} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function StatusBadge({ market }: { market: MarketOverview }) {
  return (
    <span class={`badge ${market.openable ? "ok" : "paused"}`}>
      {market.openable ? "openable" : market.status.replace("_", " ")}
    </span>
  );
}

function OpenInterest(props: { oi: bigint | null; cap: bigint | null; used: bigint | null }) {
  if (props.oi === null) return <span>n/a</span>;
  return (
    <span>
      {formatUsd(props.oi, { compact: true })}
      <br />
      <span class="muted">
        {props.cap === null
          ? "no cap"
          : `of ${formatUsd(props.cap, { compact: true })} cap (${
            formatPercent(props.used ?? 0n, 1)
          })`}
      </span>
    </span>
  );
}

/** The protocol history as small charts with the interval links, or why it is not shown. */
export function ProtocolHistoryCharts(
  props: { history: ProtocolHistory | null; interval: HistoryInterval; now: number },
) {
  const { now } = props;
  // A since-launch history starts at the first activity, not at launch.
  const sinceLaunch = SINCE_LAUNCH.includes(props.interval);
  const trimmed = props.history && sinceLaunch ? fromFirstActivity(props.history) : null;
  const history = trimmed?.history ?? props.history;
  return (
    <section aria-labelledby="history">
      <h2 id="history">Protocol history</h2>
      <WindowLinks
        label="History interval"
        path="/markets"
        param="history"
        hash="history"
        current={props.interval}
        options={Object.entries(HISTORY_INTERVALS)}
      />
      {history
        ? (
          <>
            <p class="muted">
              From Papertrade's /query/protocol/history,{" "}
              {HISTORY_INTERVALS[props.interval]}: each point is the value at its interval's close,
              the last one the current value.
              {trimmed && (
                <span data-first-activity>
                  {trimmed.firstActivityAt === null ? " No activity yet." : (
                    <>
                      {" "}From the first trade,{" "}
                      <time datetime={new Date(trimmed.firstActivityAt).toISOString()}>
                        {formatUtc(trimmed.firstActivityAt)}
                      </time>{" "}
                      (since launch, no one had traded before it).
                    </>
                  )}
                </span>
              )}
            </p>
            <div class="small-multiples">
              {protocolCharts(history).map((chart) => (
                <Chart {...chart} asOf={history.asOfMs} now={now} />
              ))}
            </div>
          </>
        )
        : <p class="muted">The protocol history could not be read, so its charts are not shown.</p>}
    </section>
  );
}
