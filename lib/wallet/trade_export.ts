/**
 * A wallet's whole trade history as CSV: every page, followed by its cursor, with exact
 * decimal values (no floating point between the API and the spreadsheet).
 */
import { formatUnits } from "viem";
import type { Instrument, PapertradeClient, Trade } from "../papertrade/mod.ts";
import { netPnlWad } from "../math/mod.ts";
import { toCsv } from "../csv.ts";
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

/** Every trade of the wallet, newest first; `truncated` when the page bound stopped it. */
export async function fetchAllTrades(
  papertrade: PapertradeClient,
  address: string,
  options: FetchAllTradesOptions = {},
): Promise<{ trades: Trade[]; truncated: boolean }> {
  const trades: Trade[] = [];
  let cursor: string | undefined;
  // Sequential by necessity: each page's cursor comes from the one before.
  for (let page = 0; page < (options.maxPages ?? EXPORT_MAX_PAGES); page++) {
    const history = await papertrade.fetchTradeHistory({
      wallet: address,
      filter: options.filter ?? "all",
      cursor,
      // The documented page size: the API is not known to accept larger pages.
      limit: WALLET_TRADES_PAGE_SIZE,
      signal: options.signal,
    });
    trades.push(...history.trades);
    if (history.nextCursor === null) return { trades, truncated: false };
    cursor = history.nextCursor;
  }
  return { trades, truncated: true };
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
  const rows = trades.map((trade) => {
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
  });
  return toCsv(TRADE_CSV_HEADER, rows);
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
