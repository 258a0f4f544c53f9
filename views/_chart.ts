/**
 * The markets view's protocol history: the /markets page's charts, one at a time (a select picks
 * it), drawn as SVG with the page's geometry (`lib/chart.ts`) from get_protocol_overview's `_meta`.
 * DOM calls only (labels are text nodes); a title, a description and a data table for readers.
 */
import {
  axisLabel,
  CHART_BOX,
  chartLayout,
  type ChartSeries,
  sampleIndices,
} from "../lib/chart.ts";
import {
  HISTORY_META_KEY,
  type HistoryMeta,
  historyMetaSchema,
} from "../lib/markets/history_meta.ts";
import { type Child, el, fill, utc } from "./_dom.ts";
import { countText as counted, tokenText as token, usdText as usd } from "../lib/figure_text.ts";

const SVG = "http://www.w3.org/2000/svg";
/** Rows of the data table under a chart: evenly spread times, the last kept. */
const TABLE_ROWS = 8;
/** What each interval covers, as the /markets page's interval links say. */
const COVERS: Record<HistoryMeta["interval"], string> = {
  "1m": "the last 24 h, by the minute",
  "1h": "since launch, by the hour",
  "1d": "since launch, by the day",
};

type Chart = HistoryMeta["charts"][number];

/** An SVG element with attributes and text or element children. */
function svg(tag: string, attributes: Record<string, string | number>, ...children: Child[]) {
  return fill(document.createElementNS(SVG, tag), attributes, children);
}

/** A value as the page's chart data shows it, by the chart's unit. */
function valueText(value: number, unit: Chart["unit"]): string {
  return unit === "usd" ? usd(value) : unit === "paper" ? token(value, "PAPER") : counted(value);
}

/** Each line of `chart` as plotted points: a time where its value is null is left out. */
function seriesOf(chart: Chart, at: readonly number[]): ChartSeries[] {
  return chart.series.map((line) => ({
    label: line.label,
    tone: line.tone,
    points: line.values.flatMap((value, i) =>
      value === null ? [] : [{ at: at[i], value, text: valueText(value, chart.unit) }]
    ),
  }));
}

/** One chart: the SVG, its caption with the legend, and its data. */
function drawChart(chart: Chart, at: readonly number[]): HTMLElement {
  const series = seriesOf(chart, at);
  const layout = chartLayout(series);
  if (!layout) return el("p", { class: "muted" }, `${chart.title}: nothing to chart yet.`);
  const { width, height, top, right, bottom, left } = CHART_BOX;
  const ends = series.filter((line) => line.points.length > 0).map((line) => {
    const last = line.points.at(-1)!;
    return `${line.label} ends at ${last.text} (${utc(new Date(last.at).toISOString())})`;
  });
  const from = utc(new Date(layout.from).toISOString());
  const to = utc(new Date(layout.to).toISOString());
  const ticks = [layout.low, layout.high].filter((value, i, all) =>
    all.findIndex((other) => Math.abs(layout.y(other) - layout.y(value)) < 14) === i
  );
  const drawing = svg(
    "svg",
    {
      class: "chart-svg",
      viewBox: `0 0 ${width} ${height}`,
      role: "img",
      "aria-labelledby": "history-svg-title history-svg-desc",
    },
    svg("title", { id: "history-svg-title" }, chart.title),
    svg("desc", { id: "history-svg-desc" }, `From ${from} to ${to}: ${ends.join("; ")}.`),
    svg("line", { class: "axis", x1: left, x2: left, y1: top, y2: height - bottom }),
    svg("line", {
      class: "axis",
      x1: left,
      x2: width - right,
      y1: height - bottom,
      y2: height - bottom,
    }),
    ...ticks.map((value) =>
      svg(
        "text",
        { class: "label", x: left - 6, y: layout.y(value) + 4, "text-anchor": "end" },
        axisLabel(value, chart.unit),
      )
    ),
    ...layout.timeTicks.map((tick) =>
      svg("text", { class: "label", x: tick.x, y: height - 6, "text-anchor": "middle" }, tick.label)
    ),
    ...series.map((line, i) =>
      svg("path", {
        class: `line ${line.tone}`,
        d: layout.paths[i],
        "data-series": line.label,
        "data-last": line.points.length > 0 ? String(line.points.at(-1)!.value) : "",
      })
    ),
  );
  return el(
    "figure",
    { class: "chart", id: "history-chart", "data-chart": chart.id },
    drawing,
    el(
      "figcaption",
      {},
      el("strong", {}, chart.title),
      series.length > 1 &&
        el(
          "span",
          { class: "legend" },
          ...series.map((line) => el("span", { class: `key ${line.tone}` }, line.label)),
        ),
    ),
    dataTable(chart, series),
  );
}

/** The chart's data at a few evenly spread times (the last one kept). */
function dataTable(chart: Chart, series: readonly ChartSeries[]): HTMLElement {
  const times = [...new Set(series.flatMap((line) => line.points.map((p) => p.at)))].sort(
    (a, b) => a - b,
  );
  const rows = sampleIndices(times.length, TABLE_ROWS).map((i) => times[i]);
  return el(
    "details",
    {},
    el("summary", {}, `${chart.title}: the data`),
    el(
      "table",
      {},
      el("caption", { class: "visually-hidden" }, `${chart.title}, at ${rows.length} times`),
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", { scope: "col" }, "Time (UTC)"),
          ...series.map((line) => el("th", { scope: "col", class: "num" }, line.label)),
        ),
      ),
      el(
        "tbody",
        {},
        ...rows.map((at) =>
          el(
            "tr",
            {},
            el("th", { scope: "row" }, utc(new Date(at).toISOString())),
            ...series.map((line) =>
              el("td", { class: "num" }, line.points.find((p) => p.at === at)?.text ?? "")
            ),
          )
        ),
      ),
    ),
  );
}

/** "Protocol history": the figure picker and chart, or a sentence when `_meta` has none. */
export function protocolHistory(meta: Record<string, unknown>): HTMLElement {
  const heading = el("h2", { id: "history-heading" }, "Protocol history");
  const parsed = historyMetaSchema.safeParse(meta[HISTORY_META_KEY]);
  if (!parsed.success || parsed.data.charts.length === 0) {
    return el(
      "section",
      { "aria-labelledby": "history-heading", "data-history": "unavailable" },
      heading,
      el(
        "p",
        { class: "muted" },
        "The protocol history is unavailable: it could not be read with this answer, so its " +
          "chart is not shown.",
      ),
    );
  }
  const history = parsed.data;
  const picker = el(
    "select",
    { id: "history-figure" },
    ...history.charts.map((chart) => el("option", { value: chart.id }, chart.title)),
  );
  let shown = drawChart(history.charts[0], history.at_ms);
  picker.addEventListener("change", () => {
    const chart = history.charts.find((item) => item.id === picker.value) ?? history.charts[0];
    const next = drawChart(chart, history.at_ms);
    shown.replaceWith(next);
    shown = next;
  });
  const form = el(
    "form",
    { "aria-label": "Protocol history figure" },
    el("label", { for: "history-figure" }, "Figure"),
    picker,
  );
  form.addEventListener("submit", (event) => event.preventDefault());
  return el(
    "section",
    { "aria-labelledby": "history-heading", "data-history": history.interval },
    heading,
    el(
      "p",
      { class: "muted" },
      `From Papertrade's /query/protocol/history, ${COVERS[history.interval]}, as of ${
        utc(history.as_of)
      }: each point is the value at its interval's close, the last one the current value.`,
    ),
    form,
    shown,
  );
}
