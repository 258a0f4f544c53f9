/** lookup_intent: where one intent is (feed, relayer queue, chain) and how it settled. */
import { z } from "zod";
import {
  type IntentLookup,
  type IntentVerdict,
  intentVerdict,
  lookupIntent,
} from "../lib/intent/mod.ts";
import { findIntentInHistory, type IntentInHistory } from "../lib/position/mod.ts";
import { addressArg, argsObject, hashArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import {
  hashOut,
  integerStringOut,
  isoOut,
  unavailableJson,
  unavailableOut,
} from "../lib/json_model.ts";
import { feedTradeJson, operationJson, settledIntentJson, verdictOut } from "./_json_intents.ts";
import { blockNumber, isoFromMs, isoFromSeconds } from "../lib/json_units.ts";
import { lines, quoted, unavailableText } from "./text.ts";

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
  executed: z.boolean().describe("The intent's verdict is executed."),
  signature_verified: z.boolean().nullable().describe(
    "The signature recomputes to the recorded intent id; null if the batch did not decode.",
  ),
  intent: settledIntentJson.schema.nullable().describe("The decoded intent within its batch."),
});

const historyOut = z.strictObject({
  kind: z.enum(["closed", "opened"]).describe(
    "closed: it closed a trade of the wallet's history; opened: it opened a position still open.",
  ),
  position_id: integerStringOut,
  liquidated: z.boolean().nullable().describe("Null for an open position."),
  at: isoOut.nullable().describe("When the trade closed, or the position opened."),
  tx_hash: hashOut.nullable().describe(
    "The transaction that settled the close: the history row's, else found from the " +
      "Exchange's PositionsClosed or Liquidated event; null when neither names one.",
  ),
});

const endedOut = z.strictObject({
  outcome: z.enum(["succeeded", "failed", "expired", "cancelled", "unknown"]),
  reported_at: isoOut.nullable().describe("When this server received the stream's report."),
});

/** lookup_intent's structured result (also search's intent preview). */
export const lookupOut = z.strictObject({
  intent_id: hashOut,
  state: z.enum(["feed", "settled", "history", "ended", "pending", "not_found"]).describe(
    "One state, the first that applies: feed: in the live trades feed; settled: executed on " +
      "HyperEVM in the scanned blocks; history: older, found through the wallet given (its " +
      "trade history or open positions); ended: the wallet's live stream reported how it " +
      "ended (see outcome); pending: queued at the relayer; not_found: none of these. An " +
      "intent that settled is never pending, whatever the relayer's list still says.",
  ),
  verdict: verdictOut.verdict.nullable().describe(
    `${verdictOut.verdict.description} Null while pending or not found.`,
  ),
  verdict_reason: verdictOut.verdict_reason,
  feed: feedTradeJson.schema.nullable(),
  pending: operationJson.schema.nullable().describe("Only when the state is pending."),
  outcome: endedOut.nullable().describe(
    "How the wallet's live stream reported it ended; only when the state is ended.",
  ),
  settlement: settlementOut.nullable(),
  history: historyOut.nullable(),
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
    "80 minutes) for the modelled BatchExecutor event and, if found, returns the settling " +
    "transaction, the decoded intent, signature verification and one verdict (executed, " +
    "failed, unverified) with its reason. " +
    "With the wallet, older intents are found in its trade history, with the transaction that " +
    "settled them (from the Exchange's events when the row names none); decode_transaction " +
    "shows the whole transaction.",
  input,
  output: lookupOut,
  async run({ intent_id, wallet }, context) {
    const { signal } = context;
    const lookup = await lookupIntent(context, intent_id, { wallet, signal });
    // Not found on chain or in the feed: the wallet's records may hold it settled, which an
    // outcome the stream reported gives way to.
    const history = (lookup.state === "not_found" || lookup.state === "ended") && wallet
      ? await findIntentInHistory(context, wallet, lookup.intentId, { signal })
      : null;
    const structured = lookupJson(lookup, history);
    return { structured, text: renderLookup(structured, lookup) };
  },
});

/** JSON of an intent look-up, with what the wallet's records said when they were searched. */
export function lookupJson(lookup: IntentLookup, records: IntentInHistory | null = null): Output {
  const found = lookup.settlement;
  const transaction = found?.transaction ?? null;
  const closed = records?.trade ?? null;
  const opened = records?.opened ?? null;
  const recorded = closed !== null || opened !== null;
  const verdict: IntentVerdict | null = recorded
    ? intentVerdict({ recorded: closed ? "history" : "position" })
    : lookup.verdict;
  const ended = recorded ? null : lookup.ended;
  return {
    intent_id: lookup.intentId,
    state: recorded ? "history" : lookup.state,
    verdict: verdict?.verdict ?? null,
    verdict_reason: verdict?.reason ?? null,
    feed: lookup.feed && feedTradeJson.of(lookup.feed),
    pending: lookup.pending && operationJson.of(lookup.pending),
    outcome: ended && { outcome: ended.outcome, reported_at: isoFromMs(ended.reportedAt) },
    settlement: found
      ? {
        tx_hash: found.match.txHash,
        block_number: blockNumber(found.match.blockNumber)!,
        block_time: isoFromSeconds(transaction?.timestamp ?? null),
        log_index: found.match.logIndex,
        tx_status: transaction?.status ?? null,
        executed: lookup.verdict?.verdict === "executed",
        signature_verified: found.intent?.signatureVerified ?? null,
        intent: found.intent
          ? settledIntentJson.of(found.intent, transaction?.status ?? "unknown")
          : null,
      }
      : null,
    history: closed
      ? {
        kind: "closed",
        position_id: closed.trade.positionId,
        liquidated: closed.trade.liquidated,
        at: isoFromMs(closed.trade.closedAt),
        tx_hash: closed.txHash,
      }
      : opened
      ? {
        kind: "opened",
        position_id: opened.positionId,
        liquidated: null,
        at: isoFromMs(opened.openedAt),
        tx_hash: null,
      }
      : null,
    unavailable: unavailableJson([...lookup.unavailable, ...(records?.unavailable ?? [])]),
  };
}

/** Text of an intent look-up; `lookup` adds the scanned range and whether the queue was read. */
export function renderLookup(result: Output, lookup: IntentLookup): string {
  const scanned = lookup.scanned;
  const { settlement: s, pending: p, feed: f, history: h, outcome: o } = result;
  return lines(
    unavailableText(result.unavailable),
    `Intent ${result.intent_id}: state ${result.state}` +
      `${result.verdict ? `, verdict ${result.verdict}` : ""}` +
      `${result.verdict_reason ? ` (${quoted(result.verdict_reason)})` : ""}.`,
    f
      ? `In the live feed: ${f.kind} of position #${f.position_id} (${f.market} ${f.side} ` +
        `${f.leverage}x) by ${f.wallet} at ${f.at ?? "n/a"}.`
      : null,
    p
      ? `Pending at the relayer: ${p.action}, queue position ${p.queue_position ?? "n/a"}, ` +
        `deadline ${p.deadline ?? "n/a"}. No final outcome yet.`
      : null,
    o
      ? `The wallet's live stream reported it ${o.outcome} (received ${o.reported_at ?? "n/a"}); ` +
        "it is no longer pending."
      : null,
    s
      ? `Settled in ${s.tx_hash} (block ${s.block_number}); signature ${
        s.signature_verified === null
          ? "not checked (the batch did not decode with the modelled ABI)"
          : s.signature_verified
          ? "verified"
          : "NOT verified"
      }.${result.verdict_reason ? " The reason may quote untrusted chain data." : ""}`
      : scanned && h
      ? `It settled before blocks ${scanned.fromBlock}–${scanned.toBlock}, which were scanned ` +
        "(about the last 80 minutes); the wallet's records below show how."
      : scanned
      ? `No settlement in blocks ${scanned.fromBlock}–${scanned.toBlock} (about the last 80 minutes).`
      : null,
    h
      ? h.kind === "closed"
        ? `In the wallet's trade history: it closed position #${h.position_id}` +
          `${h.liquidated ? " (liquidated)" : ""} at ${h.at ?? "n/a"}; ` +
          `settled in ${h.tx_hash ?? "a transaction not found"}.`
        : `It opened position #${h.position_id}, still open, at ${h.at ?? "n/a"}.`
      : null,
    !lookup.pendingChecked && result.state !== "feed" && result.state !== "settled"
      ? "Relayer queue and trade history not checked: pass wallet to check them."
      : null,
    result.state === "not_found" && lookup.pendingChecked
      ? "Not in the wallet's trade history or open positions either."
      : null,
    s || h?.tx_hash ? "Call decode_transaction with the tx_hash for the whole transaction." : null,
  );
}
