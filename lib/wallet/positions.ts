/**
 * A wallet's open positions at the live mark, or one position by id, falling back to the
 * closed-trade history when the id is no longer open. Shared by get_positions and the wallet
 * page.
 */
import type { PapertradeClient, Trade, TradingState, WalletAccount } from "../papertrade/mod.ts";
import { type Mark, marksByInstrument } from "../marks.ts";
import {
  type PositionTotals,
  type PositionValuation,
  totalPositions,
  valuePositions,
} from "./value_positions.ts";

/** How many history pages (75 trades each) a closed-position look-up reads at most. */
export const CLOSED_SEARCH_MAX_PAGES = 4;

/** A wallet's valued positions. */
export interface WalletPositions {
  account: WalletAccount;
  trading: TradingState;
  marks: Map<number, Mark>;
  /** All open positions, or the one asked for when it is open. */
  positions: PositionValuation[];
  totals: PositionTotals;
  /** The closed-trade record when the position asked for is no longer open. */
  closed: Trade | null;
}

/** Options of {@link fetchWalletPositions}. */
export interface FetchWalletPositionsOptions {
  /** Narrow to one position id (decimal string). */
  positionId?: string;
  signal?: AbortSignal;
}

/**
 * Reads the wallet snapshot, the trading state and the latest prices in parallel and values
 * the open positions. With `positionId` and no open match, searches the recent trade history;
 * `positions` is empty and `closed` null when the id is found in neither.
 */
export async function fetchWalletPositions(
  papertrade: PapertradeClient,
  address: string,
  options: FetchWalletPositionsOptions = {},
): Promise<WalletPositions> {
  const { signal, positionId } = options;
  const [account, trading, prices] = await Promise.all([
    papertrade.fetchWalletSnapshot(address, { signal }),
    papertrade.fetchTradingState({ signal }),
    papertrade.fetchLatestPrices({ signal }),
  ]);
  const marks = marksByInstrument(trading.instruments, prices);
  const open = positionId === undefined
    ? account.openPositions
    : account.openPositions.filter((position) => position.positionId === positionId);
  const positions = valuePositions(open, {
    instruments: trading.instruments,
    marks,
    winFeeRate: trading.winFeeRate,
  });
  const closed = positionId !== undefined && open.length === 0
    ? await findClosedTrade(papertrade, address, positionId, { signal })
    : null;
  return { account, trading, marks, positions, totals: totalPositions(positions), closed };
}

/** Options of {@link findClosedTrade}. */
export interface FindClosedTradeOptions {
  signal?: AbortSignal;
  /** Default {@link CLOSED_SEARCH_MAX_PAGES}. */
  maxPages?: number;
}

/** Pages through the wallet's trade history (newest first) for one position id. */
export async function findClosedTrade(
  papertrade: PapertradeClient,
  address: string,
  positionId: string,
  options: FindClosedTradeOptions = {},
): Promise<Trade | null> {
  const maxPages = options.maxPages ?? CLOSED_SEARCH_MAX_PAGES;
  let cursor: string | undefined;
  // Sequential by necessity: each page's cursor comes from the one before.
  for (let page = 0; page < maxPages; page++) {
    const history = await papertrade.fetchTradeHistory({
      wallet: address,
      cursor,
      signal: options.signal,
    });
    const trade = history.trades.find((item) => item.positionId === positionId);
    if (trade) return trade;
    if (history.nextCursor === null) return null;
    cursor = history.nextCursor;
  }
  return null;
}
