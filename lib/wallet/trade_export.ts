/**
 * A wallet's whole trade history as CSV, page by page by cursor, in exact decimals (no floating
 * point between the API and the spreadsheet); pages are yielded as they arrive, so rows stream.
 */
import type { Instrument, PapertradeClient, Trade } from "../papertrade/mod.ts";
import { isoFromMs } from "../format.ts";
import type { CsvCell } from "../csv.ts";
import { type TradeFilter, WALLET_TRADES_PAGE_SIZE } from "./wallet_page.ts";
import { marketOf } from "../position/mod.ts";

/** Pages read at most (75 trades each): a bound on one export's upstream work. */
export const EXPORT_MAX_PAGES = 400;

/**
 * Pages whose rows naming no settling transaction get the one the settlement trail finds: the
 * newest 300 trades (about 1.6 HyperEVM requests a trade cold, none once found). Older rows keep
 * what the history names, and the export says so in a last line.
 */
export const EXPORT_TRAIL_PAGES = 4;

/**
 * The trade history newest first, each page yielded as it arrives while the next (whose cursor
 * this one gives, so no parallel reads) is fetched: one request in flight, at most `maxPages`
 * pages; `truncated` marks the last page when that bound, not the history, ended the export.
 */
export async function* streamTradePages(
  papertrade: PapertradeClient,
  address: string,
  options: { filter: TradeFilter; signal: AbortSignal; maxPages: number },
): AsyncGenerator<{ trades: Trade[]; truncated: boolean }> {
  const { maxPages } = options;
  const read = (cursor: string | undefined) =>
    papertrade.read("tradeHistory", {
      wallet: address,
      filter: options.filter,
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

/** How a row reads a trade: the wallet's name and the trade's market, money and prices. */
type RowContext = {
  wallet: string;
  name: string | null;
  symbol: string;
  usd: (wad: bigint) => string;
  price: (raw: bigint) => CsvCell;
};

/** The export's columns, in order: each header beside the cell it heads. */
const COLUMNS: Record<string, (trade: Trade, row: RowContext) => CsvCell> = {
  wallet: (_, row) => row.wallet,
  leaderboard_name: (_, row) => row.name,
  position_id: (trade) => trade.positionId,
  market: (_, row) => row.symbol,
  side: (trade) => trade.isLong ? "long" : "short",
  leverage: (trade) => trade.leverage,
  margin_usd: (trade, row) => row.usd(trade.margin),
  entry_price: (trade, row) => row.price(trade.entryPrice),
  exit_price: (trade, row) => row.price(trade.exitPrice),
  opened_at: (trade) => isoFromMs(trade.openedAt),
  closed_at: (trade) => isoFromMs(trade.closedAt),
  liquidated: (trade) => trade.liquidated,
  adjusted_pnl_usd: (trade, row) => row.usd(trade.adjustedPnl),
  fee_paid_usd: (trade, row) => row.usd(trade.userPaidFee),
  net_pnl_usd: (trade, row) => row.usd(trade.netPnl),
  paper_minted: (trade, row) => row.usd(trade.paperMinted),
  intent_id: (trade) => trade.intentId,
  tx_hash: (trade) => trade.txHash,
};

export const TRADE_CSV_HEADER = Object.keys(COLUMNS);

/**
 * The CSV cells of a wallet's trades, in {@link TRADE_CSV_HEADER} order, with exact decimals
 * from viem's `formatUnits`. viem is loaded here, when an export starts, not when the app starts
 * (importing it costs 60–90 ms). Price scales are powers of ten (10 for BTC, 100 for ETH); a
 * price at any other scale, or on an unknown market, stays raw.
 */
export async function tradeCsvRows(
  wallet: string,
  name: string | null,
  instruments: readonly Instrument[],
): Promise<(trade: Trade) => CsvCell[]> {
  const { formatUnits } = await import("viem");
  const usd = (wad: bigint) => formatUnits(wad, 18);
  return (trade) => {
    const { symbol, priceScale } = marketOf(instruments, trade.instrumentId);
    const digits = String(priceScale);
    const price = (raw: bigint) =>
      priceScale !== null && /^10*$/.test(digits) ? formatUnits(raw, digits.length - 1) : raw;
    const row = { wallet, name, symbol, usd, price };
    return Object.values(COLUMNS).map((cell) => cell(trade, row));
  };
}
