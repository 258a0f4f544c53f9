import type { Trade } from "../../lib/papertrade/mod.ts";
import { PNL_WINDOWS, pnlSeries, type PnlWindow } from "../../lib/wallet/mod.ts";
import { formatCount } from "../../lib/format.ts";
import { Chart, WindowLinks } from "../../components/Chart.tsx";

/**
 * A wallet's realized PnL on a true time axis over a window (GET links to `path`, the wallet
 * page), from its closed trades (newest first; `complete` when they are the whole history), with
 * the current end point adding the open positions' unrealized PnL at the live mark (null when
 * they could not be valued).
 */
export function PnlChart(props: {
  path: string;
  trades: Trade[];
  complete: boolean;
  unrealizedPnl: bigint | null;
  window: PnlWindow;
  now: number;
}) {
  if (props.trades.length === 0) {
    return <p class="muted">No closed trades yet, so there is no PnL to chart.</p>;
  }
  const { series, from, trades } = pnlSeries(props.trades, props);
  const scope = props.complete
    ? "the whole history"
    : `the latest ${
      formatCount(props.trades.length)
    } closed trades (older ones were not read; the CSV export holds them all)`;
  return (
    <>
      <WindowLinks
        label="PnL window"
        path={props.path}
        param="pnl"
        hash="pnl"
        current={props.window}
        options={Object.keys(PNL_WINDOWS).map((key) => [key, key.replace(/^(\d+)/, "$1 ")])}
      />
      <Chart
        id="pnl-chart"
        title="Cumulative net PnL (USD)"
        series={series}
        unit="usd"
        zero
        from={from}
        to={props.now}
        asOf={props.now}
        now={props.now}
        note={
          <>
            Realized: net PnL of {formatCount(trades)}{" "}
            trades closed in this window, each at its close time, counted over {scope}.{" "}
            {props.unrealizedPnl === null
              ? "The open positions could not be valued, so no unrealized end point."
              : "The dot adds the open positions' unrealized PnL at the live mark."}
          </>
        }
      />
    </>
  );
}
