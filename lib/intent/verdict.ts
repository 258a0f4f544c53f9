/**
 * The one verdict on an intent: executed, failed or unverified, with the reason in a sentence.
 * Every page headline, badge, transaction summary and tool text reads it from here, so a
 * tampered signature can never sit beside "executed".
 */
import type { SettledIntent, Settlement } from "../hyperevm/mod.ts";
import type { IntentOutcome } from "../papertrade/mod.ts";

/** What each verdict means is `verdictOut`'s description (pending.ts), which the models publish. */
export type Verdict = "executed" | "failed" | "unverified";

/** A verdict and why; `reason` is null for a clean execution. */
export interface IntentVerdict {
  verdict: Verdict;
  reason: string | null;
}

/** What is known about one intent; the first that applies decides, in this order. */
type VerdictEvidence =
  /** The intent in its batch (or only its executor event, when the calldata did not decode). */
  | {
    settled: Pick<
      SettledIntent,
      "reported" | "failureReason" | "signatureVerified" | "verificationProblem"
    >;
    status: Settlement["status"];
  }
  /** How the wallet's stream reported the intent ended. */
  | { outcome: IntentOutcome }
  /** The venue recorded it: a closed trade of the history, a feed trade, an open position. */
  | { recorded: "history" | "feed" | "position" };

const OUTCOME_VERDICTS: Readonly<Record<IntentOutcome, IntentVerdict>> = {
  succeeded: { verdict: "executed", reason: null },
  failed: { verdict: "failed", reason: "the relayer reported that it failed" },
  expired: { verdict: "failed", reason: "it expired before it settled" },
  cancelled: { verdict: "failed", reason: "it was cancelled" },
  unknown: { verdict: "unverified", reason: "the relayer reported no outcome" },
};

export function intentVerdict(evidence: VerdictEvidence): IntentVerdict {
  if ("outcome" in evidence) return OUTCOME_VERDICTS[evidence.outcome];
  if ("recorded" in evidence) return { verdict: "executed", reason: null };
  const { settled, status } = evidence;
  if (status === "reverted") return { verdict: "failed", reason: "the batch transaction reverted" };
  if (settled.reported === false) {
    const reason = settled.failureReason ?? "the executor reported a failure without a reason";
    return { verdict: "failed", reason };
  }
  // The detail (who it recovers to) is the intent's verificationProblem, shown beside it.
  if (!settled.signatureVerified) {
    return {
      verdict: "unverified",
      reason: "its signature does not recompute to the recorded intent id",
    };
  }
  if (settled.reported === null) {
    const reason = status === "pending"
      ? "the batch is not mined yet"
      : status === "unknown"
      ? "the receipt could not be read"
      : "the receipt holds no executor event for it (that event's shape is modelled)";
    return { verdict: "unverified", reason };
  }
  return { verdict: "executed", reason: null };
}

export function countVerdicts(intents: readonly { verdict: Verdict }[]): Record<Verdict, number> {
  const counts = { executed: 0, failed: 0, unverified: 0 };
  for (const { verdict } of intents) counts[verdict] += 1;
  return counts;
}
