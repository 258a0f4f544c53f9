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
} from "../lib/intents/mod.ts";
import { type Operation, OPERATION_ACTIONS, type RecentTrade } from "../lib/papertrade/mod.ts";
import { addressOut, hashOut, integerStringOut, isoOut, sideOf, sideOut } from "./_json_common.ts";
import { fromUsdc6, fromWad, isoFromMs, isoFromSeconds } from "./_units.ts";

/** Intent fields in display units; which keys appear depends on the action. */
export const intentFieldsOut = z.strictObject({
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

/** The verdict fields of a JSON result. */
export function verdictJson(verdict: IntentVerdict) {
  return { verdict: verdict.verdict, verdict_reason: verdict.reason };
}

/** One intent of a settlement batch, decoded with the modelled (unconfirmed) executor ABI. */
export const settledIntentOut = z.strictObject({
  index: z.number().int(),
  action: z.enum(INTENT_KINDS).nullable(),
  wallet: addressOut.nullable().describe("Wallet the intent acted for."),
  signer: addressOut.describe("Declared signer: the wallet or one of its session keys."),
  recovered_signer: addressOut.nullable(),
  intent_id: hashOut.nullable(),
  signature_verified: z.boolean().describe(
    "The signature recovers to the signer and recomputes the recorded intent id.",
  ),
  verification_problem: z.string().nullable(),
  ...verdictOut,
  executed: z.boolean().describe("verdict is executed."),
  failure_reason: z.string().nullable().describe(
    "The executor event's failure reason: untrusted text from the chain.",
  ),
  fields: intentFieldsOut.nullable(),
});

/** An intent the relayer accepted and has not settled. */
export const operationOut = z.strictObject({
  intent_id: hashOut,
  action: z.enum(OPERATION_ACTIONS),
  accepted_at: isoOut.nullable(),
  deadline: isoOut.nullable().describe(
    "The intent expires if not settled by then (the stream's ninth slot, read as the deadline).",
  ),
  queue_position: z.number().int().nullable().describe(
    "1 = next in the relayer queue; null when the queue rank could not be read.",
  ),
  params: intentFieldsOut,
});

/** One trade of the venue-wide feed. */
export const feedTradeOut = z.strictObject({
  seq: integerStringOut.describe("Feed order (newest has the highest)."),
  at: isoOut.nullable(),
  wallet: addressOut,
  market: z.string(),
  instrument_id: z.number().int(),
  side: sideOut.nullable().describe("Null when the feed's side word is not one we know."),
  leverage: z.number().int(),
  kind: z.enum(["open", "close", "liquidation"]).nullable().describe(
    "Null when the feed's kind word is not one we know.",
  ),
  notional_usd: z.number(),
  entry_price: z.number().nullable().describe("A close row may not carry the entry price."),
  exit_price: z.number().nullable(),
  pnl_usd: z.number().nullable(),
  position_id: integerStringOut,
  intent_id: hashOut.nullable(),
  terminal: z.boolean(),
});

/** Intent parameters in display units, keys in the order of {@link intentFieldsOut}. */
export function intentParamsJson(params: IntentParams): FieldsJson {
  const out: FieldsJson = {};
  if (params.market !== undefined) out.market = params.market;
  if (params.instrumentId !== undefined) out.instrument_id = params.instrumentId;
  if (params.isLong !== undefined) out.side = sideOf(params.isLong);
  if (params.margin !== undefined) out.margin_usd = fromWad(params.margin);
  if (params.leverage !== undefined) out.leverage = params.leverage;
  if (params.useDebt !== undefined) out.use_debt = params.useDebt;
  if (params.positionIds !== undefined) out.position_ids = [...params.positionIds];
  if (params.amount !== undefined) Object.assign(out, amountJson(params.amount));
  if (params.sessionKey !== undefined) out.session_key = params.sessionKey;
  if (params.expiry !== undefined) out.expires_at = isoFromSeconds(params.expiry);
  if (params.cancelledIntentId !== undefined) out.cancelled_intent_id = params.cancelledIntentId;
  if (params.nonce !== undefined) out.nonce = String(params.nonce);
  if (params.deadline !== undefined) out.deadline = isoFromSeconds(params.deadline);
  return out;
}

function amountJson(amount: NonNullable<IntentParams["amount"]>): FieldsJson {
  switch (amount.unit) {
    case "usdc6":
      return { amount_usd: fromUsdc6(amount.value) };
    case "paper_wad":
      return { amount_paper: fromWad(amount.value) };
    case "raw":
      return { amount_raw: String(amount.value) };
  }
}

/** JSON of one settled intent of a transaction with status `status`. */
export function settledIntentJson(
  intent: SettledIntent,
  status: Settlement["status"],
): z.input<typeof settledIntentOut> {
  const verdict = intentVerdict({ settled: intent, status });
  return {
    index: intent.index,
    action: intent.action,
    wallet: intent.wallet,
    signer: intent.signer,
    recovered_signer: intent.recoveredSigner,
    intent_id: intent.intentId,
    signature_verified: intent.signatureVerified,
    verification_problem: intent.verificationProblem,
    ...verdictJson(verdict),
    executed: verdict.verdict === "executed",
    failure_reason: intent.failureReason,
    fields: intent.fields === null || intent.action === null
      ? null
      : intentParamsJson(paramsOfCalldata(intent.action, intent.fields)),
  };
}

/** JSON of one pending operation. */
export function operationJson(operation: Operation): z.input<typeof operationOut> {
  return {
    intent_id: operation.intentId,
    action: operation.action,
    accepted_at: isoFromMs(operation.acceptedAt),
    deadline: isoFromSeconds(operation.deadline),
    queue_position: operation.queuePosition,
    params: intentParamsJson(paramsOfOperation(operation)),
  };
}

/** JSON of one feed trade (its USD and prices are already display floats upstream). */
export function feedTradeJson(trade: RecentTrade): z.input<typeof feedTradeOut> {
  return {
    seq: trade.seq,
    at: isoFromMs(trade.timestamp),
    wallet: trade.wallet,
    market: trade.symbol,
    instrument_id: trade.instrumentId,
    side: trade.isLong === null ? null : sideOf(trade.isLong),
    leverage: trade.leverage,
    kind: trade.kind,
    notional_usd: trade.notionalUsd,
    entry_price: trade.entry,
    exit_price: trade.exit,
    pnl_usd: trade.pnlUsd,
    position_id: trade.positionId,
    intent_id: trade.intentId,
    terminal: trade.terminal,
  };
}
