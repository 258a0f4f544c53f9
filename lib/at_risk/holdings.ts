/**
 * What a wallet holds now, from the at-risk board: the notional of its open positions per market
 * and side (margin × leverage, exact), and its position nearest to bust. The leaderboard shows it
 * for the rows on screen, and its "holding now" filter keeps the wallets that have one.
 */
import type { Address } from "../papertrade/mod.ts";
import { type AtRiskBoard, nearestOf, type WalletNearest } from "./board.ts";
import type { LadderSum } from "./ladder.ts";

/** One market's open notional of a wallet, by side. */
export interface MarketHolding {
  symbol: string;
  long: LadderSum;
  short: LadderSum;
}

/** A wallet's open positions on the board, or why the board shows none. */
export type WalletHoldings =
  | { markets: MarketHolding[]; nearest: WalletNearest }
  | { reason: string };

/**
 * The holdings of `wallet` on `board` (null: the board could not be read), markets in the
 * board's order; the reason when it holds nothing there is {@link nearestOf}'s.
 */
export function walletHoldings(board: AtRiskBoard | null, wallet: Address): WalletHoldings {
  const rows = board?.rows.filter((row) => row.wallet === wallet) ?? [];
  if (board === null || rows.length === 0) {
    const nearest = nearestOf(board, wallet);
    return { reason: "reason" in nearest ? nearest.reason : "no open position" };
  }
  const bySymbol = new Map<string, MarketHolding>();
  for (const row of rows) {
    const market = bySymbol.get(row.symbol) ?? { symbol: row.symbol, long: zero(), short: zero() };
    bySymbol.set(row.symbol, market);
    const side = row.position.isLong ? market.long : market.short;
    side.count += 1;
    side.notional += row.notional;
  }
  const order = (symbol: string) => {
    const index = board.markets.indexOf(symbol);
    return index === -1 ? board.markets.length : index;
  };
  const markets = [...bySymbol.values()].sort((a, b) => order(a.symbol) - order(b.symbol));
  return { markets, nearest: nearestOf(board, wallet) };
}

/** The wallets with at least one open position on `board`. */
export function walletsHolding(board: AtRiskBoard): Set<Address> {
  return new Set(board.rows.map((row) => row.wallet));
}

function zero(): LadderSum {
  return { count: 0, notional: 0n };
}
