/**
 * A wallet's leaderboard standing in every window, from one leaderboard query per window
 * filtered by the wallet's address (the upstream matches address fragments); and the rank by
 * PnL of the rows of a leaderboard page read under any sort.
 */
import {
  type Address,
  type CallOptions,
  LEADERBOARD_WINDOWS,
  type LeaderboardPage,
  type LeaderboardRow,
  type LeaderboardWindow,
  type PapertradeClient,
  type ReadParams,
} from "../papertrade/mod.ts";
import type { Parts } from "../parts.ts";
import { ADDRESS_PATTERN } from "../address.ts";

/** The wallet's row in one window, or null when it is not ranked there. */
export interface WalletRank {
  window: LeaderboardWindow;
  row: LeaderboardRow | null;
}

/**
 * Reads the windows (default all four) in parallel, ranked by windowed PnL (the leaderboard's
 * default). With `parts`, a window that fails is left out and named there; without, the failure
 * propagates.
 */
export async function fetchWalletRanks(
  papertrade: PapertradeClient,
  address: string,
  options: { signal?: AbortSignal; parts?: Parts; windows?: readonly LeaderboardWindow[] } = {},
): Promise<WalletRank[]> {
  const { signal, parts, windows = LEADERBOARD_WINDOWS } = options;
  const wallet = address.toLowerCase();
  const ranks = await Promise.all(windows.map(async (window): Promise<WalletRank | null> => {
    const read = papertrade.read("leaderboard", { window, query: wallet }, { signal });
    const page = parts ? await parts.read(read, "leaderboard standing") : await read;
    if (page === null) return null;
    return { window, row: exactAddressOnly(page, wallet).accounts[0] ?? null };
  }));
  return ranks.filter((rank): rank is WalletRank => rank !== null);
}

/**
 * A leaderboard search for a whole address finds that wallet alone: the upstream matches the text
 * in addresses and in names, so a wallet whose chosen name contains the address would be listed
 * too (and may come first). Any other search is kept as it is.
 */
export function exactAddressOnly<P extends LeaderboardPage>(page: P, query: string | undefined): P {
  if (query === undefined || !ADDRESS_PATTERN.test(query.trim())) return page;
  const wallet = query.trim().toLowerCase();
  const accounts = page.accounts.filter((row) => row.address === wallet);
  return { ...page, accounts, totalItems: accounts.length, totalPages: 1 };
}

/** Accounts per read of the PnL order, and the most such reads: PnL ranks reach 1,000. */
export const PNL_RANK_PAGE_SIZE = 200;
export const PNL_RANK_MAX_PAGES = 5;

/** A leaderboard page with each row's rank by PnL in the window (absent: past the bound). */
export interface RankedLeaderboardPage extends LeaderboardPage {
  pnlRanks: Map<Address, number>;
}

/**
 * A leaderboard page with each row's rank by PnL in the window, whatever the sort. The upstream
 * ranks rows in its sort's order, so under PnL descending the rank is already it (before any
 * name filter); else the window is read by PnL too, in pages of {@link PNL_RANK_PAGE_SIZE}: the
 * first beside the page, the rest (at most {@link PNL_RANK_MAX_PAGES}) only when a row is not in
 * it, all through the 30 s leaderboard cache that every sort, page and caller shares. A row past
 * the bound has no PnL rank.
 */
export async function fetchRankedLeaderboard(
  papertrade: PapertradeClient,
  { signal, ...query }: ReadParams<"leaderboard"> & CallOptions,
  bound: { pageSize?: number; maxPages?: number } = {},
): Promise<RankedLeaderboardPage> {
  const pageSize = bound.pageSize ?? PNL_RANK_PAGE_SIZE;
  const byPnl = (query.sortKey ?? "totalWindowedPnl") === "totalWindowedPnl" &&
    (query.sortDir ?? "desc") === "desc";
  const pnlPage = (page: number) =>
    papertrade.read("leaderboard", { window: query.window, page, pageSize }, { signal });
  const [page, first] = await Promise.all([
    papertrade.read("leaderboard", query, { signal }).then((read) =>
      exactAddressOnly(read, query.query)
    ),
    byPnl ? null : pnlPage(0),
  ]);
  const known = new Map((first ?? page).accounts.map((row) => [row.address, row.rank]));
  const pages = Math.min(first?.totalPages ?? 0, bound.maxPages ?? PNL_RANK_MAX_PAGES);
  if (pages > 1 && page.accounts.some((row) => !known.has(row.address))) {
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => pnlPage(i + 1)));
    for (const row of rest.flatMap((read) => read.accounts)) known.set(row.address, row.rank);
  }
  const pnlRanks = new Map<Address, number>();
  for (const row of page.accounts) {
    const rank = known.get(row.address);
    if (rank !== undefined && rank !== null) pnlRanks.set(row.address, rank);
  }
  return { ...page, pnlRanks };
}
