/**
 * One leaderboard view as every face reads it (the page, its CSV, get_leaderboard): its page of
 * rows, each row's nearest position and holdings on the at-risk board, and, where the board
 * orders or filters the rows (nearest to bust, "holding now"), how far the board covers them.
 * The board is waited for only {@link AT_RISK_WAIT_MS}; unread, the rows say so.
 */
import type { Address, PapertradeClient } from "../papertrade/mod.ts";
import {
  AT_RISK_WAIT_MS,
  type AtRiskBoard,
  nearestOf,
  orNullAfter,
  readAtRiskBoard,
  type WalletHoldings,
  walletHoldings,
  type WalletNearest,
} from "../at_risk/mod.ts";
import { Parts } from "../parts.ts";
import { boardLeaderboardPage, type NearestCoverage, readWindowAccounts } from "./nearest.ts";
import { fetchRankedLeaderboard, type RankedLeaderboardPage } from "./ranks.ts";
import { LEADERBOARD_ROWS_PER_PAGE, type LeaderboardView, NEAREST_TO_BUST } from "./view.ts";

/** A leaderboard page with what the at-risk board says of each of its rows. */
export type LeaderboardViewPage = RankedLeaderboardPage & {
  nearest: ReadonlyMap<Address, WalletNearest>;
  /** What each wallet on the page holds now, from the at-risk board. */
  holdings: ReadonlyMap<Address, WalletHoldings>;
  /** The board's coverage where it orders or filters the rows; null under an upstream sort. */
  coverage: NearestCoverage | null;
  /** The board as read (null: not read within the wait). */
  board: AtRiskBoard | null;
};

/** Reads `view`'s page and the at-risk board beside it. */
export async function readLeaderboardView(
  deps: Parameters<typeof readAtRiskBoard>[0] & { papertrade: PapertradeClient },
  view: LeaderboardView,
  signal?: AbortSignal,
): Promise<LeaderboardViewPage> {
  const boardRead = orNullAfter(
    new Parts().read(readAtRiskBoard(deps, {}, { signal })),
    AT_RISK_WAIT_MS,
  );
  // Nearest to bust orders, and "holding now" keeps, every account of the window by the board.
  if (view.sortKey === NEAREST_TO_BUST || view.holding) {
    const [accounts, board] = await Promise.all([
      readWindowAccounts(deps.papertrade, {
        window: view.window,
        query: view.query || undefined,
        signal,
      }),
      boardRead,
    ]);
    const page = boardLeaderboardPage(accounts, board, view);
    return { ...page, holdings: holdingsOf(board, page.accounts), board };
  }
  const [read, board] = await Promise.all([
    fetchRankedLeaderboard(deps.papertrade, {
      window: view.window,
      sortKey: view.sortKey,
      sortDir: view.sortDir,
      page: view.page,
      pageSize: LEADERBOARD_ROWS_PER_PAGE,
      query: view.query || undefined,
      signal,
    }),
    boardRead,
  ]);
  const nearest = new Map(read.accounts.map((row) => [row.address, nearestOf(board, row.address)]));
  return { ...read, nearest, holdings: holdingsOf(board, read.accounts), coverage: null, board };
}

function holdingsOf(board: AtRiskBoard | null, rows: readonly { address: Address }[]) {
  return new Map(rows.map((row) => [row.address, walletHoldings(board, row.address)]));
}
