/**
 * The wallet page's PnL chart on a true time axis: realized PnL (cumulative net PnL of the
 * closed trades, each at its close time) and the current end point with the open positions'
 * unrealized PnL at the live mark, over a window. Sums stay exact in bigint until display.
 */
import type { Trade } from "../papertrade/mod.ts";
import { wadToNumber } from "../math/mod.ts";
import { formatUsd } from "../format.ts";
import type { ChartPoint, ChartSeries } from "../chart.ts";

const DAY = 86_400_000;

/** The chart's windows (`?pnl=`) and their length in ms; `all` is the whole read history. */
export const PNL_WINDOWS = { "24h": DAY, "7d": 7 * DAY, "30d": 30 * DAY, all: null } as const;

export type PnlWindow = keyof typeof PNL_WINDOWS;

export function isPnlWindow(value: string): value is PnlWindow {
  return Object.hasOwn(PNL_WINDOWS, value);
}

/**
 * The chart's series over `window` ending `now`: realized PnL as a step line that starts at the
 * window's start with the total realized before it and runs flat to `now`, and, when the open
 * positions could be valued, a dot at `now` of realized plus unrealized PnL.
 */
export function pnlSeries(
  tradesNewestFirst: readonly Trade[],
  options: { window: PnlWindow; now: number; unrealizedPnl: bigint | null },
): { series: ChartSeries[]; from: number; trades: number } {
  // Running net PnL (USD wad) after each close, oldest first.
  let running = 0n;
  const all = [...tradesNewestFirst]
    .sort((a, b) => a.closedAt - b.closedAt || Number(BigInt(a.positionId) - BigInt(b.positionId)))
    .map((trade) => ({ closedAt: trade.closedAt, cumulativeNetPnl: running += trade.netPnl }));
  const length = PNL_WINDOWS[options.window];
  const from = length === null
    ? Math.min(options.now, ...tradesNewestFirst.map((trade) => trade.openedAt))
    : options.now - length;
  const inside = all.filter((point) => point.closedAt >= from);
  // Index -1 (every trade inside) is no trade: the window starts at 0.
  const start = all[all.length - inside.length - 1]?.cumulativeNetPnl ?? 0n;
  const final = all.at(-1)?.cumulativeNetPnl ?? 0n;
  const realized: ChartPoint[] = [
    usdPoint(from, start),
    ...inside.map((point) => usdPoint(point.closedAt, point.cumulativeNetPnl)),
    usdPoint(options.now, final),
  ];
  const series: ChartSeries[] = [
    { label: "Realized", tone: final < 0n ? "bad" : "good", points: realized, step: true },
  ];
  if (options.unrealizedPnl !== null) {
    series.push({
      label: "With unrealized now",
      tone: "accent",
      dots: true,
      points: [usdPoint(options.now, final + options.unrealizedPnl)],
    });
  }
  return { series, from, trades: inside.length };
}

function usdPoint(at: number, wad: bigint): ChartPoint {
  return { at, value: wadToNumber(wad), text: formatUsd(wad, { sign: true }) };
}
