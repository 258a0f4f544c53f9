/**
 * A wallet's open positions at the live mark, or one position by id, falling back to the
 * closed-trade history when the id is no longer open.
 */
import { learnOwner } from "../known_ids.ts";
import type { PapertradeClient, Trade, TradingState, WalletAccount } from "../papertrade/mod.ts";
import { fetchLiveMarks, type Mark, type MarketSources } from "../marks.ts";
import { isUpstreamFailure, Parts, type UnavailablePart, unavailablePart } from "../parts.ts";
import {
  type PositionTotals,
  type PositionValuation,
  totalPositions,
  valuePosition,
  walletEquity,
  walletTotalPnl,
} from "./value_positions.ts";
import { returnOnDepositsPercentWad } from "../math/mod.ts";

/** How many history pages (75 trades each) a closed-position look-up reads at most. */
const CLOSED_SEARCH_MAX_PAGES = 4;

export interface WalletPositions {
  account: WalletAccount;
  /** Null when the trading state could not be read (positions are then unvalued). */
  trading: TradingState | null;
  marks: Map<number, Mark>;
  /** The Exchange's win fee; null when it could not be read (no close payout figures then). */
  winFeeRate: bigint | null;
  /** All open positions, or the one asked for when it is open. */
  positions: PositionValuation[];
  totals: PositionTotals;
  /** The wallet's equity over every open position, asked for or not ({@link walletEquity}). */
  equity: bigint;
  /** Lifetime realized plus unrealized PnL over every open position ({@link walletTotalPnl}). */
  totalPnl: bigint;
  /** Total PnL over lifetime deposits, percent wad; null without deposits. */
  returnOnDeposits: bigint | null;
  /** The closed-trade record when the position asked for is no longer open. */
  closed: Trade | null;
  unavailable: UnavailablePart[];
}

/**
 * The snapshot, trading state and live marks read, the open positions valued. With `positionId`
 * (decimal) not open, the recent trade history is searched (`closed` null if not there). Only the
 * snapshot is required; the other reads degrade to `unavailable` parts.
 */
export async function fetchWalletPositions(
  sources: MarketSources,
  address: string,
  options: { positionId?: string; signal?: AbortSignal } = {},
): Promise<WalletPositions> {
  const { signal, positionId } = options;
  const { papertrade } = sources;
  const parts = new Parts();
  const [account, { trading, marks }, winFeeRate] = await Promise.all([
    papertrade.read("walletStream", { wallet: address }, { signal }).then((account) =>
      parts.note(account)
    ),
    readMarket(sources, parts, { part: "position valuations", signal }),
    readWinFee(sources, parts),
  ]);
  const all = valueWalletPositions(account, trading, marks, winFeeRate);
  const positions = positionId === undefined
    ? all.positions
    : all.positions.filter((valuation) => valuation.position.positionId === positionId);
  const valued = { ...all, positions, totals: totalPositions(positions) };
  const closed = positionId !== undefined && positions.length === 0
    ? await parts.read(findClosedTrade(papertrade, address, { positionId }, { signal }))
    : null;
  return { ...valued, account, closed, unavailable: parts.unavailable };
}

/**
 * The trading state (its failure named as `part`), then the live marks of its instruments
 * (named "live marks"); each is null when it could not be read.
 */
export async function readMarket(
  { papertrade, quotes }: MarketSources,
  parts: Parts,
  options: { part: string; signal?: AbortSignal },
): Promise<{ trading: TradingState | null; marks: Map<number, Mark> | null }> {
  const { signal } = options;
  const trading = await parts.read(papertrade.read("tradingState", {}, { signal }), options.part);
  if (!trading) return { trading, marks: null };
  const marks = await parts.read(
    fetchLiveMarks(quotes, trading.instruments, { signal }),
    "live marks",
  );
  return { trading, marks };
}

/**
 * The Exchange's win fee (`winFeeRate()`, cached by the chain client); null, with the part "win
 * fee" named (field `winFeeRate`), when unread: only the close payout figures are left out.
 */
export async function readWinFee(
  { hyperevm }: Pick<MarketSources, "hyperevm">,
  parts: Parts,
): Promise<bigint | null> {
  try {
    return await hyperevm.winFeeRate();
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    parts.add({ ...unavailablePart(error, "win fee"), field: "winFeeRate" });
    return null;
  }
}

/**
 * Every open position of the snapshot valued at the live marks; without the trading state or
 * the marks, positions are listed unvalued, and without the win fee they have no close payout.
 */
export function valueWalletPositions(
  account: WalletAccount,
  trading: TradingState | null,
  found: ReadonlyMap<number, Mark> | null,
  winFeeRate: bigint | null,
): WalletPositions {
  const instruments = trading?.instruments ?? [];
  const marks = new Map(found ?? []);
  const positions = account.openPositions.map((position) =>
    valuePosition(position, { instruments, marks, winFeeRate })
  );
  const totals = totalPositions(positions);
  const totalPnl = walletTotalPnl(account.lifetime, totals);
  return {
    account,
    trading,
    marks,
    winFeeRate,
    positions,
    totals,
    equity: walletEquity(account.balances, totals),
    totalPnl,
    returnOnDeposits: returnOnDepositsPercentWad(totalPnl, account.lifetime.deposited),
    closed: null,
    unavailable: [],
  };
}

/** One closed trade from the wallet's trade history, newest page first, `maxPages` at most. */
export async function findClosedTrade(
  papertrade: PapertradeClient,
  address: string,
  match: { positionId: string } | { intentId: string },
  options: { signal?: AbortSignal; maxPages?: number } = {},
): Promise<Trade | null> {
  const matches = "positionId" in match
    ? (trade: Trade) => trade.positionId === match.positionId
    : (trade: Trade) => trade.intentId?.toLowerCase() === match.intentId.toLowerCase();
  const maxPages = options.maxPages ?? CLOSED_SEARCH_MAX_PAGES;
  let cursor: string | undefined;
  // Sequential by necessity: each page's cursor comes from the one before.
  for (let page = 0; page < maxPages; page++) {
    const history = await papertrade.read("tradeHistory", { wallet: address, cursor }, {
      signal: options.signal,
    });
    learnOwner(papertrade, address, history.trades);
    const trade = history.trades.find(matches);
    if (trade) return trade;
    if (history.nextCursor === null) return null;
    cursor = history.nextCursor;
  }
  return null;
}
