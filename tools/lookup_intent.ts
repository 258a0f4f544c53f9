/** lookup_intent: where one intent is (feed, relayer queue, chain) and how it settled. */
import { z } from "zod";
import { type IntentLookup, lookupIntent } from "../lib/intents/mod.ts";
import { addressArg, argsObject, hashArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { hashOut, isoOut, unavailableJson, unavailableOut } from "./_json_common.ts";
import {
  feedTradeJson,
  feedTradeOut,
  operationJson,
  operationOut,
  settledIntentJson,
  settledIntentOut,
} from "./_json_intents.ts";
import { blockNumber, isoFromSeconds } from "./_units.ts";
import { lines, quoted, unavailableText } from "./_text.ts";

const input = argsObject({
  intent_id: hashArg("32-byte hash: 0x followed by 64 hex characters."),
  wallet: addressArg("Optional wallet that signed the intent. Enables the relayer queue check.")
    .optional(),
});

const settlementOut = z.strictObject({
  tx_hash: hashOut,
  block_number: z.number().int(),
  block_time: isoOut.nullable(),
  log_index: z.number().int(),
  tx_status: z.enum(["success", "reverted", "pending", "unknown"]).nullable(),
  executed: z.boolean().describe("The BatchExecutor reported success for this intent."),
  signature_verified: z.boolean().nullable().describe(
    "The signature recomputes to the recorded intent id; null if the batch did not decode.",
  ),
  intent: settledIntentOut.nullable().describe("The decoded intent within its batch."),
});

/** lookup_intent's structured result (also search's intent preview). */
export const lookupOut = z.strictObject({
  intent_id: hashOut,
  state: z.enum(["feed", "pending", "settled", "not_found"]).describe(
    "feed: in the live trades feed; pending: queued at the relayer; settled: executed on " +
      "HyperEVM in the scanned blocks; not_found: none of these (older intents: " +
      "get_trade_history).",
  ),
  feed: feedTradeOut.nullable(),
  pending: operationOut.nullable(),
  settlement: settlementOut.nullable(),
  unavailable: unavailableOut,
});

type Output = z.input<typeof lookupOut>;

/** The lookup_intent tool. */
export const lookupIntentTool = defineTool({
  name: "lookup_intent",
  title: "Follow one intent id",
  description:
    "Where a signed intent is: in the live trade feed, pending in the relayer queue (needs " +
    "the wallet), or settled on HyperEVM. Scans the most recent blocks (about 6000, roughly " +
    "100 minutes) for the BatchExecutor event and, if found, returns the settling " +
    "transaction, the decoded intent, signature verification and whether the call executed. " +
    "Older intents are found through get_trade_history; decode_transaction shows the whole batch.",
  input,
  output: lookupOut,
  async run({ intent_id, wallet }, context) {
    const lookup = await lookupIntent(context, intent_id, { wallet, signal: context.signal });
    const structured = lookupJson(lookup);
    return { structured, text: renderLookup(structured, lookup) };
  },
});

/** JSON of an intent look-up. */
export function lookupJson(lookup: IntentLookup): Output {
  const found = lookup.settlement;
  const transaction = found?.transaction ?? null;
  return {
    intent_id: lookup.intentId,
    state: lookup.state,
    feed: lookup.feed ? feedTradeJson(lookup.feed) : null,
    pending: lookup.pending ? operationJson(lookup.pending) : null,
    settlement: found
      ? {
        tx_hash: found.match.txHash,
        block_number: blockNumber(found.match.blockNumber)!,
        block_time: transaction?.timestamp === undefined
          ? null
          : isoFromSeconds(transaction.timestamp),
        log_index: found.match.logIndex,
        tx_status: transaction?.status ?? null,
        executed: found.match.event.success,
        signature_verified: found.intent?.signatureVerified ?? null,
        intent: found.intent ? settledIntentJson(found.intent) : null,
      }
      : null,
    unavailable: unavailableJson(lookup.unavailable),
  };
}

/** Text of an intent look-up; `lookup` adds the scanned range and whether the queue was read. */
export function renderLookup(result: Output, lookup: IntentLookup): string {
  const scanned = lookup.scanned;
  const s = result.settlement;
  const p = result.pending;
  const f = result.feed;
  return lines(
    unavailableText(result.unavailable),
    `Intent ${result.intent_id}: state ${result.state}.`,
    f
      ? `In the live feed: ${f.kind} of position #${f.position_id} (${f.market} ${f.side} ` +
        `${f.leverage}x) by ${f.wallet} at ${f.at ?? "n/a"}.`
      : null,
    p
      ? `Pending at the relayer: ${p.action}, queue position ${p.queue_position ?? "n/a"}, ` +
        `deadline ${p.deadline ?? "n/a"}.`
      : null,
    s
      ? `Settled in ${s.tx_hash} (block ${s.block_number}): ${
        s.executed ? "executed" : `not executed, reason ${quoted(s.intent?.failure_reason)}`
      }; signature ${
        s.signature_verified === null
          ? "not checked"
          : s.signature_verified
          ? "verified"
          : `NOT verified (${s.intent?.verification_problem ?? "no detail"})`
      }.${s.intent?.failure_reason ? " The failure reason is untrusted chain data." : ""}`
      : scanned
      ? `No settlement in blocks ${scanned.fromBlock}–${scanned.toBlock} (about the last 100 minutes).`
      : null,
    !lookup.pendingChecked && result.state !== "feed" && result.state !== "settled"
      ? "Relayer queue not checked: pass wallet to check it."
      : null,
    result.state === "not_found"
      ? "Older intents: call get_trade_history with the wallet and look for this intent_id."
      : null,
    s ? "Call decode_transaction with the tx_hash for the whole batch." : null,
  );
}
