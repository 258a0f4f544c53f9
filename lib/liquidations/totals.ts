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
export interface LiquidationSum {
  count: number;
  /** Their sizes summed (wad USD), over the ones whose size is known. */
  notional: bigint;
  /** Liquidations counted whose size is not known (left out of `notional`). */
  unsized: number;
}

/** The sum of one market and side; null market or side: the sources did not tell it. */
export interface LiquidationGroup extends LiquidationSum {
  symbol: string | null;
  isLong: boolean | null;
}

/** One period's totals: in all, and per market and side. */
export interface LiquidationPeriodTotals extends LiquidationSum {
  period: LiquidationPeriod;
  /** The period's start (unix ms): liquidations at or after it count. */
  since: number;
  /** The Exchange's events reach back to `since`: none is missing (not so from the feed alone). */
  complete: boolean;
  /** Every market of the list (or seen) by side, long then short, then any not told. */
  groups: LiquidationGroup[];
}

function sumOf(rows: readonly Liquidation[]): LiquidationSum {
  let notional = 0n;
  let unsized = 0;
  for (const row of rows) {
    if (row.notional === null) unsized += 1;
    else notional += row.notional;
  }
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
): LiquidationPeriodTotals[] {
  const symbols: (string | null)[] = [...markets];
  for (const row of rows) if (!symbols.includes(row.symbol)) symbols.push(row.symbol);
  return PERIOD_NAMES.map((period) => {
    const since = list.now - LIQUIDATION_PERIODS[period];
    const within = rows.filter((row) => row.at >= since);
    const groups: LiquidationGroup[] = [];
    for (const symbol of symbols) {
      for (const isLong of [true, false, null]) {
        const matching = within.filter((row) => row.symbol === symbol && row.isLong === isLong);
        // Every known market shows both sides, empty or not; the rest only when they hold rows.
        if (matching.length === 0 && (isLong === null || symbol === null)) continue;
        groups.push({ symbol, isLong, ...sumOf(matching) });
      }
    }
    const { events } = list.coverage;
    const complete = events !== null && (events.fromTime === null || events.fromTime <= since);
    return { period, since, complete, ...sumOf(within), groups };
  });
}
