/**
 * The watchlist's shape and bound, shared by the server (`lib/watchlist.ts` builds it) and the
 * browser (the Watchlist island shows it). Ships in the island bundle: no zod, viem or bigint
 * math at run time.
 *
 * @module
 */
import { ADDRESS_PATTERN } from "../address.ts";
import type { RiskBand } from "../math/risk_band.ts";

/** Most wallets one watchlist (and one `/watchlist.json` request) holds. */
export const WATCHLIST_MAX = 30;

/** Where the island reads every watched wallet at once. */
export function watchlistUrl(addresses: readonly string[]): string {
  return `/watchlist.json?w=${addresses.join(",")}`;
}

/** A list of addresses as typed (comma separated), split into the good (lower case) and the bad. */
export function parseWatchlist(raw: string): { addresses: string[]; bad: string[] } {
  const items = raw.split(",").map((item) => item.trim()).filter((item) => item !== "");
  const good = items.filter((item) => ADDRESS_PATTERN.test(item));
  return {
    addresses: [...new Set(good.map((address) => address.toLowerCase()))],
    bad: items.filter((item) => !ADDRESS_PATTERN.test(item)),
  };
}

/** One watched wallet as the watchlist shows it; `problem` set when it could not be read. */
export interface WatchRow {
  address: string;
  name: string | null;
  equity: string;
  worstDistance: string;
  worstRisk: RiskBand | null;
  worstPositionId: string | null;
  openCount: number;
  /** Its liquidations among the protocol's recent trades; null when those could not be read. */
  liquidations: { positionId: string; market: string; at: number }[] | null;
  problem: string | null;
}

/** Every watched wallet's row, the parts that could not be read, and the server time (ms). */
export interface WatchlistView {
  wallets: WatchRow[];
  /** Names of the parts that did not arrive ("live marks"). */
  unavailable: string[];
  generatedAt: number;
}

/** A row with no figures yet: what the page shows before the first read arrives. */
export function emptyRow(address: string): WatchRow {
  return {
    address,
    name: null,
    equity: "…",
    worstDistance: "…",
    worstRisk: null,
    worstPositionId: null,
    openCount: 0,
    liquidations: [],
    problem: null,
  };
}
