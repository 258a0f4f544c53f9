/**
 * A wallet's leaderboard standing in every window, from one leaderboard query per window
 * filtered by the wallet's address (the upstream matches address fragments).
 */
import {
  LEADERBOARD_WINDOWS,
  type LeaderboardRow,
  type LeaderboardWindow,
  type PapertradeClient,
} from "../papertrade/mod.ts";
import type { Parts } from "../parts.ts";

/** Every leaderboard window, shortest first. */
export { LEADERBOARD_WINDOWS };

/** The wallet's row in one window, or null when it is not ranked there. */
export interface WalletRank {
  window: LeaderboardWindow;
  row: LeaderboardRow | null;
}

/**
 * Reads the four windows in parallel, ranked by windowed PnL (the leaderboard's default). With
 * `parts`, a window that fails is left out and named there; without, the failure propagates.
 */
export async function fetchWalletRanks(
  papertrade: PapertradeClient,
  address: string,
  options: { signal?: AbortSignal; parts?: Parts } = {},
): Promise<WalletRank[]> {
  const wallet = address.toLowerCase();
  const ranks = await Promise.all(LEADERBOARD_WINDOWS.map(async (window) => {
    const read = papertrade.fetchLeaderboard({ window, query: wallet, signal: options.signal });
    const page = options.parts
      ? await options.parts.read(read, "leaderboard standing")
      : await read;
    if (page === null) return null;
    // A fragment search could match other addresses; only the exact one counts.
    return { window, row: page.accounts.find((row) => row.address === wallet) ?? null };
  }));
  return ranks.filter((rank): rank is WalletRank => rank !== null);
}
