/**
 * The charts' series: protocol history (one small chart per figure, from
 * `/query/protocol/history`), each market's open interest against its caps and a position's
 * mark against entry and bust, both from the explorer's own samples (the upstream keeps no
 * price or OI history).
 */
import type { HistoryInterval, ProtocolHistory, ProtocolHistoryPoint } from "../papertrade/mod.ts";
import type { ChartSeries, ChartUnit } from "../chart.ts";
import type { MarketSample } from "./mark_samples.ts";
import { formatCount, formatPrice, formatUsd } from "../format.ts";
import { rawPriceToNumber, wadToNumber } from "../math/mod.ts";

/** The history intervals (`?history=`), each with what it covers. */
export const HISTORY_INTERVALS: Record<HistoryInterval, string> = {
  "1m": "24 h (by the minute)",
  "1h": "since launch (hourly)",
  "1d": "daily",
};

export function isHistoryInterval(value: string): value is HistoryInterval {
  return Object.hasOwn(HISTORY_INTERVALS, value);
}

type Column = Exclude<keyof ProtocolHistoryPoint, "at">;
type ChartSpec = [id: string, title: string, unit: ChartUnit, lines: Record<string, Column>];
const CHARTS: ChartSpec[] = [
  ["tvl", "Value locked (USD)", "usd", { "Value locked": "valueLockedUsd" }],
  ["volume", "Volume (USD, cumulative)", "usd", { BTC: "volumeBtcUsd", ETH: "volumeEthUsd" }],
  ["traders", "Traders (wallets that traded)", "count", { Traders: "traders" }],
  ["trades", "Trades", "count", { Trades: "trades" }],
  ["liquidations", "Liquidated (USD, cumulative)", "usd", { Liquidations: "liquidationsUsd" }],
  ["pnl", "Traders' PnL (USD)", "usd", { "Traders' PnL": "traderPnlUsd" }],
  ["paper", "PAPER supply and staked", "paper", { Supply: "paperSupply", Staked: "paperStaked" }],
];
const TONES = ["accent", "warn"];
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const TOKENS = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

// One history answer is read from the read cache by every view while it is fresh: its charts
// are built once per answer, not per view (formatting every point was a fifth of /markets' CPU).
const chartsOfHistory = new WeakMap<ProtocolHistory, ReturnType<typeof buildProtocolCharts>>();

/**
 * The protocol history as small charts; a point the upstream sent as null is left out. Built
 * once per history answer (the answer is frozen by the read cache, so the charts cannot go stale).
 */
export function protocolCharts(history: ProtocolHistory) {
  let charts = chartsOfHistory.get(history);
  if (!charts) {
    charts = buildProtocolCharts(history);
    chartsOfHistory.set(history, charts);
  }
  return charts;
}

function buildProtocolCharts(history: ProtocolHistory) {
  return CHARTS.map(([id, title, unit, lines]) => ({
    id: `history-${id}`,
    title,
    unit,
    series: Object.entries(lines).map(([label, column], i) => ({
      label,
      tone: TONES[i],
      points: history.points.flatMap((point) => {
        const value = point[column];
        const text = unit === "usd"
          ? USD.format(value ?? 0)
          : unit === "paper"
          ? `${TOKENS.format(value ?? 0)} PAPER`
          : formatCount(value);
        return value === null ? [] : [{ at: point.at, value, text }];
      }),
    })),
  }));
}

/**
 * One market's sampled open interest against its caps: each side's share of its cap in use
 * (percent, both valued at the sample's mark), the dollar figures in the text. A side without
 * a cap (uncapped, or a sample without the trading state) has no point there.
 */
export function openInterestSeries(samples: readonly MarketSample[]): ChartSeries[] {
  const side = (
    label: string,
    tone: string,
    oiOf: (s: MarketSample) => [bigint | null, bigint | null],
  ) => ({
    label,
    tone,
    points: samples.flatMap((sample) => {
      const [oi, cap] = oiOf(sample);
      if (oi === null || cap === null || cap === 0n) return [];
      const value = (wadToNumber(oi) / wadToNumber(cap)) * 100;
      const share = `${value.toFixed(2)}%`;
      return [{
        at: sample.at,
        value,
        text: `${share} (${formatUsd(oi, { compact: true })} of ${
          formatUsd(cap, { compact: true })
        })`,
      }];
    }),
  });
  return [
    side("Long", "good", (s) => [s.longOiUsd, s.longCapUsd]),
    side("Short", "bad", (s) => [s.shortOiUsd, s.shortCapUsd]),
  ].filter((series) => series.points.length > 0);
}

/**
 * An open position's chart: the marks sampled since it opened (or since sampling began), with
 * its entry and bust prices as levels.
 */
export function positionMarkChart(
  position: { entryPrice: bigint; bustPrice: bigint; openedAt: number },
  samples: readonly MarketSample[],
  priceScale: bigint,
) {
  const price = (raw: bigint) => ({
    value: rawPriceToNumber(raw, priceScale),
    text: formatPrice(raw, priceScale),
  });
  return {
    series: [{
      label: "Mark",
      tone: "accent",
      points: samples.filter((sample) => sample.at >= position.openedAt).map((sample) => ({
        at: sample.at,
        ...price(sample.markRaw),
      })),
    }],
    levels: [
      { label: "Entry", tone: "muted", ...price(position.entryPrice) },
      { label: "Bust", tone: "bad", ...price(position.bustPrice) },
    ],
  };
}
