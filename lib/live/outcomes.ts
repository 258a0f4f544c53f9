/**
 * The outcomes a live view lists, merged the same way on the server (when it builds a view) and
 * in the browser (when an update arrives).
 */
import type { IntentOutcome } from "../papertrade/mod.ts";

/** An intent that left the pending list while the stream was open. */
export interface OutcomeView {
  intentId: string;
  outcome: IntentOutcome;
  /** When the stream reported it (ms). */
  reportedAt: number;
}

/** Most outcomes and closed positions a view lists. */
export const RECENT_SHOWN = 20;

/**
 * The outcomes worth showing: one per intent (the latest report wins), none for an intent that
 * is pending again, newest first, at most {@link RECENT_SHOWN}.
 */
export function latestOutcomes<T extends OutcomeView>(
  outcomes: readonly T[],
  pending: readonly { intentId: string }[],
): T[] {
  const latest = new Map<string, T>();
  for (const outcome of outcomes) {
    const seen = latest.get(outcome.intentId);
    if (!seen || outcome.reportedAt > seen.reportedAt) latest.set(outcome.intentId, outcome);
  }
  for (const intent of pending) latest.delete(intent.intentId);
  return [...latest.values()].sort((a, b) => b.reportedAt - a.reportedAt).slice(0, RECENT_SHOWN);
}
