/**
 * The protocol history a view draws beside get_protocol_overview's answer: /markets' history
 * charts (`protocolCharts`: same figures, titles, units, colours) at the page's default interval,
 * one compact column per line. It travels in the MCP result's `_meta` ({@link HISTORY_META_KEY}),
 * never in `structuredContent` or the text, so the answer stays what every client was given and a
 * model is not handed a few hundred numbers it did not ask for. views/markets.ts parses it
 * ({@link historyMetaSchema}).
 */
import { z } from "zod";
import type { HistoryInterval, ProtocolHistory } from "../papertrade/mod.ts";
import { sampleIndices } from "../chart.ts";
import type { protocolCharts } from "./chart_series.ts";

/** The `_meta` key, under the explorer's registry namespace (server.json's name). */
export const HISTORY_META_KEY = "io.github.papertrade-explorer/protocol-history";

/** The interval the view draws: the /markets page's default, since launch by the hour. */
export const HISTORY_META_INTERVAL: HistoryInterval = "1h";

/** Most times a series carries: spread evenly over the history, the first and last kept. */
export const HISTORY_META_POINTS = 120;

const line = z.object({
  label: z.string(),
  tone: z.string(),
  /** One value per time of `at_ms`; null where the upstream sent none (a gap). */
  values: z.array(z.number().nullable()),
});

/** What {@link HISTORY_META_KEY} holds. */
export const historyMetaSchema = z.object({
  interval: z.enum(["1m", "1h", "1d"]),
  /** The upstream's own time for this history (ISO 8601 UTC), not when it was read. */
  as_of: z.string(),
  /** Each point's time, unix ms, oldest first: the value at the close of its interval. */
  at_ms: z.array(z.number()),
  charts: z.array(z.object({
    id: z.string(),
    title: z.string(),
    unit: z.enum(["usd", "count", "paper"]),
    series: z.array(line),
  })),
}).refine(
  (meta) =>
    meta.charts.every((chart) =>
      chart.series.every((series) => series.values.length === meta.at_ms.length)
    ),
  "every series has one value per time",
);

export type HistoryMeta = z.output<typeof historyMetaSchema>;

/** `history`'s charts at {@link HISTORY_META_POINTS} evenly spread times, each value or null. */
export function historyMeta(
  history: ProtocolHistory,
  charts: ReturnType<typeof protocolCharts>,
  interval: HistoryInterval,
): HistoryMeta {
  const kept = sampleIndices(history.points.length, HISTORY_META_POINTS)
    .map((i) => history.points[i].at);
  return {
    interval,
    as_of: new Date(history.asOfMs).toISOString(),
    at_ms: kept,
    charts: charts.map((chart) => ({
      id: chart.id,
      title: chart.title,
      unit: chart.unit as "usd" | "count" | "paper",
      series: chart.series.map((series) => {
        const byTime = new Map(series.points.map((point) => [point.at, point.value]));
        return {
          label: series.label,
          tone: series.tone,
          values: kept.map((at) => byTime.get(at) ?? null),
        };
      }),
    })),
  };
}
