/**
 * The leaderboard's views over the at-risk board, over the whole window (up to 1,000 accounts):
 * kept to those holding now when asked, ordered by nearest distance to bust or by a figure; one
 * ordering, for the page and its CSV. `rank` becomes the place in that order, `pnlRanks` keeps
 * the rank by PnL. The PnL-ordered reads are the ones every other sort's PnL ranks read, so they
 * share the 30 s leaderboard cache.
 */
import {
  type Address,
  type LeaderboardRow,
  type LeaderboardWindow,
  modelledGapsOf,
  type PapertradeClient,
} from "../papertrade/mod.ts";
import { type AtRiskBoard, nearestOf, walletsHolding } from "../at_risk/mod.ts";
import { LEADERBOARD_ROWS_PER_PAGE, type LeaderboardView, NEAREST_TO_BUST } from "./view.ts";
import { exactAddressOnly, PNL_RANK_MAX_PAGES, PNL_RANK_PAGE_SIZE } from "./ranks.ts";

/**
 * Every account of `window` (matching `query`, when given) in PnL order: the first page of
 * {@link PNL_RANK_PAGE_SIZE} and, when there are more, the rest at once, at most
 * {@link PNL_RANK_MAX_PAGES} reads in all.
 */
export async function readWindowAccounts(
  papertrade: PapertradeClient,
  options: { window: LeaderboardWindow; query?: string; signal?: AbortSignal },
) {
  const { window, query, signal } = options;
  const read = (page: number) =>
    papertrade.read("leaderboard", {
      window,
      page,
      pageSize: PNL_RANK_PAGE_SIZE,
      ...(query ? { query } : {}),
    }, { signal });
  const first = exactAddressOnly(await read(0), query);
  const pages = Math.min(first.totalPages, PNL_RANK_MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => read(i + 1)),
  );
  const reads = [first, ...rest];
  const gaps = new Map(reads.flatMap(modelledGapsOf).map((gap) => [gap.field, gap]));
  return {
    uniqueAccounts: first.uniqueAccounts,
    trackedBalance: first.trackedBalance,
    accounts: reads.flatMap((page) => page.accounts),
    /** Accounts the window holds past the ones read. */
    unread: first.totalPages > pages,
    rowsSkipped: reads.reduce((sum, page) => sum + page.rowsSkipped, 0),
    /** The modelled keys the reads lacked, each field once. */
    modelledGaps: [...gaps.values()],
  };
}

/**
 * The view's page of the window's accounts, only those holding an open position on `board` when
 * `holding`, ordered by its sort: their nearest distance to bust on the board (`asc`: nearest
 * first) or a leaderboard figure (accounts without it last). A null board: PnL order, unfiltered.
 */
export function boardLeaderboardPage(
  read: Awaited<ReturnType<typeof readWindowAccounts>>,
  board: AtRiskBoard | null,
  view: LeaderboardView,
) {
  const holders = board && view.holding ? walletsHolding(board) : null;
  const rows = holders ? read.accounts.filter((row) => holders.has(row.address)) : read.accounts;
  const nearest = new Map(rows.map((row) => [row.address, nearestOf(board, row.address)]));
  const { sortKey } = view;
  const figure = (row: LeaderboardRow) => {
    if (sortKey !== NEAREST_TO_BUST) return row[sortKey];
    const found = nearest.get(row.address)!;
    return "row" in found ? found.row.distanceToBustPercent : null;
  };
  const ordered = board === null ? rows : orderBy(rows, figure, view.sortDir);
  const pnlRanks = new Map<Address, number>();
  for (const row of read.accounts) if (row.rank !== null) pnlRanks.set(row.address, row.rank);
  const start = view.page * LEADERBOARD_ROWS_PER_PAGE;
  const accounts = ordered.slice(start, start + LEADERBOARD_ROWS_PER_PAGE)
    .map((row, index) => ({ ...row, rank: start + index + 1 }));
  return {
    uniqueAccounts: read.uniqueAccounts,
    trackedBalance: read.trackedBalance,
    accounts,
    totalItems: ordered.length,
    totalPages: Math.max(1, Math.ceil(ordered.length / LEADERBOARD_ROWS_PER_PAGE)),
    rowsSkipped: read.rowsSkipped,
    pnlRanks,
    // Where `modelledGapsOf` finds them, as on a page read straight from the upstream.
    ...(read.modelledGaps.length > 0 && { modelledGaps: read.modelledGaps }),
    // How the board (the page's `board`; its size and freshness) covers this order or filter.
    coverage: {
      accountsOrdered: ordered.length,
      /** The window holds more accounts than were read. */
      accountsUnread: read.unread,
      /** Kept to the accounts holding an open position on the board (when it was read). */
      holding: holders !== null,
    },
  };
}

export type NearestCoverage = ReturnType<typeof boardLeaderboardPage>["coverage"];

/**
 * Rows by a figure (`desc`: largest first; the nearest distance to bust starts nearest first by
 * its link); rows without it (a modelled key not found, no position on the board) last whatever
 * the direction, equal figures in their order.
 */
function orderBy<R>(
  rows: readonly R[],
  figure: (row: R) => bigint | number | null,
  sortDir: "asc" | "desc",
): R[] {
  const sign = sortDir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [figure(a), figure(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return x < y ? -sign : x > y ? sign : 0;
  });
}
