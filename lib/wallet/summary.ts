/**
 * A wallet's balance sheet: funds, PAPER with pending staking rewards, lifetime totals, active
 * session keys and leaderboard standing per window. Shared by get_wallet, search and the
 * wallet page.
 */
import type { PapertradeClient } from "../papertrade/mod.ts";
import { Parts } from "../parts.ts";
import { fetchWalletRanks } from "./ranks.ts";
import { summarizeWallet, type WalletSummary } from "./compose.ts";

export type { WalletSummary } from "./compose.ts";

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
 * windows, all in parallel. Only the snapshot is required (its failure propagates; 404 is an
 * unknown wallet); the others degrade to `unavailable` parts.
 */
export async function fetchWalletSummary(
  papertrade: PapertradeClient,
  address: string,
  options: FetchWalletSummaryOptions,
): Promise<WalletSummary> {
  const { signal } = options;
  const parts = new Parts();
  const [account, trading, ranks] = await Promise.all([
    papertrade.read("walletStream", { wallet: address }, { signal }).then((account) =>
      parts.note(account)
    ),
    parts.read(papertrade.read("tradingState", {}, { signal }), "staking rewards"),
    options.withoutRanks
      ? Promise.resolve([])
      : fetchWalletRanks(papertrade, address, { signal, parts }),
  ]);
  return summarizeWallet(account, trading, ranks, options.now(), parts.unavailable);
}
