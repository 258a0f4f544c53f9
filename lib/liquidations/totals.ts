/**
 * The liquidations' totals per market and side over the last hour, day and week: how many, and
 * their size summed exactly (wad), for the page, the tool and the docs.
 */
import type { Liquidation, LiquidationList } from "./read.ts";

/** The periods the totals cover, longest last, and the lists' windows: milliseconds each. */
export const LIQUIDATION_PERIODS = {
  "1h": 3_600_000,
  "24h": 86_400_000,
  "7d": 604_800_000,
} as const;

export type LiquidationPeriod = keyof typeof LIQUIDATION_PERIODS;

/** The periods in order, shortest first. */
export const PERIOD_NAMES = Object.keys(LIQUIDATION_PERIODS) as LiquidationPeriod[];

/** What some liquidations add up to. */
export type LiquidationSum = ReturnType<typeof sumOf>;
/** One period's totals: in all, and per market and side. */
export type LiquidationPeriodTotals = ReturnType<typeof liquidationTotals>[number];
/** The sum of one market and side; null market or side: the sources did not tell it. */
export type LiquidationGroup = LiquidationPeriodTotals["groups"][number];

function sumOf(rows: readonly Liquidation[]) {
  let notional = 0n;
  let unsized = 0;
  for (const row of rows) {
    if (row.notional === null) unsized += 1;
    else notional += row.notional;
  }
  // `notional` sums the known sizes (wad USD); `unsized` counts the rows left out of it.
  return { count: rows.length, notional, unsized };
}

/**
 * Each period's totals over `rows` (a list's, or the part of it a market filter keeps), grouped by
 * `markets` (the trading state's, in its order; markets only the rows name follow) and side.
 */
export function liquidationTotals(
  rows: readonly Liquidation[],
  list: Pick<LiquidationList, "coverage" | "now">,
  markets: readonly string[],
) {
  const symbols: (string | null)[] = [...markets];
  for (const row of rows) if (!symbols.includes(row.symbol)) symbols.push(row.symbol);
  return PERIOD_NAMES.map((period) => {
    const since = list.now - LIQUIDATION_PERIODS[period];
    const within = rows.filter((row) => row.at >= since);
    // Every market of the list (or seen) by side, long then short, then any not told.
    const groups = symbols.flatMap((symbol) =>
      [true, false, null].flatMap((isLong) => {
        const matching = within.filter((row) => row.symbol === symbol && row.isLong === isLong);
        // Every known market shows both sides, empty or not; the rest only when they hold rows.
        if (matching.length === 0 && (isLong === null || symbol === null)) return [];
        return [{ symbol, isLong, ...sumOf(matching) }];
      })
    );
    const { events } = list.coverage;
    // The Exchange's events reach back to `since` (the period's start): none is missing (not
    // so from the feed alone).
    const complete = events !== null && (events.fromTime === null || events.fromTime <= since);
    return { period, since, complete, ...sumOf(within), groups };
  });
}
