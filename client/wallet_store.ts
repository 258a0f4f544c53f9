/**
 * One live connection per wallet page, shared by every island on it through one small store: the
 * summary band, the positions table and the account panel all read the same view, so the
 * page opens one stream however many islands show parts of it. Each update is merged into
 * what the page already shows, so nothing the server rendered is lost to a stream that does
 * not carry it. Browser APIs are looked up at call time, so importing this on the server is
 * harmless.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { followPositions, type LiveMode } from "./wallet_follow.ts";
import type { PositionRowView, PositionsView } from "../lib/wallet/view_types.ts";
import { RECENT_SHOWN, splitIntents } from "../lib/wallet/outcomes.ts";

/** The islands to re-render when a value of the store changes. */
const followers = new Set<() => void>();

/**
 * A value the islands read while they render; setting a new one re-renders every island that
 * follows the store (Preact batches them into one render). Four islands share one page, so a
 * whole-island render is cheap, and this costs the bundle a few bytes where a signals library
 * cost about 2 KB of the wallet page's 15 KB.
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

/**
 * What an island showing the wallet's live view calls first: it follows the store (re-rendered
 * when the view, the mode or the clock changes), starts the page's one connection, and gets the
 * view to show (its own props until the connection delivers) and the one before it.
 */
export function useWallet(
  initial: PositionsView,
): { view: PositionsView; before: PositionsView | null } {
  const [, rerender] = useState(0);
  const follow = useRef<() => void>();
  // Followed from the first render (as a signal read would be), in the browser only: a server
  // render never unmounts, so it must not join the set.
  if (!follow.current && inBrowser()) {
    follow.current = () => rerender((count) => count + 1);
    followers.add(follow.current);
  }
  useEffect(() => () => void followers.delete(follow.current!), []);
  useEffect(() => connectWallet(initial), [initial.address]);
  if (!inBrowser()) return { view: initial, before: null };
  return { view: liveView.value ?? initial, before: previousView.value };
}

/**
 * A server render shows its props alone: the store belongs to a browser page, and one left in
 * this module (a test's, say) must not leak into another wallet's page.
 */
const inBrowser = () => typeof window !== "undefined";

/** The newest view, or null before any island started the connection. */
const liveView = signal<PositionsView | null>(null);
/** The view before the newest one: values that differ are briefly highlighted. */
const previousView = signal<PositionsView | null>(null);
/** How the figures are arriving. */
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
  initial: PositionsView,
  options: {
    follow?: typeof followPositions;
    now?: () => number;
    everySecond?: (run: () => void) => void;
  } = {},
): void {
  if (started !== null || !inBrowser()) return;
  started = initial.address;
  browserNow = options.now ?? browserNow;
  liveView.value = initial;
  confirmedAt.value = initial.generatedAt;
  clockSkew.value = initial.generatedAt - browserNow();
  (options.follow ?? followPositions)(initial.address, {
    onView(next) {
      const shown = liveView.value ?? initial;
      previousView.value = shown;
      liveView.value = mergeViews(shown, next);
      confirmedAt.value = next.generatedAt;
      clockSkew.value = next.generatedAt - browserNow();
    },
    onConfirmed(serverNow) {
      confirmedAt.value = serverNow;
      clockSkew.value = serverNow - browserNow();
    },
    onMode(mode) {
      liveMode.value = mode;
    },
  });
  (options.everySecond ?? ((run) => setInterval(run, 1000)))(() => tick.value++);
}

/**
 * The view an update makes of the one shown. The stream and the polling twin carry no queue
 * places and only the outcomes and closes they saw themselves: queue places the update lacks
 * keep their last known values and time (`queueAt`), and outcomes and closed positions are
 * the union of both, one per intent and position, newest first; an intent the page showed
 * settled is not pending again (`splitIntents`). A poll that could read no
 * marks keeps the valued positions shown, with the time of their marks (`marksAt`).
 */
export function mergeViews(shown: PositionsView, next: PositionsView): PositionsView {
  const queue = next.queueAt === null ? shown : next;
  const unvalued = next.marksAt === null && next.rows.length > 0 && shown.marksAt !== null;
  const { rows, totals, summary, marksAt } = unvalued ? shown : next;
  const placeOf = (id: string) => queue.queuePlaces[id] ?? Number.MAX_SAFE_INTEGER;
  const closedIds = new Set(next.closedPositions.map((closed) => closed.positionId));
  // One state per intent: what settled stays settled; what ended stays ended unless accepted
  // again; the update's pending intents are pending.
  const { pending, outcomes } = splitIntents(next.pending, [...next.outcomes, ...shown.outcomes]);
  return {
    ...next,
    rows,
    totals,
    summary,
    marksAt,
    pending: pending.sort((a, b) => placeOf(a.intentId) - placeOf(b.intentId)),
    queuePlaces: queue.queuePlaces,
    queueAt: queue.queueAt,
    outcomes,
    closedPositions: [
      ...next.closedPositions,
      ...shown.closedPositions.filter((closed) => !closedIds.has(closed.positionId)),
    ].slice(0, RECENT_SHOWN),
  };
}

/**
 * `rows` in the order of `order` (ids as shown before), new rows after them in their own
 * order, so rows do not move under the reader; `stale` when that is not the order of `rows`.
 */
export function keepRowOrder(
  rows: readonly PositionRowView[],
  order: readonly string[] | null,
): { rows: PositionRowView[]; stale: boolean } {
  if (order === null) return { rows: [...rows], stale: false };
  const at = new Map(order.map((id, i) => [id, i]));
  const kept = [...rows].sort((a, b) =>
    (at.get(a.id) ?? order.length) - (at.get(b.id) ?? order.length)
  );
  return { rows: kept, stale: kept.some((row, i) => row.id !== rows[i].id) };
}

/** Server time now, as the browser best knows it (the props' time before hydration). */
export function serverNow(props: PositionsView): number {
  void tick.value;
  const skew = inBrowser() ? clockSkew.value : null;
  return skew === null ? props.generatedAt : Math.max(browserNow() + skew, confirmedAt.value);
}

/** How the figures are arriving ("snapshot" in a server render). */
export function currentMode(): LiveMode {
  return inBrowser() ? liveMode.value : "snapshot";
}

/** True when the figures may be out of date: the stream is down and polling failed. */
export function isStale(): boolean {
  return currentMode() === "offline" || currentMode() === "reconnecting";
}
