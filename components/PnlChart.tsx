import type { Trade } from "../lib/papertrade/mod.ts";
import { type ChartBox, chartGeometry, cumulativePnl } from "../lib/pnl_chart.ts";
import { formatCount, formatUsd, formatUtc } from "./format.ts";

const BOX: ChartBox = {
  width: 720,
  height: 240,
  padding: { top: 18, right: 12, bottom: 26, left: 92 },
};

/**
 * Cumulative net PnL over closed trades as inline SVG: drawn on the server, no script, with a
 * title and a description for screen readers. Colours come from the stylesheet (classes), so
 * both themes apply and the CSP needs no inline style.
 */
export function PnlChart(props: { trades: Trade[]; complete: boolean }) {
  const points = cumulativePnl(props.trades);
  const geometry = chartGeometry(points, BOX);
  if (geometry === null) {
    return <p class="muted">No closed trades yet, so there is no PnL to chart.</p>;
  }
  const scope = props.complete
    ? `all ${formatCount(points.length)} closed trades`
    : `the latest ${formatCount(points.length)} closed trades`;
  const from = formatUtc(geometry.first).slice(0, 10);
  const to = formatUtc(geometry.last).slice(0, 10);
  const { padding, width, height } = BOX;
  const tone = geometry.final < 0n ? "bad" : "good";
  // Extremes are labelled only where the label would not sit on the $0 label.
  const maxY = padding.top + 4;
  const minY = height - padding.bottom + 4;
  const clear = (y: number) => Math.abs(y - (geometry.zeroY + 4)) >= 14;
  const description = `Cumulative net PnL over ${scope}, from ${from} to ${to}: ends at ${
    formatUsd(geometry.final, { sign: true })
  }, lowest ${formatUsd(geometry.min)}, highest ${formatUsd(geometry.max)}.`;
  return (
    <figure class="chart">
      <svg
        class="pnl-chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="pnl-chart-title pnl-chart-desc"
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id="pnl-chart-title">Cumulative net PnL</title>
        <desc id="pnl-chart-desc">{description}</desc>
        <line
          class="axis"
          x1={padding.left}
          x2={width - padding.right}
          y1={geometry.zeroY}
          y2={geometry.zeroY}
          stroke-dasharray="4 4"
        />
        <path class={`line ${tone}`} d={geometry.path} fill="none" stroke-width="2" />
        {geometry.max !== 0n && clear(maxY) && (
          <text class="label" x={padding.left - 8} y={maxY} text-anchor="end">
            {formatUsd(geometry.max, { compact: true })}
          </text>
        )}
        <text class="label" x={padding.left - 8} y={geometry.zeroY + 4} text-anchor="end">
          $0
        </text>
        {geometry.min !== 0n && clear(minY) && (
          <text class="label" x={padding.left - 8} y={minY} text-anchor="end">
            {formatUsd(geometry.min, { compact: true })}
          </text>
        )}
        <text class="label" x={padding.left} y={height - 6}>{from}</text>
        <text class="label" x={width - padding.right} y={height - 6} text-anchor="end">{to}</text>
      </svg>
      <figcaption class="muted">
        {description}
        {!props.complete && " The CSV export holds the whole history."}
      </figcaption>
    </figure>
  );
}
