/**
 * lookup_intent's model (where one intent is, and its one verdict), and the parts other models
 * share: a settled intent of a batch, a trade of the feed.
 */
import { z } from "zod";
import { INTENT_KINDS, type SettledIntent, type Settlement } from "../hyperevm/mod.ts";
import type { EndedIntent } from "../papertrade/mod.ts";
import { feedTradeJson } from "../markets/mod.ts";
import {
  addressOut,
  hashOut,
  integerStringOut,
  isoOut,
  jsonObject,
  unavailableJson,
  unavailableOut,
} from "../json_model.ts";
import { blockNumber, isoFromMs, isoFromSeconds } from "../json_units.ts";
import { fieldsOfCalldata, intentFieldsOut } from "./fields.ts";
import {
  operationJson,
  outcomeOut,
  reportedAtOut,
  verdictOut,
  verdictReasonOut,
} from "./pending.ts";
import type { IntentFindings } from "./find.ts";
import type { IntentLookup } from "./lookup.ts";
import { type IntentVerdict, intentVerdict } from "./verdict.ts";

/** One intent of a settlement batch, decoded with the modelled (unconfirmed) executor ABI. */
const settledIntent = jsonObject<{ intent: SettledIntent; verdict: IntentVerdict }>()({
  index: [z.number().int(), ({ intent }) => intent.index],
  action: [z.enum(INTENT_KINDS).nullable(), ({ intent }) => intent.action],
  wallet: [
    addressOut.nullable().describe("Wallet the intent acted for."),
    ({ intent }) => intent.wallet,
  ],
  signer: [
    addressOut.describe("Declared signer: the wallet or one of its session keys."),
    ({ intent }) => intent.signer,
  ],
  recovered_signer: [addressOut.nullable(), ({ intent }) => intent.recoveredSigner],
  intent_id: [hashOut.nullable(), ({ intent }) => intent.intentId],
  signature_verified: [
    z.boolean().describe(
      "The signature recovers to the signer and recomputes the recorded intent id.",
    ),
    ({ intent }) => intent.signatureVerified,
  ],
  verification_problem: [z.string().nullable(), ({ intent }) => intent.verificationProblem],
  verdict: [verdictOut, ({ verdict }) => verdict.verdict],
  verdict_reason: [verdictReasonOut, ({ verdict }) => verdict.reason],
  executed: [
    z.boolean().describe("verdict is executed."),
    ({ verdict }) => verdict.verdict === "executed",
  ],
  failure_reason: [
    z.string().nullable().describe(
      "The executor event's failure reason: untrusted text from the chain.",
    ),
    ({ intent }) => intent.failureReason,
  ],
  fields: [
    intentFieldsOut.nullable(),
    ({ intent }) =>
      intent.fields === null || intent.action === null
        ? null
        : fieldsOfCalldata(intent.action, intent.fields),
  ],
});

/** One intent of a batch whose transaction has status `status`, with its one verdict. */
export const settledIntentJson = {
  schema: settledIntent.schema,
  of: (intent: SettledIntent, status: Settlement["status"]) =>
    settledIntent.of({ intent, verdict: intentVerdict({ settled: intent, status }) }),
};

export type SettledIntentJson = ReturnType<typeof settledIntentJson.of>;

type Settled = IntentFindings & {
  lookup: { settlement: NonNullable<IntentLookup["settlement"]> };
};

const settlementJson = jsonObject<Settled>()({
  tx_hash: [hashOut, (f) => f.lookup.settlement.match.txHash],
  block_number: [z.number().int(), (f) => blockNumber(f.lookup.settlement.match.blockNumber)!],
  block_time: [
    isoOut.nullable(),
    (f) => isoFromSeconds(f.lookup.settlement.transaction?.timestamp ?? null),
  ],
  log_index: [z.number().int(), (f) => f.lookup.settlement.match.logIndex],
  tx_status: [
    z.enum(["success", "reverted", "pending", "unknown"]).nullable(),
    (f) => f.lookup.settlement.transaction?.status ?? null,
  ],
  executed: [
    z.boolean().describe("The intent's verdict is executed."),
    (f) => f.verdict?.verdict === "executed",
  ],
  signature_verified: [
    z.boolean().nullable().describe(
      "The signature recomputes to the recorded intent id; null if the batch did not decode.",
    ),
    (f) => f.lookup.settlement.intent?.signatureVerified ?? null,
  ],
  intent: [
    settledIntent.schema.nullable().describe("The decoded intent within its batch."),
    ({ lookup: { settlement: { intent, transaction } } }) =>
      intent && settledIntentJson.of(intent, transaction?.status ?? "unknown"),
  ],
});

const historyJson = jsonObject<IntentFindings>()({
  kind: [
    z.enum(["closed", "opened"]).describe(
      "closed: it closed a trade of the wallet's history; opened: it opened a position still open.",
    ),
    (f) => (f.trade ? "closed" : "opened"),
  ],
  position_id: [integerStringOut, (f) => f.trade?.trade.positionId ?? f.opened!.positionId],
  liquidated: [
    z.boolean().nullable().describe("Null for an open position."),
    (f) => f.trade?.trade.liquidated ?? null,
  ],
  at: [
    isoOut.nullable().describe("When the trade closed, or the position opened."),
    (f) => isoFromMs(f.trade?.trade.closedAt ?? f.opened!.openedAt),
  ],
  tx_hash: [
    hashOut.nullable().describe(
      "The transaction that settled the close: the history row's, else found from the " +
        "Exchange's PositionsClosed or Liquidated event; null when neither names one.",
    ),
    (f) => f.trade?.txHash ?? null,
  ],
});

const endedJson = jsonObject<EndedIntent>()({
  outcome: [outcomeOut, (ended) => ended.outcome],
  reported_at: [reportedAtOut, (ended) => isoFromMs(ended.reportedAt)],
});

/** lookup_intent's model: where one intent is and its one verdict (also search's preview). */
export const lookupModel = jsonObject<IntentFindings>()({
  intent_id: [hashOut, (f) => f.lookup.intentId],
  state: [
    z.enum(["feed", "settled", "history", "ended", "pending", "not_found"]).describe(
      "One state, the first that applies: feed: in the live trades feed; settled: executed on " +
        "HyperEVM in the scanned blocks; history: older, found through the wallet given (its " +
        "trade history or open positions); ended: the wallet's live stream reported how it " +
        "ended (see outcome); pending: queued at the relayer; not_found: none of these. An " +
        "intent that settled is never pending, whatever the relayer's list still says.",
    ),
    (f) => f.state,
  ],
  verdict: [
    verdictOut.nullable().describe(`${verdictOut.description} Null while pending or not found.`),
    (f) => f.verdict?.verdict ?? null,
  ],
  verdict_reason: [verdictReasonOut, (f) => f.verdict?.reason ?? null],
  feed: [feedTradeJson.schema.nullable(), (f) => f.lookup.feed && feedTradeJson.of(f.lookup.feed)],
  pending: [
    operationJson.schema.nullable().describe("Only when the state is pending."),
    (f) => f.lookup.pending && operationJson.of(f.lookup.pending),
  ],
  outcome: [
    endedJson.schema.nullable().describe(
      "How the wallet's live stream reported it ended; only when the state is ended.",
    ),
    (f) => (f.state === "ended" && f.lookup.ended ? endedJson.of(f.lookup.ended) : null),
  ],
  settlement: [
    settlementJson.schema.nullable().describe(
      "The settling transaction, when the recent blocks scanned hold it.",
    ),
    (f) => f.lookup.settlement && settlementJson.of(f as Settled),
  ],
  history: [
    historyJson.schema.nullable().describe(
      "What the wallet's records hold: the trade it closed (with the transaction that settled " +
        "it) or, older than the scan, the position it opened.",
    ),
    (f) => (f.trade || f.opened ? historyJson.of(f) : null),
  ],
  scanned: [
    z.strictObject({ from_block: z.number().int(), to_block: z.number().int() }).nullable()
      .describe(
        "The recent blocks scanned for its settlement (about the last 80 minutes); null when " +
          "the scan could not be made.",
      ),
    ({ lookup: { scanned } }) =>
      scanned && {
        from_block: blockNumber(scanned.fromBlock)!,
        to_block: blockNumber(scanned.toBlock)!,
      },
  ],
  relayer_checked: [
    z.boolean().describe(
      "Whether the wallet's relayer queue was checked: it needs the wallet argument, which " +
        "also lets older intents be found in its trade history.",
    ),
    (f) => f.lookup.pendingChecked,
  ],
  unavailable: [unavailableOut, (f) => unavailableJson(f.unavailable)],
});
