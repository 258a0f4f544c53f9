/**
 * The charts' series: protocol history (a small chart per figure of `/query/protocol/history`),
 * each market's open interest against its caps (our samples: the upstream keeps no OI history),
 * its price, and a position's price against entry and bust (samples, candles before them).
 */
import type { HistoryInterval, ProtocolHistory, ProtocolHistoryPoint } from "../papertrade/mod.ts";
import type { ChartSeries, ChartUnit } from "../chart.ts";
import type { MarketSample } from "./mark_samples.ts";
import type { PriceHistory } from "./price_history.ts";
import { CANDLE_LABEL } from "../hyperliquid/candles.ts";
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

/** The history intervals that span the protocol's whole life ("since launch"). */
export const SINCE_LAUNCH: readonly HistoryInterval[] = ["1h", "1d"];

/** The history's figures that say someone traded. */
const ACTIVITY: readonly Column[] = ["trades", "traders", "volumeBtcUsd", "volumeEthUsd"];

// One trimmed copy per history answer, so its charts too are built once (below).
const trimmedHistories = new WeakMap<
  ProtocolHistory,
  { history: ProtocolHistory; firstActivityAt: number | null }
>();

/**
 * The history from the first point at which anyone had traded (a trade, a trader or volume), so a
 * since-launch chart does not spend most of its width on the flat line before the first trade.
 * `firstActivityAt` is the first point kept (null: no trade yet, and no point is kept).
 */
export function fromFirstActivity(history: ProtocolHistory) {
  return trimmedHistories.getOrInsertComputed(history, () => {
    const first = history.points.findIndex((point) =>
      ACTIVITY.some((column) => (point[column] ?? 0) !== 0)
    );
    const points = first === -1 ? [] : history.points.slice(first);
    return { history: { ...history, points }, firstActivityAt: points[0]?.at ?? null };
  });
}

// Every view reads the same history answer from the read cache while it is fresh (frozen, so its
// charts cannot go stale): build them once per answer (formatting was a fifth of /markets' CPU).
const chartsOfHistory = new WeakMap<ProtocolHistory, ReturnType<typeof buildProtocolCharts>>();

/** The protocol history as small charts; a point the upstream sent as null is left out. */
export function protocolCharts(history: ProtocolHistory) {
  return chartsOfHistory.getOrInsertComputed(history, buildProtocolCharts);
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
 * One market's sampled open interest: each side's share of its cap in use (percent, both at the
 * sample's mark), dollars in the text; none where the side has no cap (or no trading state).
 */
export function openInterestSeries(samples: readonly MarketSample[]): ChartSeries[] {
  const compact = (usd: bigint) => formatUsd(usd, { compact: true });
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
      const text = `${value.toFixed(2)}% (${compact(oi)} of ${compact(cap)})`;
      return [{ at: sample.at, value, text }];
    }),
  });
  return [
    side("Long", "good", (s) => [s.longOiUsd, s.longCapUsd]),
    side("Short", "bad", (s) => [s.shortOiUsd, s.shortCapUsd]),
  ].filter((series) => series.points.length > 0);
}

/** Most prices remembered per price scale (past it, the memory starts again). */
const PRICES_KEPT = 50_000;
const prices = new Map<bigint, Map<bigint, { value: number; text: string }>>();

/**
 * A raw price's number and text, remembered: each view of `/markets` draws about a thousand
 * samples and candles per market, most of them the same as the last view's, and converting each
 * (exactly, in bigint) again was a fifth of the page's CPU.
 */
function pricePoint(raw: bigint, priceScale: bigint): { value: number; text: string } {
  const byRaw = prices.getOrInsertComputed(priceScale, () => new Map());
  if (byRaw.size >= PRICES_KEPT && !byRaw.has(raw)) byRaw.clear();
  return byRaw.getOrInsertComputed(raw, () => ({
    value: rawPriceToNumber(raw, priceScale),
    text: formatPrice(raw, priceScale),
  }));
}

/** A market's price lines since `from`: its sampled marks, and Hyperliquid's candles before. */
export function marketPriceChart(
  history: PriceHistory,
  priceScale: bigint,
  from: number,
): ChartSeries[] {
  const price = (raw: bigint) => pricePoint(raw, priceScale);
  const lines = [
    {
      label: CANDLE_LABEL,
      tone: "muted",
      points: history.candles.filter((candle) => candle.closeTime >= from)
        .map((candle) => ({ at: candle.closeTime, ...price(candle.close) })),
    },
    {
      label: "Mark",
      tone: "accent",
      points: history.samples.filter((sample) => sample.at >= from)
        .map((sample) => ({ at: sample.at, ...price(sample.markRaw) })),
    },
  ];
  return lines.filter((line) => line.points.length > 0);
}

/** An open position's chart: its market's price since it opened, entry and bust as levels. */
export function positionMarkChart(
  position: { entryPrice: bigint; bustPrice: bigint; openedAt: number },
  history: PriceHistory,
  priceScale: bigint,
) {
  const level = (raw: bigint) => pricePoint(raw, priceScale);
  return {
    series: marketPriceChart(history, priceScale, position.openedAt),
    levels: [
      { label: "Entry", tone: "muted", ...level(position.entryPrice) },
      { label: "Bust", tone: "bad", ...level(position.bustPrice) },
    ],
  };
}
