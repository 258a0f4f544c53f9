/**
 * An intent looked for everywhere, and its one state and verdict: the look-up (feed, relayer,
 * chain scan), then, when the scan holds no settlement, the transaction a link named and the
 * wallet's records (trade history, open positions). The intent page and lookup_intent read it.
 */
import type { Hex } from "viem";
import { decodeTransaction, type SettledIntent, type Settlement } from "../hyperevm/mod.ts";
import type { OpenPosition } from "../papertrade/mod.ts";
import type { UnavailablePart } from "../parts.ts";
import { findIntentInHistory, type IntentInHistory } from "../position/mod.ts";
import { type IntentLookup, type IntentState, lookupIntent } from "./lookup.ts";
import { type IntentVerdict, intentVerdict } from "./verdict.ts";

/** An intent found inside the transaction a link named (older than the chain scan). */
export interface BatchIntent {
  transaction: Settlement;
  intent: SettledIntent;
}

/** A look-up with what the records add. */
export interface IntentFindings {
  lookup: IntentLookup;
  /** The look-up's state, or `history`: older than the scan, found in the records or the batch. */
  state: IntentState | "history";
  /** Null while pending or not found. */
  verdict: IntentVerdict | null;
  /** The wallet whose records were searched. */
  owner: string | null;
  /** The closed trade it closed, with the transaction that settled it. */
  trade: IntentInHistory["trade"];
  /** The open position it opened (looked for only when older than the scan). */
  opened: OpenPosition | null;
  batch: BatchIntent | null;
  /** The look-up's checks and the records' reads that could not be made. */
  unavailable: UnavailablePart[];
}

/**
 * The one state of an intent on every face (page, lookup_intent, get_intents, the live views):
 * settled (on chain, in the feed, or in the records), ended (its stream reported an outcome),
 * pending at the relayer, or not_found. They exclude each other.
 */
export function intentPhase(state: IntentFindings["state"]) {
  return state === "feed" || state === "settled" || state === "history" ? "settled" : state;
}

/** The findings of a look-up and the records searched beside it (none: the look-up's alone). */
export function findingsOf(
  lookup: IntentLookup,
  records: { owner: string | null; batch?: BatchIntent | null; found?: IntentInHistory | null } = {
    owner: null,
  },
): IntentFindings {
  // findIntent reads the records only where they can tell more than the look-up.
  const older = lookup.state === "not_found" || lookup.state === "ended";
  const batch = records.batch ?? null;
  const trade = records.found?.trade ?? null;
  const opened = trade ? null : records.found?.opened ?? null;
  // What settled decides the verdict; the stream's outcome only when nothing shows it settled.
  const verdict = lookup.settlement
    ? settlementVerdict(lookup.settlement)
    : lookup.feed
    ? intentVerdict({ recorded: "feed" })
    : batch
    ? intentVerdict({ settled: batch.intent, status: batch.transaction.status })
    : trade
    ? intentVerdict({ recorded: "history" })
    : opened
    ? intentVerdict({ recorded: "position" })
    : lookup.ended
    ? intentVerdict({ outcome: lookup.ended.outcome })
    : null;
  return {
    lookup,
    state: older && (batch || trade || opened) ? "history" : lookup.state,
    verdict,
    owner: records.owner,
    trade,
    opened,
    batch,
    unavailable: [...lookup.unavailable, ...(records.found?.unavailable ?? [])],
  };
}

interface FindIntentOptions {
  /** The wallet that signed it: its relayer queue and records are checked. */
  wallet?: string;
  /** A transaction a link names as the one that carried it. */
  tx?: Hex;
  /** Who owns it by what the explorer has read, asked when no wallet is known. */
  owner?: (intentId: Hex) => Promise<string | null>;
  signal?: AbortSignal;
}

/** Looks the intent up, then in the named transaction and the owner's records when needed. */
export async function findIntent(
  sources: Parameters<typeof lookupIntent>[0],
  intentId: string,
  options: FindIntentOptions = {},
): Promise<IntentFindings> {
  const { wallet, signal } = options;
  const lookup = await lookupIntent(sources, intentId, { wallet, signal });
  const id = lookup.intentId;
  const older = lookup.state === "not_found" || lookup.state === "ended";
  const batch = older && options.tx ? await findInBatch(sources, options.tx, id) : null;
  const searched = !lookup.settlement && batch === null && lookup.state !== "pending";
  // A feed close names its wallet, whose history then shows the transaction that settled it.
  const owner = wallet ?? (lookup.feed?.kind === "open" ? undefined : lookup.feed?.wallet) ??
    (searched ? await options.owner?.(id) : null) ?? null;
  const found = searched && owner
    ? await findIntentInHistory(sources, owner, id, { signal, openPositions: older })
    : null;
  return findingsOf(lookup, { owner, batch, found });
}

async function findInBatch(
  sources: Parameters<typeof lookupIntent>[0],
  tx: Hex,
  intentId: Hex,
): Promise<BatchIntent | null> {
  const decoded = await decodeTransaction(sources.hyperevm, tx).catch(() => null);
  const intent = decoded?.found ? decoded.intents.find((item) => item.intentId === intentId) : null;
  return decoded?.found && intent ? { transaction: decoded, intent } : null;
}

/** The verdict of a settled intent; when its batch did not decode, from the event alone. */
function settlementVerdict(found: NonNullable<IntentLookup["settlement"]>): IntentVerdict {
  const status = found.transaction?.status ?? "unknown";
  if (found.intent) return intentVerdict({ settled: found.intent, status });
  const { success, reason } = found.match.event;
  return intentVerdict({
    status,
    settled: {
      reported: success,
      failureReason: success ? null : reason,
      signatureVerified: false,
      verificationProblem: "its batch's calldata did not decode with the modelled executor ABI",
    },
  });
}
