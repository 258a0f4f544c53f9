/**
 * The pending intents and outcomes a live view lists, split the same way on the server (when it
 * builds a view) and in the browser (when an update arrives), so they exclude each other.
 */
import type { IntentOutcome } from "../papertrade/mod.ts";

/**
 * An intent that left the pending list: ended as the wallet's stream reported it, or `settled`,
 * as the wallet's records show it (a close in its trade history, an open among its positions).
 * `reported_at_ms`: when the stream reported it, or when it settled.
 */
export interface OutcomeJson {
  intent_id: string;
  outcome: IntentOutcome | "settled";
  reported_at_ms: number;
}

/** Most outcomes and closed positions a view lists. */
export const RECENT_SHOWN = 20;

/**
 * How far back a view lists intents the wallet's records show settled: an hour, about the
 * blocks an intent look-up scans.
 */
export const RECENT_SETTLED_MS = 60 * 60_000;

/**
 * Pending intents and outcomes that exclude each other: one outcome per intent (a settlement is
 * final and wins; otherwise the latest report), none for an intent pending again, and no
 * settled intent pending, whatever the relayer's list still says. Outcomes newest first, at most
 * {@link RECENT_SHOWN}; pending intents in their order.
 */
export function splitIntents<P extends { intent_id: string }, T extends OutcomeJson>(
  pending: readonly P[],
  outcomes: readonly T[],
): { pending: P[]; outcomes: T[] } {
  const latest = new Map<string, T>();
  for (const outcome of outcomes) {
    const seen = latest.get(outcome.intent_id);
    const settles = outcome.outcome === "settled" && seen?.outcome !== "settled";
    const later = seen !== undefined && outcome.reported_at_ms > seen.reported_at_ms;
    if (!seen || settles || (seen.outcome !== "settled" && later)) {
      latest.set(outcome.intent_id, outcome);
    }
  }
  const settled = new Set(
    [...latest.values()].filter((item) => item.outcome === "settled").map((i) => i.intent_id),
  );
  const stillPending = pending.filter((intent) => !settled.has(intent.intent_id));
  for (const intent of stillPending) latest.delete(intent.intent_id);
  return {
    pending: stillPending,
    outcomes: [...latest.values()].sort((a, b) => b.reported_at_ms - a.reported_at_ms)
      .slice(0, RECENT_SHOWN),
  };
}
