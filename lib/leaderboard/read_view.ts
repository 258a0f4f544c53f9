/**
 * One leaderboard view as every face reads it (the page, its CSV, get_leaderboard): its page of
 * rows, each row's nearest position and holdings (what it holds now) on the at-risk board, the
 * board as read, and, where the board orders or filters the rows (nearest to bust, "holding
 * now"), how far it covers them (`coverage`, null under an upstream sort). The board is waited
 * for only {@link AT_RISK_WAIT_MS}; unread (null), the rows say so.
 */
import type { Address, LeaderboardSortKey, PapertradeClient } from "../papertrade/mod.ts";
import {
  AT_RISK_WAIT_MS,
  type AtRiskBoard,
  nearestOf,
  orNullAfter,
  readAtRiskBoard,
  walletHoldings,
} from "../at_risk/mod.ts";
import { Parts } from "../parts.ts";
import { boardLeaderboardPage, readWindowAccounts } from "./nearest.ts";
import { fetchRankedLeaderboard } from "./ranks.ts";
import { LEADERBOARD_ROWS_PER_PAGE, type LeaderboardView, NEAREST_TO_BUST } from "./view.ts";

export type LeaderboardViewPage = Awaited<ReturnType<typeof readLeaderboardView>>;

export async function readLeaderboardView(
  deps: Parameters<typeof readAtRiskBoard>[0] & { papertrade: PapertradeClient },
  view: LeaderboardView,
  signal?: AbortSignal,
) {
  const boardRead = orNullAfter(
    new Parts().read(readAtRiskBoard(deps, {}, { signal })),
    AT_RISK_WAIT_MS,
  );
  const query = view.query || undefined;
  // Nearest to bust orders, and "holding now" keeps, every account of the window by the board.
  const ordered = view.sortKey === NEAREST_TO_BUST || view.holding;
  const [accounts, ranked, board] = await Promise.all([
    ordered ? readWindowAccounts(deps.papertrade, { window: view.window, query, signal }) : null,
    ordered ? null : fetchRankedLeaderboard(deps.papertrade, {
      window: view.window,
      sortKey: view.sortKey as LeaderboardSortKey,
      sortDir: view.sortDir,
      page: view.page,
      pageSize: LEADERBOARD_ROWS_PER_PAGE,
      query,
      signal,
    }),
    boardRead,
  ]);
  const page = accounts
    ? boardLeaderboardPage(accounts, board, view)
    : { ...ranked!, coverage: null };
  const of = <T>(read: (board: AtRiskBoard | null, wallet: Address) => T) =>
    new Map(page.accounts.map((row) => [row.address, read(board, row.address)]));
  return { ...page, nearest: of(nearestOf), holdings: of(walletHoldings), board };
}
