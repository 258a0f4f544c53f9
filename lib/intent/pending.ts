/**
 * A wallet's intents at the relayer, read and modelled: get_intents' answer, and the look-up's
 * queue check.
 */
import { z } from "zod";
import {
  type EndedIntent,
  type Operation,
  OPERATION_ACTIONS,
  type PapertradeClient,
} from "../papertrade/mod.ts";
import { Parts } from "../parts.ts";
import {
  addressOut,
  hashOut,
  isoOut,
  jsonObject,
  rowsSkippedOut,
  unavailableJson,
  unavailableOut,
} from "../json_model.ts";
import { isoFromMs, isoFromSeconds } from "../json_units.ts";
import { fieldsOfCalldata, intentFieldsOut } from "./fields.ts";
import { intentVerdict } from "./verdict.ts";

/** The one verdict on an intent, as every model gives it. */
export const verdictOut = z.enum(["executed", "failed", "unverified"]).describe(
  "executed: took effect as signed; failed: did not take effect; unverified: the evidence " +
    "cannot say it took effect as signed (signature does not recompute, no per-intent event).",
);
/** Why a verdict is not executed. */
export const verdictReasonOut = z.string().nullable().describe("Why it failed or is unverified.");
/** How the wallet's stream reported an intent ended. */
export const outcomeOut = z.enum(["succeeded", "failed", "expired", "cancelled", "unknown"]);
/** When an outcome reached this server. */
export const reportedAtOut = isoOut.nullable().describe(
  "When this server received the stream's report.",
);

/** An intent the relayer accepted and has not settled. */
export const operationJson = jsonObject<Operation>()({
  intent_id: [hashOut, (op) => op.intentId],
  action: [z.enum(OPERATION_ACTIONS), (op) => op.action],
  accepted_at: [isoOut.nullable(), (op) => isoFromMs(op.acceptedAt)],
  deadline: [
    isoOut.nullable().describe(
      "The intent expires if not settled by then (the stream's ninth slot, read as the deadline).",
    ),
    (op) => isoFromSeconds(op.deadline),
  ],
  queue_position: [
    z.number().int().nullable().describe(
      "1 = next in the relayer queue; null when the queue rank could not be read.",
    ),
    (op) => op.queuePosition,
  ],
  params: [intentFieldsOut, (op) => fieldsOfCalldata(op.action, op.params)],
});

/**
 * A wallet's intents at the relayer: the pending `operations` in relayer order with their queue
 * positions (an intent whose outcome the stream reported is not among them), and the `outcomes`
 * its stream reported, newest first. Queue positions that could not be read are `unavailable`.
 */
export async function readPendingIntents(
  papertrade: PapertradeClient,
  wallet: string,
  options: { signal?: AbortSignal } = {},
) {
  const { signal } = options;
  const parts = new Parts();
  const [account, ranks] = await Promise.all([
    papertrade.read("walletStream", { wallet }, { signal }).then((read) => parts.note(read)),
    parts.read(papertrade.read("queueRank", { wallet }, { signal })),
  ]);
  return {
    operations: account.operations.map((op) => ({
      ...op,
      queuePosition: ranks?.positions.get(op.intentId) ?? op.queuePosition,
    })),
    outcomes: account.recentEndedIntents,
    rowsSkipped: account.rowsSkipped,
    unavailable: parts.unavailable,
  };
}

/** Most pending intents get_intents lists; `count` is always the full number. */
export const MAX_LISTED_INTENTS = 50;

const outcomeJson = jsonObject<EndedIntent>()({
  intent_id: [hashOut, (ended) => ended.intentId],
  outcome: [outcomeOut, (ended) => ended.outcome],
  verdict: [verdictOut, (ended) => intentVerdict({ outcome: ended.outcome }).verdict],
  verdict_reason: [verdictReasonOut, (ended) => intentVerdict({ outcome: ended.outcome }).reason],
  reported_at: [reportedAtOut, (ended) => isoFromMs(ended.reportedAt)],
});

/** get_intents' model: a wallet's pending intents and how its latest ones ended. */
export const pendingIntentsModel = jsonObject<
  Awaited<ReturnType<typeof readPendingIntents>> & { address: string }
>()({
  address: [addressOut, (p) => p.address],
  pending: [
    z.array(operationJson.schema).describe(
      `Accepted, unsettled intents in relayer order (at most ${MAX_LISTED_INTENTS}); an ` +
        "intent whose outcome the stream reported after the relayer's list was read is not " +
        "among them.",
    ),
    (p) => p.operations.slice(0, MAX_LISTED_INTENTS).map(operationJson.of),
  ],
  count: [
    z.number().int().describe("Every pending intent, listed or not."),
    (p) => p.operations.length,
  ],
  recent_outcomes: [
    z.array(outcomeJson.schema).describe(
      "How the wallet's most recent intents ended, as its live stream reported them while " +
        "this server was reading it: one per intent, the latest report, newest first; an " +
        "intent still pending has none, so no intent is in both lists (empty when none was " +
        "reported yet).",
    ),
    (p) => p.outcomes.map(outcomeJson.of),
  ],
  unavailable: [unavailableOut, (p) => unavailableJson(p.unavailable)],
  rows_skipped: [rowsSkippedOut, (p) => p.rowsSkipped],
});
