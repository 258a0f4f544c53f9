/**
 * What a wallet holds now on the at-risk board: its open notional per market and side (margin ×
 * leverage, exact) and its position nearest to bust, for the leaderboard's rows and its "holding
 * now" filter.
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
 * The holdings of `wallet` on `board` (null: not read), markets in the board's order; without
 * any, {@link nearestOf}'s reason.
 */
export function walletHoldings(board: AtRiskBoard | null, wallet: Address): WalletHoldings {
  const rows = board?.rows.filter((row) => row.wallet === wallet) ?? [];
  const nearest = nearestOf(board, wallet);
  if (board === null || rows.length === 0) {
    return { reason: "reason" in nearest ? nearest.reason : "no open position" };
  }
  const bySymbol = new Map<string, MarketHolding>();
  for (const row of rows) {
    const market = bySymbol.getOrInsertComputed(row.symbol, (symbol) => ({
      symbol,
      long: { count: 0, notional: 0n },
      short: { count: 0, notional: 0n },
    }));
    const side = row.position.isLong ? market.long : market.short;
    side.count += 1;
    side.notional += row.notional;
  }
  const order = (symbol: string) => {
    const index = board.markets.indexOf(symbol);
    return index === -1 ? board.markets.length : index;
  };
  const markets = [...bySymbol.values()].sort((a, b) => order(a.symbol) - order(b.symbol));
  return { markets, nearest };
}

/** The wallets with at least one open position on `board`. */
export function walletsHolding(board: AtRiskBoard): Set<Address> {
  return new Set(board.rows.map((row) => row.wallet));
}
