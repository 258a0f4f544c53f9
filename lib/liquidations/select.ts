/**
 * One view of the liquidations: a window's and a market's rows a page at a time (newest first, a
 * cursor for the next page) and that market's totals. The page, the Atom feed and the tool select
 * the same way, so by default they list the same liquidations.
 */
import { UnknownMarketError } from "../at_risk/mod.ts";
import type { Liquidation, LiquidationList } from "./read.ts";
import { LIQUIDATION_PERIODS, type LiquidationPeriod, liquidationTotals } from "./totals.ts";

/** Rows a page lists by default, and at most. */
export const LIQUIDATION_PAGE_ROWS = { default: 50, max: 200 } as const;

/** What a view asks for. */
export interface LiquidationSelection {
  /** Only liquidations of the last hour, day or week. */
  window: LiquidationPeriod;
  /** Only this market (a symbol, any case). */
  market?: string;
  /** Only rows after this one: a page's `nextCursor`. */
  cursor?: string;
  limit: number;
}

/** The view every face opens with: the last 24 hours, every market, the first page. */
export const DEFAULT_SELECTION: LiquidationSelection = {
  window: "24h",
  limit: LIQUIDATION_PAGE_ROWS.default,
};

/** One view: its rows, how many match in all, where the next page starts, the totals. */
export type LiquidationView = ReturnType<typeof selectLiquidations>;

/** A cursor that is not one a view gave. */
export class BadLiquidationCursorError extends Error {
  override name = "BadLiquidationCursorError";
  constructor(readonly cursor: string) {
    super("The cursor is not one a liquidations page gave; start from the first page.");
  }
}

/** A cursor is the last row's place in the order, newest first: its time, then its position id. */
const CURSOR = /^(\d{1,15})-(\d{1,30})$/;

/** Whether `row` comes after the cursor's row in the order. */
function after(row: Liquidation, [, at, positionId]: RegExpExecArray): boolean {
  if (row.at !== Number(at)) return row.at < Number(at);
  return BigInt(row.positionId) < BigInt(positionId);
}

/**
 * The view `selection` asks for. Refuses a market the trading state does not list (when the list
 * knows the markets: {@link UnknownMarketError}) and a malformed cursor.
 */
export function selectLiquidations(
  list: LiquidationList,
  selection: LiquidationSelection,
) {
  const wanted = selection.market?.trim().toUpperCase() || null;
  const listed = list.markets.find((symbol) => symbol.toUpperCase() === wanted);
  if (wanted !== null && !listed && list.markets.length > 0) {
    throw new UnknownMarketError(wanted, list.markets);
  }
  const market = listed ?? wanted;
  const cursor = selection.cursor === undefined ? null : CURSOR.exec(selection.cursor);
  if (!cursor && selection.cursor !== undefined) {
    throw new BadLiquidationCursorError(selection.cursor);
  }
  const ofMarket = market === null
    ? list.rows
    : list.rows.filter((row) => row.symbol?.toUpperCase() === market.toUpperCase());
  const since = list.now - LIQUIDATION_PERIODS[selection.window];
  const matching = ofMarket.filter((row) => row.at >= since);
  const from = cursor ? matching.filter((row) => after(row, cursor)) : matching;
  const rows = from.slice(0, selection.limit);
  return {
    /** The market filter as the list names it (the trading state's spelling), if any. */
    market,
    rows,
    matched: matching.length,
    /** Pass back as `cursor` for the next rows; null on the last page. */
    nextCursor: from.length > rows.length ? `${rows.at(-1)!.at}-${rows.at(-1)!.positionId}` : null,
    totals: liquidationTotals(ofMarket, list, market === null ? list.markets : [market]),
  };
}
