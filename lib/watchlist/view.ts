/**
 * The watchlist's shape and bound, shared by the server (`lib/watchlist/watchlist.ts` builds it)
 * and the Watchlist island. Ships in the island bundle: no zod, viem or bigint math at run time.
 */
import { ADDRESS_PATTERN } from "../address.ts";
import type { RiskSummary } from "../wallet/mod.ts";

/** Most wallets one watchlist (and one `/watchlist.json` request) holds. */
export const WATCHLIST_MAX = 30;

/** A list of addresses as typed (comma separated), split into the good (lower case) and the bad. */
export function parseWatchlist(raw: string): { addresses: string[]; bad: string[] } {
  const items = raw.split(",").map((item) => item.trim()).filter((item) => item !== "");
  const good = items.filter((item) => ADDRESS_PATTERN.test(item));
  return {
    addresses: [...new Set(good.map((address) => address.toLowerCase()))],
    bad: items.filter((item) => !ADDRESS_PATTERN.test(item)),
  };
}

/** One watched wallet: its risk summary (null until read or when it could not be). */
export interface WatchRow {
  address: string;
  name: string | null;
  summary: RiskSummary | null;
  /** Its liquidations among the protocol's recent trades; null when those could not be read. */
  liquidations: { positionId: string; market: string; at: number }[] | null;
  /** Why the wallet could not be read. */
  problem: string | null;
}

/** Every watched wallet's row, the parts that could not be read, and the server time (ms). */
export interface WatchlistView {
  wallets: WatchRow[];
  /** Names of the parts that did not arrive ("live marks"). */
  unavailable: string[];
  generatedAt: number;
}
