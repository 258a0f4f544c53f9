/**
 * The trades behind the PnL chart: the wallet's whole closed-trade history, read page by
 * page (each cursor comes from the page before) up to a fixed number of reads. When the cap
 * stops the reading, the result says so, and the chart says which trades it covers.
 */
import type { PapertradeClient, Trade } from "./papertrade/mod.ts";

/** Trades per chart read (the history's largest page). */
export const CHART_PAGE_SIZE = 200;
/** Most history reads one chart makes. */
export const CHART_MAX_READS = 5;

/** What the chart was drawn from. */
export interface ChartHistory {
  /** Newest first, as the history sends them. */
  trades: Trade[];
  /** True when the reads reached the oldest trade. */
  complete: boolean;
  /** History reads made. */
  reads: number;
}

/** Options of {@link fetchChartHistory}. */
export interface FetchChartHistoryOptions {
  signal?: AbortSignal;
  /** Default {@link CHART_MAX_READS}. */
  maxReads?: number;
  /** Default {@link CHART_PAGE_SIZE}. */
  pageSize?: number;
}

/** Reads the wallet's closed trades, newest first, with at most `maxReads` reads. */
export async function fetchChartHistory(
  papertrade: PapertradeClient,
  wallet: string,
  options: FetchChartHistoryOptions = {},
): Promise<ChartHistory> {
  const maxReads = options.maxReads ?? CHART_MAX_READS;
  const trades: Trade[] = [];
  let cursor: string | undefined;
  for (let reads = 1; reads <= maxReads; reads++) {
    const page = await papertrade.read("tradeHistory", {
      wallet,
      filter: "all",
      cursor,
      limit: options.pageSize ?? CHART_PAGE_SIZE,
    }, { signal: options.signal });
    trades.push(...page.trades);
    if (page.nextCursor === null) return { trades, complete: true, reads };
    cursor = page.nextCursor;
  }
  return { trades, complete: false, reads: maxReads };
}
