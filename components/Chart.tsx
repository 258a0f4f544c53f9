import type { ComponentChildren } from "preact";
import {
  CHART_BOX,
  type ChartLabel,
  chartLayout,
  type ChartLevel,
  type ChartSeries,
  type ChartUnit,
  sampleIndices,
} from "../lib/chart.ts";
import { formatUtc } from "../lib/format.ts";
import { DataTable } from "./DataTable.tsx";
import { Time } from "./Time.tsx";

/** Most rows of a chart's data table (spread evenly, the last always kept). */
const TABLE_ROWS = 30;

/**
 * One chart as server-drawn SVG (no script, theme colours): a title and description for screen
 * readers, a true time axis, each series' last value in `data-last`, a caption (what it plots, as
 * of when, the `note` on its source) and the data as a table beside it.
 */
export function Chart(props: {
  /** Unique on the page: the ids of the title, the description and the figure derive from it. */
  id: string;
  /** What it plots, the SVG's title ("Value locked (USD)"). */
  title: string;
  series: ChartSeries[];
  levels?: ChartLevel[];
  unit: ChartUnit;
  zero?: boolean;
  from?: number;
  to?: number;
  /** When the data is as of: the upstream's time for its data, never the moment it was read. */
  asOf: number;
  now: number;
  note?: ComponentChildren;
}) {
  const { layout, rows } = drawing(props.series, props);
  if (!layout) {
    return <p class="muted">{props.title}: nothing to chart yet.</p>;
  }
  const { width, height, right, bottom, top } = CHART_BOX;
  const { left } = layout;
  const ends = props.series.filter((one) => one.points.length > 0).map((one) =>
    `${one.label} ends at ${one.points.at(-1)!.text} (${formatUtc(one.points.at(-1)!.at)})`
  );
  const levels = (props.levels ?? []).map((level) => `${level.label} ${level.text}`);
  const description = `From ${formatUtc(layout.from)} to ${formatUtc(layout.to)}: ${
    [...ends, ...levels].join("; ")
  }.`;
  return (
    <figure class="chart" id={props.id}>
      <svg
        class="chart-svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${props.id}-title ${props.id}-desc`}
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id={`${props.id}-title`}>{props.title}</title>
        <desc id={`${props.id}-desc`}>{description}</desc>
        <line class="axis" x1={left} x2={left} y1={top} y2={height - bottom} />
        <line class="axis" x1={left} x2={width - right} y1={height - bottom} y2={height - bottom} />
        {layout.valueLabels.map((label, i) => <Label key={i} {...label} />)}
        {layout.timeTicks.map((tick) => (
          <Label x={tick.labelX} y={tick.labelY} anchor={tick.anchor} text={tick.label} />
        ))}
        {(props.levels ?? []).map((level, i) => {
          const y = layout.y(level.value);
          return (
            <g class={`level ${level.tone}`}>
              <line x1={left} x2={width - right} y1={y} y2={y} stroke-dasharray="3 3" />
              <Label {...layout.levelLabels[i]} />
            </g>
          );
        })}
        {props.series.map((one, i) => {
          const last = one.points.at(-1);
          const data = { "data-series": one.label, "data-last": last && String(last.value) };
          // A single point has no line to draw: it shows as a dot.
          return one.dots || one.points.length === 1
            ? (
              <g class={`dots ${one.tone}`} {...data}>
                {one.points.map((p) => (
                  <circle cx={layout.x(p.at)} cy={layout.y(p.value)} r="4">
                    <title>{`${formatUtc(p.at)}: ${one.label} ${p.text}`}</title>
                  </circle>
                ))}
              </g>
            )
            : (
              <path
                class={`line ${one.tone}`}
                d={layout.paths[i]}
                fill="none"
                {...data}
              />
            );
        })}
      </svg>
      <figcaption>
        <strong>{props.title}</strong>
        {props.series.length > 1 && (
          <span class="legend">
            {props.series.map((one) => (
              <span key={one.label} class={`key ${one.tone}`}>{one.label}</span>
            ))}
          </span>
        )}{" "}
        <span class="muted">
          <span data-as-of>
            Data as of <Time at={props.asOf} now={props.now} />.
          </span>
          {props.note && " "}
          {props.note}
        </span>
      </figcaption>
      <details>
        <summary>{props.title}: the data</summary>
        <DataTable
          columns={[
            "Time (UTC)",
            ...props.series.map((one) => ({ label: one.label, numeric: true as const })),
          ]}
          caption={rows.sampled ? `${props.title}, ${TABLE_ROWS} evenly spread times` : props.title}
        >
          {rows.times.map(({ at, texts }) => (
            <tr>
              <th scope="row">{formatUtc(at)}</th>
              {texts.map((text, i) => <td key={i} class="num">{text ?? ""}</td>)}
            </tr>
          ))}
        </DataTable>
      </details>
    </figure>
  );
}

function Label(label: ChartLabel) {
  return <text class="label" x={label.x} y={label.y} text-anchor={label.anchor}>{label.text}</text>;
}

type LayoutOptions = Pick<Parameters<typeof Chart>[0], "levels" | "zero" | "from" | "to" | "unit">;
const drawings = new WeakMap<
  readonly ChartSeries[],
  { key: string; layout: ReturnType<typeof chartLayout>; rows: ReturnType<typeof tableRows> }
>();

/**
 * The layout and table rows of `series`, kept while it is drawn again with the same options (the
 * protocol history's charts are built once per upstream answer and drawn by every /markets view;
 * laying them out was a fifth of its CPU).
 */
function drawing(series: readonly ChartSeries[], options: LayoutOptions) {
  const { levels, zero, from, to, unit } = options;
  const key = JSON.stringify([levels, zero, from, to, unit]);
  let kept = drawings.get(series);
  if (kept?.key !== key) {
    kept = { key, layout: chartLayout(series, options), rows: tableRows(series) };
    drawings.set(series, kept);
  }
  return kept;
}

/** Every time any series has a point, oldest first, with each series' text there. */
function tableRows(series: readonly ChartSeries[]) {
  const byTime = new Map<number, Array<string | undefined>>();
  series.forEach((one, i) => {
    for (const point of one.points) {
      const texts = byTime.get(point.at) ?? new Array(series.length).fill(undefined);
      texts[i] = point.text;
      byTime.set(point.at, texts);
    }
  });
  const all = [...byTime].sort((a, b) => a[0] - b[0]).map(([at, texts]) => ({ at, texts }));
  return {
    times: sampleIndices(all.length, TABLE_ROWS).map((i) => all[i]),
    sampled: all.length > TABLE_ROWS,
  };
}

/** GET links choosing a chart's window or interval (`?param=key`), the current one marked. */
export function WindowLinks(
  props: {
    label: string;
    path: string;
    param: string;
    hash: string;
    current: string;
    options: Array<[key: string, text: string]>;
  },
) {
  return (
    <nav class="chart-windows" aria-label={props.label}>
      {props.options.map(([key, text]) => (
        <a
          href={`${props.path}?${props.param}=${key}#${props.hash}`}
          aria-current={key === props.current ? "true" : undefined}
        >
          {text}
        </a>
      ))}
    </nav>
  );
}
