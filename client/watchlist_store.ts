/**
 * The watchlist in the browser: the watched addresses in localStorage (no account, nothing sent
 * anywhere but the explorer's own `/watchlist.json`), and the crossings that deserve a
 * notification. Browser APIs are looked up at call time, so importing this on the server is
 * harmless.
 */
import { parseWatchlist, WATCHLIST_MAX, type WatchRow } from "../lib/watchlist/view.ts";
import { plainName } from "../components/names.ts";
import { distanceText } from "../lib/figure_text.ts";

const KEY = "watchlist";

/** The watched addresses (lower case, at most {@link WATCHLIST_MAX}); empty without storage. */
export function readWatchlist(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(stored)
      ? parseWatchlist(stored.join(",")).addresses.slice(0, WATCHLIST_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Stores the list; false when the browser refuses (storage off or full). */
export function saveWatchlist(addresses: readonly string[]): boolean {
  try {
    localStorage.setItem(KEY, JSON.stringify(addresses.slice(0, WATCHLIST_MAX)));
    return true;
  } catch {
    return false;
  }
}

/** Adds or removes one address: whether it is watched afterwards, or "full" when no room. */
export function toggleWatched(address: string): boolean | "full" {
  const list = readWatchlist();
  const watched = list.includes(address);
  const next = watched ? list.filter((item) => item !== address) : [...list, address];
  if (next.length > WATCHLIST_MAX) return "full";
  return saveWatchlist(next) ? !watched : watched;
}

/** What a notification says, and its tag (the same crossing in two tabs shows once). */
export interface WatchAlert {
  title: string;
  body: string;
  tag: string;
}

const RANK = { ok: 0, close: 1, near_bust: 2 } as const;

/**
 * The alerts between two reads of the watchlist: a wallet whose worst position moved into a
 * riskier band (`close` or `near_bust`) and each liquidation not seen before. A wallet's first
 * read (and its first after a failed one) only sets what later reads are compared with, so
 * opening the page never alerts.
 */
export function crossings(before: ReadonlyMap<string, WatchRow>, rows: readonly WatchRow[]) {
  const alerts: WatchAlert[] = [];
  for (const row of rows) {
    const seen = before.get(row.address);
    if (!seen?.summary || !row.summary) continue;
    const label = row.name ? plainName(row.name, 40) : `${row.address.slice(0, 10)}…`;
    const worst = row.summary.nearest;
    if (
      worst && worst.risk !== "ok" && RANK[worst.risk] > RANK[seen.summary.nearest?.risk ?? "ok"]
    ) {
      const { risk, position_id: id } = worst;
      alerts.push({
        title: `${label}: ${risk === "near_bust" ? "near bust" : "close to bust"}`,
        body: `Worst position ${id} is ${
          distanceText(worst.distance_to_bust_percent)
        } from its bust price.`,
        tag: `${row.address}:${id}:${risk}`,
      });
    }
    if (!seen.liquidations || !row.liquidations) continue;
    const known = new Set(seen.liquidations.map((item) => item.positionId));
    for (const liquidation of row.liquidations) {
      if (known.has(liquidation.positionId)) continue;
      alerts.push({
        title: `${label}: liquidated`,
        body: `Position ${liquidation.positionId} (${liquidation.market}) was liquidated.`,
        tag: `${row.address}:${liquidation.positionId}:liquidated`,
      });
    }
  }
  return alerts;
}
