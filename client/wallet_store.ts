/**
 * One live connection per wallet page, shared by its islands through one small store. Each update
 * is merged into what the page shows, so nothing the server rendered is lost to a stream that does
 * not carry it. Browser APIs are looked up at call time (harmless on the server).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { followPositions, type LiveMode } from "./wallet_follow.ts";
import type { LiveWallet } from "../lib/wallet/live_wallet.ts";
import { RECENT_SHOWN, splitIntents } from "../lib/wallet/outcomes.ts";

/** The islands to re-render when a value of the store changes. */
const followers = new Set<() => void>();

/**
 * A value the islands read while rendering; setting a new one re-renders every following island
 * (Preact batches them). Cheap here, and a few bytes where a signals library cost about 2 KB of
 * the wallet page's 15 KB budget.
 */
function signal<T>(value: T) {
  return {
    get value(): T {
      return value;
    },
    set value(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const rerender of followers) rerender();
    },
  };
}

export type LivePosition = LiveWallet["positions"][number];

/**
 * What a live island calls first: follows the store, starts the page's one connection, and gets
 * the wallet to show (its props until the connection delivers) and the one before it. `keep`: the
 * position the island follows (the position page's), listed in every update.
 */
export function useWallet(
  initial: LiveWallet,
  keep?: string,
): { live: LiveWallet; before: LiveWallet | null } {
  const [, rerender] = useState(0);
  const follow = useRef<() => void>();
  // Followed from the first render (as a signal read would be), in the browser only: a server
  // render never unmounts, so it must not join the set.
  if (!follow.current && inBrowser()) {
    follow.current = () => rerender((count) => count + 1);
    followers.add(follow.current);
  }
  useEffect(() => () => void followers.delete(follow.current!), []);
  useEffect(() => connectWallet(initial, { keep }), [initial.address]);
  if (!inBrowser()) return { live: initial, before: null };
  return { live: liveView.value ?? initial, before: previousView.value };
}

/**
 * A server render shows its props alone: the store belongs to a browser page, and one left in
 * this module (a test's, say) must not leak into another wallet's page.
 */
const inBrowser = () => typeof window !== "undefined";

const liveView = signal<LiveWallet | null>(null);
/** The one before the newest: values that differ are briefly highlighted. */
const previousView = signal<LiveWallet | null>(null);
const liveMode = signal<LiveMode>("snapshot");
/** Server time (ms) at which the server last confirmed the figures. */
const confirmedAt = signal(0);
/** Server clock minus browser clock (ms), refreshed by every message. */
const clockSkew = signal<number | null>(null);
/** Bumped every second so ages re-render. */
const tick = signal(0);

let started: string | null = null;
let browserNow = () => Date.now();

/**
 * Starts following the wallet of `initial` once per page; later calls do nothing. Tests pass
 * a fake stream (`follow`), browser clock (`now`, ms) and timer (`everySecond`).
 */
export function connectWallet(
  initial: LiveWallet,
  options: {
    keep?: string;
    follow?: typeof followPositions;
    now?: () => number;
    everySecond?: (run: () => void) => void;
  } = {},
): void {
  if (started !== null || !inBrowser()) return;
  started = initial.address;
  browserNow = options.now ?? browserNow;
  liveView.value = initial;
  const confirmed = (serverNow: number) => {
    confirmedAt.value = serverNow;
    clockSkew.value = serverNow - browserNow();
  };
  confirmed(initial.generated_at_ms);
  (options.follow ?? followPositions)(initial.address, {
    onView(next) {
      const shown = liveView.value ?? initial;
      previousView.value = shown;
      liveView.value = mergeLive(shown, next);
      confirmed(next.generated_at_ms);
    },
    onConfirmed: confirmed,
    onMode(mode) {
      liveMode.value = mode;
    },
  }, { keep: options.keep });
  (options.everySecond ?? ((run) => setInterval(run, 1000)))(() => tick.value++);
}

/**
 * The live wallet an update makes of the one shown. Updates carry no queue places and only the
 * outcomes and closes they saw: missing queue places keep their last values and `queue_at_ms`;
 * outcomes and closed positions are the union, one per intent/position, newest first; an intent
 * shown settled is not pending again (`splitIntents`). A poll that read no marks keeps the valued
 * positions shown, with their `marks_at_ms`.
 */
export function mergeLive(shown: LiveWallet, next: LiveWallet): LiveWallet {
  const queue = next.queue_at_ms === null ? shown : next;
  const unvalued = next.marks_at_ms === null && next.positions.length > 0 &&
    shown.marks_at_ms !== null;
  const { positions, totals, positions_not_listed, summary, marks_at_ms } = unvalued ? shown : next;
  const placeOf = (id: string) => queue.queue_places[id] ?? Number.MAX_SAFE_INTEGER;
  const closedIds = new Set(next.closed_positions.map((closed) => closed.position_id));
  // One state per intent: what settled stays settled; what ended stays ended unless accepted
  // again; the update's pending intents are pending.
  const { pending, outcomes } = splitIntents(next.pending, [...next.outcomes, ...shown.outcomes]);
  return {
    ...next,
    positions,
    totals,
    positions_not_listed,
    summary,
    marks_at_ms,
    pending: pending.sort((a, b) => placeOf(a.intent_id) - placeOf(b.intent_id)),
    queue_places: queue.queue_places,
    queue_at_ms: queue.queue_at_ms,
    outcomes,
    closed_positions: [
      ...next.closed_positions,
      ...shown.closed_positions.filter((closed) => !closedIds.has(closed.position_id)),
    ].slice(0, RECENT_SHOWN),
  };
}

/**
 * `rows` in the order of `order` (ids as shown before), new rows after them in their own
 * order, so rows do not move under the reader; `stale` when that is not the order of `rows`.
 */
export function keepRowOrder(
  rows: readonly LivePosition[],
  order: readonly string[] | null,
): { rows: LivePosition[]; stale: boolean } {
  if (order === null) return { rows: [...rows], stale: false };
  const at = new Map(order.map((id, i) => [id, i]));
  const place = (row: LivePosition) => at.get(row.position_id) ?? order.length;
  const kept = [...rows].sort((a, b) => place(a) - place(b));
  return { rows: kept, stale: kept.some((row, i) => row.position_id !== rows[i].position_id) };
}

/** Server time now, as the browser best knows it (the props' time before hydration). */
export function serverNow(props: LiveWallet): number {
  void tick.value;
  const skew = inBrowser() ? clockSkew.value : null;
  return skew === null ? props.generated_at_ms : Math.max(browserNow() + skew, confirmedAt.value);
}

/** How the figures are arriving ("snapshot" in a server render). */
export function currentMode(): LiveMode {
  return inBrowser() ? liveMode.value : "snapshot";
}
