/**
 * A wallet's balance sheet: funds, PAPER with pending staking rewards, lifetime totals, active
 * session keys and leaderboard standing per window. Shared by get_wallet, search and the
 * wallet page.
 */
import type { PapertradeClient, SessionKey, WalletAccount } from "../papertrade/mod.ts";
import { fetchWalletRanks, type WalletRank } from "./ranks.ts";
import { summarizeWallet } from "./compose.ts";

/** The balance sheet of one wallet (money in wad). */
export interface WalletSummary {
  account: WalletAccount;
  /** Self-chosen leaderboard name (untrusted text), from the first window that ranks it. */
  leaderboardName: string | null;
  /** Claimable staking rewards (USD wad), from the live accumulator. */
  pendingRewards: bigint;
  /** Session keys that have not expired at `now`. */
  activeSessionKeys: SessionKey[];
  ranks: WalletRank[];
}

/** Options of {@link fetchWalletSummary}. */
export interface FetchWalletSummaryOptions {
  /** Clock in ms, for session-key expiry. */
  now: () => number;
  signal?: AbortSignal;
  /** Skip the four leaderboard reads (e.g. a quick preview); `ranks` is then empty. */
  withoutRanks?: boolean;
}

/**
 * Reads the snapshot, the trading state (for the staking accumulator) and the leaderboard
 * windows, all in parallel.
 */
export async function fetchWalletSummary(
  papertrade: PapertradeClient,
  address: string,
  options: FetchWalletSummaryOptions,
): Promise<WalletSummary> {
  const { signal } = options;
  const [account, trading, ranks] = await Promise.all([
    papertrade.fetchWalletSnapshot(address, { signal }),
    papertrade.fetchTradingState({ signal }),
    options.withoutRanks ? Promise.resolve([]) : fetchWalletRanks(papertrade, address, { signal }),
  ]);
  return summarizeWallet(account, trading, ranks, options.now());
}
