import type { Trade } from "../lib/papertrade/mod.ts";
import {
  type ChartBox,
  chartGeometry,
  cumulativePnl,
  type PnlPoint,
  sampleIndices,
  timeTicks,
} from "../lib/pnl_chart.ts";
import { formatCount, formatUsd, formatUtc } from "../lib/format.ts";

// Two drawings of one series: the wide one for desktops, a narrow one whose 12-unit labels stay
// about 12 px on a phone (CSS shows one). Each is plain SVG: no script.
const WIDE: ChartBox = {
  width: 760,
  height: 260,
  padding: { top: 18, right: 16, bottom: 28, left: 96 },
};
const NARROW: ChartBox = {
  width: 360,
  height: 240,
  padding: { top: 16, right: 10, bottom: 28, left: 78 },
};
/** Most points that carry a hover title (a long history is sampled evenly). */
const TITLED_POINTS = 150;

/** Props of {@link PnlChart}. */
interface PnlChartProps {
  /** Closed trades, newest first. */
  trades: Trade[];
  /** True when `trades` is the whole history. */
  complete: boolean;
}

/**
 * Cumulative net PnL over closed trades as inline SVG drawn on the server, with a title and a
 * description for screen readers, value ticks, dates, and a native tooltip (`<title>`) on
 * sampled points. Colours come from the stylesheet, so both themes apply.
 */
export function PnlChart(props: PnlChartProps) {
  const points = cumulativePnl(props.trades);
  if (points.length === 0) {
    return <p class="muted">No closed trades yet, so there is no PnL to chart.</p>;
  }
  const scope = props.complete
    ? `all ${formatCount(points.length)} closed trades`
    : `the latest ${formatCount(points.length)} closed trades (older ones were not read)`;
  const final = points[points.length - 1].cumulativeNetPnl;
  const from = formatUtc(points[0].closedAt).slice(0, 10);
  const to = formatUtc(points[points.length - 1].closedAt).slice(0, 10);
  const low = points.reduce((a, p) => (p.cumulativeNetPnl < a ? p.cumulativeNetPnl : a), 0n);
  const high = points.reduce((a, p) => (p.cumulativeNetPnl > a ? p.cumulativeNetPnl : a), 0n);
  const description = `Cumulative net PnL over ${scope}, from ${from} to ${to}: ends at ${
    formatUsd(final, { sign: true })
  }, lowest ${formatUsd(low)}, highest ${formatUsd(high)}.`;
  return (
    <figure class="chart">
      <ChartSvg points={points} box={WIDE} id="wide" description={description} />
      <ChartSvg points={points} box={NARROW} id="narrow" description={description} />
      <figcaption class="muted">
        {props.complete ? "Whole history. " : (
          <>
            <strong>Capped: not the whole history.</strong>
            {" "}
          </>
        )}
        {description} Hover or tap a point for its value.
        {!props.complete && " The CSV export holds the whole history."}
      </figcaption>
    </figure>
  );
}

function ChartSvg(
  props: { points: PnlPoint[]; box: ChartBox; id: string; description: string },
) {
  const { points, box } = props;
  const geometry = chartGeometry(points, box)!;
  const { padding, width, height } = box;
  const tone = geometry.final < 0n ? "bad" : "good";
  // Value ticks: the extremes and zero, each only where it does not sit on another.
  const ticks: bigint[] = [0n];
  for (const value of [geometry.max, geometry.min]) {
    const y = geometry.yOf(value);
    if (ticks.every((tick) => Math.abs(geometry.yOf(tick) - y) >= 16)) ticks.push(value);
  }
  // Dates under the wide drawing, fewer under the narrow one: evenly spread, all different.
  const dates = timeTicks(points, width >= 600 ? 5 : 3);
  const titleId = `pnl-${props.id}-title`;
  const descId = `pnl-${props.id}-desc`;
  return (
    <svg
      class={`pnl-chart pnl-chart-${props.id}`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>Cumulative net PnL</title>
      <desc id={descId}>{props.description}</desc>
      <line
        class="axis"
        x1={padding.left}
        x2={width - padding.right}
        y1={geometry.zeroY}
        y2={geometry.zeroY}
        stroke-dasharray="4 4"
      />
      <line
        class="axis"
        x1={padding.left}
        x2={padding.left}
        y1={padding.top}
        y2={height - padding.bottom}
      />
      <path class={`line ${tone}`} d={geometry.path} fill="none" stroke-width="2" />
      {ticks.map((value) => (
        <text class="label" x={padding.left - 8} y={geometry.yOf(value) + 4} text-anchor="end">
          {value === 0n ? "$0" : formatUsd(value, { compact: true })}
        </text>
      ))}
      {dates.map(({ index, label }, i) => (
        <text
          class="label"
          x={geometry.marks[index].x}
          y={height - 8}
          text-anchor={index === points.length - 1 ? "end" : i === 0 ? "start" : "middle"}
        >
          {label}
        </text>
      ))}
      <g class="points">
        {sampleIndices(points.length, TITLED_POINTS).map((i) => (
          <circle cx={geometry.marks[i].x} cy={geometry.marks[i].y} r="5">
            <title>
              {`${formatUtc(points[i].closedAt)}: ${
                formatUsd(points[i].cumulativeNetPnl, { sign: true })
              } after position #${points[i].positionId}`}
            </title>
          </circle>
        ))}
      </g>
    </svg>
  );
}
