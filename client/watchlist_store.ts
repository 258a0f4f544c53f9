/**
 * The watchlist in the browser: watched addresses and each one's alert (threshold, just added) in
 * localStorage (no account; nothing sent but to the explorer's own `/watchlist.json`), and the
 * crossings worth a notification. Browser APIs are looked up at call time (harmless on a server).
 */
import { parseWatchlist, WATCHLIST_MAX, type WatchRow } from "../lib/watchlist/view.ts";
import { plainName } from "../components/names.ts";
import { distanceText } from "../lib/figure_text.ts";

const KEY = "watchlist";
/** Where each wallet's alert is kept: `{ "0x…": { "under": 0.5, "added": true } }`. */
const ALERTS_KEY = "watchlist-alerts";

/**
 * `under`: the distance to bust in percent its worst position must fall under (absent: the
 * bands, `close` under 0.08 % and `near bust` under 0.03 %); `added`: set from when it is added
 * until the watchlist page first reads it.
 */
export interface WalletAlert {
  under?: number;
  added?: true;
}

export const THRESHOLD_RANGE = { min: 0.001, max: 100 } as const;

/** A threshold as typed: its percent, null when left empty, "bad" when out of range. */
export function parseThreshold(text: string): number | null | "bad" {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= THRESHOLD_RANGE.min && value <= THRESHOLD_RANGE.max
    ? value
    : "bad";
}

/** Every stored alert, by address; what is not an alert is dropped. */
export function readAlerts(): Record<string, WalletAlert> {
  try {
    const stored = JSON.parse(localStorage.getItem(ALERTS_KEY) ?? "{}");
    const alerts: Record<string, WalletAlert> = {};
    for (const [address, value] of Object.entries(stored ?? {})) {
      if (typeof value !== "object" || value === null) continue;
      const { under, added } = value as Record<string, unknown>;
      const alert: WalletAlert = {};
      if (typeof under === "number" && parseThreshold(String(under)) === under) alert.under = under;
      if (added === true) alert.added = true;
      alerts[address] = alert;
    }
    return alerts;
  } catch {
    return {};
  }
}

/** Changes the alerts of `addresses` with `change` (undefined removes one); false if refused. */
function updateAlerts(
  addresses: readonly string[],
  change: (alert: WalletAlert) => WalletAlert | undefined,
): boolean {
  const alerts = readAlerts();
  for (const address of addresses) {
    const next = change({ ...alerts[address] });
    if (next && (next.under !== undefined || next.added)) alerts[address] = next;
    else delete alerts[address];
  }
  return store(ALERTS_KEY, alerts);
}

/** Sets (a percent) or clears (null) a wallet's threshold; false when the browser refuses. */
export function setThreshold(address: string, under: number | null): boolean {
  return updateAlerts(
    [address],
    ({ under: _, ...rest }) => under === null ? rest : { ...rest, under },
  );
}

/** The wallets the watchlist page has now read once: no longer just added. */
export function clearAdded(addresses: readonly string[]): boolean {
  return updateAlerts(addresses, ({ added: _, ...rest }) => rest);
}

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
  return store(KEY, addresses.slice(0, WATCHLIST_MAX));
}

function store(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds or removes one address: whether it is watched afterwards, or "full" when no room. An added
 * wallet is marked just added (its first read may notify); a removed one loses its alert.
 */
export function toggleWatched(address: string): boolean | "full" {
  const list = readWatchlist();
  const watched = list.includes(address);
  const next = watched ? list.filter((item) => item !== address) : [...list, address];
  if (next.length > WATCHLIST_MAX) return "full";
  if (!saveWatchlist(next)) return watched;
  updateAlerts([address], (alert) => watched ? undefined : { ...alert, added: true });
  return !watched;
}

const RANK = { ok: 0, close: 1, near_bust: 2 } as const;

/** Whether a wallet's worst position is under its threshold (`under`, percent). */
export function pastThreshold(summary: WatchRow["summary"], under: number | undefined): boolean {
  const worst = summary?.nearest;
  return under !== undefined && !!worst && worst.distance_to_bust_percent < under;
}

/**
 * Alerts between two reads: a worst position fallen under its wallet's threshold (or, without
 * one, into a riskier band, `close` or `near_bust`), and each liquidation not seen before. A
 * wallet's first read (also after a failed one) only sets the baseline, so opening the page never
 * alerts; but a just-`added` wallet already past its threshold or in a risky band alerts once.
 */
export function crossings(
  before: ReadonlyMap<string, WatchRow>,
  rows: readonly WatchRow[],
  settings: Readonly<Record<string, WalletAlert>> = {},
) {
  // A notification's tag: the same crossing in two tabs shows once.
  const alerts: { title: string; body: string; tag: string }[] = [];
  for (const row of rows) {
    const seen = before.get(row.address);
    const { under, added } = settings[row.address] ?? {};
    const first = !seen?.summary;
    if (!row.summary || (first && !added)) continue;
    const label = row.name ? plainName(row.name, 40) : `${row.address.slice(0, 10)}…`;
    const worst = row.summary.nearest;
    if (under !== undefined) {
      if (
        worst && pastThreshold(row.summary, under) && (first || !pastThreshold(seen.summary, under))
      ) {
        alerts.push({
          title: `${label}: under your alert`,
          body: `Worst position ${worst.position_id} is ${
            distanceText(worst.distance_to_bust_percent)
          } from its bust price, under your alert at ${under}%.`,
          tag: `${row.address}:${worst.position_id}:under`,
        });
      }
    } else if (
      worst && worst.risk !== "ok" &&
      RANK[worst.risk] > (first ? 0 : RANK[seen.summary!.nearest?.risk ?? "ok"])
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
    if (first || !seen.liquidations || !row.liquidations) continue;
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
