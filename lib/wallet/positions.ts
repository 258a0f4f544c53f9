/**
 * A wallet's open positions at the live mark, or one position by id, falling back to the
 * closed-trade history when the id is no longer open. Shared by get_positions and the wallet
 * page.
 */
import type {
  PapertradeClient,
  PricePoint,
  Trade,
  TradingState,
  WalletAccount,
} from "../papertrade/mod.ts";
import { type Mark, marksByInstrument } from "../marks.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
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
  /** Null when the trading state could not be read (positions are then unvalued). */
  trading: TradingState | null;
  marks: Map<number, Mark>;
  /** All open positions, or the one asked for when it is open. */
  positions: PositionValuation[];
  totals: PositionTotals;
  /** The closed-trade record when the position asked for is no longer open. */
  closed: Trade | null;
  /** Reads that failed, each naming its part and endpoint. */
  unavailable: UnavailablePart[];
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
 * `positions` is empty and `closed` null when the id is found in neither. Only the snapshot is
 * required; the other reads degrade to `unavailable` parts (positions then lack valuations).
 */
export async function fetchWalletPositions(
  papertrade: PapertradeClient,
  address: string,
  options: FetchWalletPositionsOptions = {},
): Promise<WalletPositions> {
  const { signal, positionId } = options;
  const parts = new Parts();
  const [account, trading, prices] = await Promise.all([
    papertrade.fetchWalletSnapshot(address, { signal }),
    parts.read(papertrade.fetchTradingState({ signal }), "position valuations"),
    parts.read(papertrade.fetchLatestPrices({ signal }), "live marks"),
  ]);
  const open = positionId === undefined
    ? account.openPositions
    : account.openPositions.filter((position) => position.positionId === positionId);
  const valued = valueWalletPositions({ ...account, openPositions: open }, trading, prices);
  const closed = positionId !== undefined && open.length === 0
    ? await parts.read(findClosedTrade(papertrade, address, positionId, { signal }))
    : null;
  return { ...valued, account, closed, unavailable: parts.unavailable };
}

/**
 * Every open position of the snapshot valued at the marks of the latest prices; without the
 * trading state or the prices, positions are listed unvalued.
 */
export function valueWalletPositions(
  account: WalletAccount,
  trading: TradingState | null,
  prices: readonly PricePoint[] | null,
  unavailable: UnavailablePart[] = [],
): WalletPositions {
  const instruments = trading?.instruments ?? [];
  const marks = marksByInstrument(instruments, prices ?? []);
  const positions = valuePositions(account.openPositions, {
    instruments,
    marks,
    winFeeRate: trading?.winFeeRate ?? 0n,
  });
  return {
    account,
    trading,
    marks,
    positions,
    totals: totalPositions(positions),
    closed: null,
    unavailable,
  };
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
