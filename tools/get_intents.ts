/** get_intents: the intents the relayer accepted for a wallet and has not settled. */
import { z } from "zod";
import { addressArg, argsObject } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import {
  addressOut,
  hashOut,
  isoOut,
  jsonObject,
  rowsSkippedOut,
  unavailableJson,
  unavailableOut,
} from "../lib/json_model.ts";
import type { EndedIntent } from "../lib/papertrade/mod.ts";
import { Parts } from "../lib/parts.ts";
import { withQueuePositions } from "../lib/wallet/mod.ts";
import { isoFromMs } from "../lib/json_units.ts";
import { operationJson, verdictOut } from "./_json_intents.ts";
import { intentVerdict } from "../lib/intent/mod.ts";
import { amount, lines, usd } from "./text.ts";

/** Most operations listed; `count` is always the full number. */
export const MAX_LISTED_INTENTS = 50;

const input = argsObject({
  address: addressArg("Wallet address: 0x followed by 40 hex characters. Case-insensitive."),
});

const outcomeJson = jsonObject<EndedIntent>()({
  intent_id: [hashOut, (ended) => ended.intentId],
  outcome: [
    z.enum(["succeeded", "failed", "expired", "cancelled", "unknown"]),
    (ended) => ended.outcome,
  ],
  verdict: [verdictOut.verdict, (ended) => intentVerdict({ outcome: ended.outcome }).verdict],
  verdict_reason: [
    verdictOut.verdict_reason,
    (ended) => intentVerdict({ outcome: ended.outcome }).reason,
  ],
  reported_at: [
    isoOut.nullable().describe("When this server received the stream's report."),
    (ended) => isoFromMs(ended.reportedAt),
  ],
});

const output = z.strictObject({
  address: addressOut,
  pending: z.array(operationJson.schema).describe(
    `Accepted, unsettled intents in relayer order (at most ${MAX_LISTED_INTENTS}); an intent ` +
      "whose outcome the stream reported after the relayer's list was read is not among them.",
  ),
  count: z.number().int().describe("Every pending intent, listed or not."),
  recent_outcomes: z.array(outcomeJson.schema).describe(
    "How the wallet's most recent intents ended, as its live stream reported them while this " +
      "server was reading it: one per intent, the latest report, newest first; an intent still " +
      "pending has none, so no intent is in both lists (empty when none was reported yet).",
  ),
  unavailable: unavailableOut,
  rows_skipped: rowsSkippedOut,
});

type Output = z.input<typeof output>;

/** The get_intents tool. */
export const getIntentsTool = defineTool({
  name: "get_intents",
  title: "Pending intents of a wallet",
  description:
    "Intents the Papertrade relayer has accepted for a wallet and not yet settled on-chain " +
    "(queued opens, closes, withdrawals, stakes, claims, session keys), each with its intent " +
    "id, action, acceptance time, deadline, queue position and parameters in display units; " +
    "plus the outcome (succeeded, failed, expired, cancelled, unknown) of the most recent " +
    "intents reported by the stream. Use lookup_intent with the intent id and this wallet to " +
    "follow one.",
  input,
  output,
  walletArgument: "address",
  async run({ address }, context) {
    const parts = new Parts();
    const [account, ranks] = await Promise.all([
      context.papertrade.read("walletStream", { wallet: address }, { signal: context.signal })
        .then((account) => parts.note(account)),
      parts.read(
        context.papertrade.read("queueRank", { wallet: address }, { signal: context.signal }),
      ),
    ]);
    const operations = withQueuePositions(account.operations, ranks);
    const structured: Output = {
      address,
      pending: operations.slice(0, MAX_LISTED_INTENTS).map(operationJson.of),
      count: operations.length,
      // The read is reconciled with the stream's reports: an intent with an outcome is not
      // pending, and one pending again has no outcome.
      recent_outcomes: account.recentEndedIntents.map(outcomeJson.of),
      unavailable: unavailableJson(parts.unavailable),
      rows_skipped: account.rowsSkipped,
    };
    return { structured, text: renderIntents(structured) };
  },
});

function renderIntents(result: Output): string {
  return lines(
    result.count === 0
      ? `Wallet ${result.address} has no pending intents.`
      : `Wallet ${result.address}: ${result.count} pending intent${result.count === 1 ? "" : "s"}.`,
    ...result.pending.map((op) =>
      `- ${op.action} ${op.intent_id}, queue position ${op.queue_position ?? "n/a"}, ` +
      `accepted ${op.accepted_at ?? "n/a"}, deadline ${op.deadline ?? "n/a"}` +
      describeParams(op.params)
    ),
    result.count > result.pending.length
      ? `(${result.pending.length} of ${result.count} listed, in relayer order.)`
      : null,
    result.recent_outcomes.length > 0
      ? `Recent outcomes: ${
        result.recent_outcomes.map((o) =>
          `${o.intent_id} ${o.outcome}, verdict ${o.verdict} (reported ${o.reported_at ?? "n/a"})`
        ).join("; ")
      }.`
      : null,
    result.count > 0 ? "Follow one with lookup_intent (intent_id and wallet)." : null,
  );
}

function describeParams(params: Output["pending"][number]["params"]): string {
  const parts: string[] = [];
  if (params.market) parts.push(params.market);
  if (params.side) parts.push(params.side);
  if (params.leverage !== undefined) parts.push(`${params.leverage}x`);
  if (params.margin_usd !== undefined) parts.push(`margin ${usd(params.margin_usd)}`);
  if (params.position_ids) parts.push(`positions ${params.position_ids.join(", ")}`);
  if (params.amount_usd !== undefined) parts.push(usd(params.amount_usd));
  if (params.amount_paper !== undefined) parts.push(`${amount(params.amount_paper)} PAPER`);
  if (params.session_key) parts.push(`session key ${params.session_key}`);
  return parts.length > 0 ? ` (${parts.join(" ")})` : "";
}
