/**
 * Keeps a server-drawn page's ages true while it is open: every `<time data-now>` (`Time` writes
 * the server clock at render there) is re-aged each second on the server's clock as this browser
 * tells it, so "Updated 0 s ago" counts up. Times swapped in later (the at-risk board's refresh)
 * are found on the next tick; times inside an island are the island's.
 */
import { formatAge } from "../lib/age.ts";

const AGED = "time[data-now]";

/** Starts re-aging the page's times, once a second; does nothing on a page without any. */
export function tickAges(
  doc: Document,
  // The ticker's clock and timer (tests drive both).
  clock: { now(): number; every(tick: () => void, ms: number): unknown },
): void {
  const first = doc.querySelector<HTMLTimeElement>(AGED);
  if (first === null) return;
  // How far this browser's clock is from the server's, read once from the page.
  const offset = clock.now() - Number(first.dataset.now);
  clock.every(() => {
    const serverNow = clock.now() - offset;
    for (const time of doc.querySelectorAll<HTMLTimeElement>(AGED)) {
      const at = Date.parse(time.dateTime);
      if (time.closest("[data-island]") === null && Number.isFinite(at + serverNow)) {
        time.textContent = formatAge(at, serverNow);
      }
    }
  }, 1000);
}
