/**
 * Intents as JSON: decoded calldata fields and relayer operation parameters in display units,
 * pending operations, settled intents and feed trades.
 */
import { z } from "zod";
import { INTENT_KINDS, type SettledIntent, type Settlement } from "../lib/hyperevm/mod.ts";
import {
  type IntentParams,
  type IntentVerdict,
  intentVerdict,
  paramsOfCalldata,
  paramsOfOperation,
} from "../lib/intent/mod.ts";
import { type Operation, OPERATION_ACTIONS, type RecentTrade } from "../lib/papertrade/mod.ts";
import {
  addressOut,
  hashOut,
  integerStringOut,
  isoOut,
  jsonObject,
  sideOf,
  sideOut,
} from "../lib/json_model.ts";
import { fromUsdc6, fromWad, isoFromMs, isoFromSeconds } from "../lib/json_units.ts";

/** Intent fields in display units; which keys appear depends on the action. */
const intentFieldsOut = z.strictObject({
  market: z.string().optional(),
  instrument_id: z.number().int().optional(),
  side: sideOut.optional(),
  margin_usd: z.number().optional(),
  leverage: z.number().int().optional(),
  use_debt: z.boolean().optional(),
  position_ids: z.array(integerStringOut).optional(),
  amount_usd: z.number().optional().describe("Withdrawal amount in dollars (USDC)."),
  amount_paper: z.number().optional().describe("PAPER staked or unstaked."),
  amount_raw: integerStringOut.optional().describe("An amount whose unit is not known."),
  session_key: addressOut.optional(),
  expires_at: isoOut.nullable().optional(),
  cancelled_intent_id: hashOut.optional(),
  nonce: integerStringOut.optional(),
  deadline: isoOut.nullable().optional(),
});

type FieldsJson = z.input<typeof intentFieldsOut>;

/** The one verdict on an intent, as every tool reports it. */
export const verdictOut = {
  verdict: z.enum(["executed", "failed", "unverified"]).describe(
    "executed: took effect as signed; failed: did not take effect; unverified: the evidence " +
      "cannot say it took effect as signed (signature does not recompute, no per-intent event).",
  ),
  verdict_reason: z.string().nullable().describe("Why it failed or is unverified."),
};

/** An intent of a settlement batch and its one verdict. */
type VerdictOn = { intent: SettledIntent; verdict: IntentVerdict };

/** One intent of a settlement batch, decoded with the modelled (unconfirmed) executor ABI. */
const settledIntent = jsonObject<VerdictOn>()({
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
  verdict: [verdictOut.verdict, ({ verdict }) => verdict.verdict],
  verdict_reason: [verdictOut.verdict_reason, ({ verdict }) => verdict.reason],
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
        : intentParamsJson(paramsOfCalldata(intent.action, intent.fields)),
  ],
});

/** One intent of a batch whose transaction has status `status`, with its verdict. */
export const settledIntentJson = {
  schema: settledIntent.schema,
  of: (intent: SettledIntent, status: Settlement["status"]) =>
    settledIntent.of({ intent, verdict: intentVerdict({ settled: intent, status }) }),
};

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
  params: [intentFieldsOut, (op) => intentParamsJson(paramsOfOperation(op))],
});

/** One trade of the venue-wide feed (its USD and prices are already display floats upstream). */
export const feedTradeJson = jsonObject<RecentTrade>()({
  seq: [integerStringOut.describe("Feed order (newest has the highest)."), (t) => t.seq],
  at: [isoOut.nullable(), (t) => isoFromMs(t.timestamp)],
  wallet: [addressOut, (t) => t.wallet],
  market: [z.string(), (t) => t.symbol],
  instrument_id: [z.number().int(), (t) => t.instrumentId],
  side: [
    sideOut.nullable().describe("Null when the feed's side word is not one we know."),
    (t) => t.isLong === null ? null : sideOf(t.isLong),
  ],
  leverage: [z.number().int(), (t) => t.leverage],
  kind: [
    z.enum(["open", "close", "liquidation"]).nullable().describe(
      "Null when the feed's kind word is not one we know.",
    ),
    (t) => t.kind,
  ],
  notional_usd: [z.number(), (t) => t.notionalUsd],
  entry_price: [
    z.number().nullable().describe("A close row may not carry the entry price."),
    (t) => t.entry,
  ],
  exit_price: [z.number().nullable(), (t) => t.exit],
  feed_pnl_usd: [
    z.number().nullable().describe(
      "The close's PnL as the trade feed reports it (its own display figure, not recomputed); " +
        "null on an open. get_trade_history's net_pnl_usd is the exact net PnL.",
    ),
    (t) => t.pnlUsd,
  ],
  position_id: [integerStringOut, (t) => t.positionId],
  intent_id: [hashOut.nullable(), (t) => t.intentId],
  terminal: [z.boolean(), (t) => t.terminal],
});

/** Intent parameters in display units, keys in the order of {@link intentFieldsOut}. */
function intentParamsJson(params: IntentParams): FieldsJson {
  const out: FieldsJson = {};
  if (params.market !== undefined) out.market = params.market;
  if (params.instrumentId !== undefined) out.instrument_id = params.instrumentId;
  if (params.isLong !== undefined) out.side = sideOf(params.isLong);
  if (params.margin !== undefined) out.margin_usd = fromWad(params.margin);
  if (params.leverage !== undefined) out.leverage = params.leverage;
  if (params.useDebt !== undefined) out.use_debt = params.useDebt;
  if (params.positionIds !== undefined) out.position_ids = [...params.positionIds];
  const { amount } = params;
  if (amount !== undefined) Object.assign(out, AMOUNT_JSON[amount.unit](amount.value));
  if (params.sessionKey !== undefined) out.session_key = params.sessionKey;
  if (params.expiry !== undefined) out.expires_at = isoFromSeconds(params.expiry);
  if (params.cancelledIntentId !== undefined) out.cancelled_intent_id = params.cancelledIntentId;
  if (params.nonce !== undefined) out.nonce = String(params.nonce);
  if (params.deadline !== undefined) out.deadline = isoFromSeconds(params.deadline);
  return out;
}

type AmountUnit = NonNullable<IntentParams["amount"]>["unit"];
/** An amount's JSON key and value, by its unit. */
const AMOUNT_JSON: Record<AmountUnit, (value: bigint) => FieldsJson> = {
  usdc6: (value) => ({ amount_usd: fromUsdc6(value) }),
  paper_wad: (value) => ({ amount_paper: fromWad(value) }),
  raw: (value) => ({ amount_raw: String(value) }),
};
