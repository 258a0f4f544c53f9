/**
 * One live connection per wallet page, shared by every island on it through signals: the
 * summary band, the positions table and the account panel all read the same view, so the
 * page opens one stream however many islands show parts of it. Browser APIs are looked up at
 * call time, so importing this on the server is harmless.
 */
import { signal } from "@preact/signals";
import { followPositions, type LiveMode } from "./follow_positions.ts";
import type { PositionsView } from "../lib/live/view_types.ts";

/** The newest view, or null before any island started the connection. */
export const liveView = signal<PositionsView | null>(null);
/** The view before the newest one: values that differ are briefly highlighted. */
export const previousView = signal<PositionsView | null>(null);
/** How the figures are arriving. */
export const liveMode = signal<LiveMode>("snapshot");
/** Server time (ms) at which the server last confirmed the figures. */
export const confirmedAt = signal(0);
/** Server clock minus browser clock (ms), refreshed by every message. */
export const clockSkew = signal<number | null>(null);
/** Bumped every second so ages re-render. */
export const tick = signal(0);

let started: string | null = null;

/** Starts following the wallet of `initial` once per page; later calls do nothing. */
export function connectWallet(initial: PositionsView): void {
  if (started !== null || typeof window === "undefined") return;
  started = initial.address;
  liveView.value = initial;
  confirmedAt.value = initial.generatedAt;
  clockSkew.value = initial.generatedAt - Date.now();
  followPositions(initial.address, {
    onView(next) {
      previousView.value = liveView.value;
      liveView.value = next;
      confirmedAt.value = next.generatedAt;
      clockSkew.value = next.generatedAt - Date.now();
    },
    onConfirmed(serverNow) {
      confirmedAt.value = serverNow;
      clockSkew.value = serverNow - Date.now();
    },
    onMode(mode) {
      liveMode.value = mode;
    },
  });
  setInterval(() => tick.value++, 1000);
}

/** The view an island shows: its own props until the connection delivers. */
export function currentView(props: PositionsView): PositionsView {
  return liveView.value ?? props;
}

/** Server time now, as the browser best knows it (the props' time before hydration). */
export function serverNow(props: PositionsView): number {
  void tick.value;
  const skew = clockSkew.value;
  return skew === null ? props.generatedAt : Math.max(Date.now() + skew, confirmedAt.value);
}

/** True when the figures may be out of date: the stream is down and polling failed. */
export function isStale(): boolean {
  return liveMode.value === "offline" || liveMode.value === "reconnecting";
}
