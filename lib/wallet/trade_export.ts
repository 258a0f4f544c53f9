/**
 * A wallet's whole trade history as CSV: every page, followed by its cursor, with exact
 * decimal values (no floating point between the API and the spreadsheet). Pages are yielded
 * as they arrive so the route can stream rows instead of holding the whole history.
 */
import { formatUnits } from "viem";
import type { Instrument, PapertradeClient, Trade } from "../papertrade/mod.ts";
import { netPnlWad } from "../math/mod.ts";
import { type CsvCell, toCsv } from "../csv.ts";
import { type TradeFilter, WALLET_TRADES_PAGE_SIZE } from "./wallet_page.ts";

/** Pages read at most (75 trades each): a bound on one export's upstream work. */
export const EXPORT_MAX_PAGES = 400;

/** Options of {@link fetchAllTrades}. */
export interface FetchAllTradesOptions {
  filter?: TradeFilter;
  signal?: AbortSignal;
  /** Default {@link EXPORT_MAX_PAGES}. */
  maxPages?: number;
}

/** One page of the export as it arrives. */
export interface TradeExportPage {
  trades: Trade[];
  /** True on the last page yielded when the page bound, not the history, ended the export. */
  truncated: boolean;
}

/**
 * The wallet's trade history page by page, newest first, as an async iterator: each page is
 * yielded as soon as it arrives, and the next one (its cursor comes from this one, so pages
 * cannot be read in parallel) is already being fetched while the caller writes this one out.
 * At most one request is in flight per export, and at most `maxPages` pages are read.
 */
export async function* streamTradePages(
  papertrade: PapertradeClient,
  address: string,
  options: FetchAllTradesOptions = {},
): AsyncGenerator<TradeExportPage> {
  const maxPages = options.maxPages ?? EXPORT_MAX_PAGES;
  const read = (cursor: string | undefined) =>
    papertrade.read("tradeHistory", {
      wallet: address,
      filter: options.filter ?? "all",
      cursor,
      // The documented page size: the API is not known to accept larger pages.
      limit: WALLET_TRADES_PAGE_SIZE,
    }, { signal: options.signal });
  let pending = read(undefined);
  for (let page = 1; page <= maxPages; page++) {
    const history = await pending;
    const more = history.nextCursor !== null;
    if (more && page < maxPages) {
      pending = read(history.nextCursor!);
      // If the caller stops early, the prefetched page's failure has nobody to tell.
      pending.catch(() => {});
    }
    yield { trades: history.trades, truncated: more && page === maxPages };
    if (!more) return;
  }
}

/** Every trade of the wallet, newest first; `truncated` when the page bound stopped it. */
export async function fetchAllTrades(
  papertrade: PapertradeClient,
  address: string,
  options: FetchAllTradesOptions = {},
): Promise<{ trades: Trade[]; truncated: boolean }> {
  const trades: Trade[] = [];
  let truncated = false;
  for await (const page of streamTradePages(papertrade, address, options)) {
    trades.push(...page.trades);
    truncated = page.truncated;
  }
  return { trades, truncated };
}

/** Column names of the export, in order. */
export const TRADE_CSV_HEADER = [
  "wallet",
  "leaderboard_name",
  "position_id",
  "market",
  "side",
  "leverage",
  "margin_usd",
  "entry_price",
  "exit_price",
  "opened_at",
  "closed_at",
  "liquidated",
  "adjusted_pnl_usd",
  "fee_paid_usd",
  "net_pnl_usd",
  "paper_minted",
  "intent_id",
  "tx_hash",
] as const;

/** The CSV document of trades; the name is untrusted text and is neutralised like any cell. */
export function tradesCsv(
  wallet: string,
  leaderboardName: string | null,
  trades: readonly Trade[],
  instruments: readonly Instrument[],
): string {
  return toCsv(
    TRADE_CSV_HEADER,
    trades.map((trade) => tradeCsvRow(wallet, leaderboardName, trade, instruments)),
  );
}

/** The CSV cells of one trade, in {@link TRADE_CSV_HEADER} order. */
export function tradeCsvRow(
  wallet: string,
  leaderboardName: string | null,
  trade: Trade,
  instruments: readonly Instrument[],
): CsvCell[] {
  const instrument = instruments.find((item) => item.id === trade.instrumentId);
  return [
    wallet,
    leaderboardName,
    trade.positionId,
    instrument?.symbol ?? `instrument ${trade.instrumentId}`,
    trade.isLong ? "long" : "short",
    trade.leverage,
    formatUnits(trade.margin, 18),
    exactPrice(trade.entryPrice, instrument?.priceScale),
    exactPrice(trade.exitPrice, instrument?.priceScale),
    isoTime(trade.openedAt),
    isoTime(trade.closedAt),
    trade.liquidated,
    formatUnits(trade.adjustedPnl, 18),
    formatUnits(trade.userPaidFee, 18),
    formatUnits(netPnlWad(trade.adjustedPnl, trade.userPaidFee), 18),
    formatUnits(trade.paperMinted, 18),
    trade.intentId,
    trade.txHash,
  ];
}

// Price scales are powers of ten (10 for BTC, 100 for ETH); anything else stays raw.
function exactPrice(raw: bigint, priceScale: bigint | undefined): string {
  if (priceScale === undefined) return String(raw);
  const digits = String(priceScale);
  return /^10*$/.test(digits) ? formatUnits(raw, digits.length - 1) : String(raw);
}

function isoTime(ms: number): string {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : "";
}
