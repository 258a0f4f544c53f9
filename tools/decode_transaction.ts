/**
 * decode_transaction: a HyperEVM transaction decoded from facts first (the Exchange's own
 * events, the wallets they name, the calldata's selector and size), with the modelled
 * BatchExecutor decoding of its intents where that decodes.
 */
import { z } from "zod";
import type { Hex } from "viem";
import { CONTRACTS, type ExchangeEvent, type Settlement, walletsOf } from "../lib/hyperevm/mod.ts";
import { countVerdicts, intentVerdict } from "../lib/intent/mod.ts";
import type { Instrument } from "../lib/papertrade/mod.ts";
import { describeEvent, fetchTransactionDetails } from "../lib/transaction/mod.ts";
import { type UnavailablePart, unavailablePart } from "../lib/parts.ts";
import { argsObject, hashArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import {
  addressOut,
  hashOut,
  integerStringOut,
  unavailableJson,
  unavailableOut,
} from "../lib/json_model.ts";
import { settledIntentJson } from "./_json_intents.ts";
import { blockNumber, fromWad, isoFromSeconds, toPrice } from "../lib/json_units.ts";
import { lines, quoted, unavailableText, UNTRUSTED_NOTE } from "./text.ts";

/** Most intents listed per transaction; keeps the largest batch far below the result cap. */
export const MAX_LISTED_INTENTS = 50;
/** Intents and events described in the text; the structured result lists more. */
const TEXT_ROWS = 20;

const input = argsObject({
  tx_hash: hashArg("32-byte hash: 0x followed by 64 hex characters."),
});

const usdWord = (what: string) => z.number().optional().describe(`${what} (USD).`);
const priceWord = (what: string) =>
  z.number().nullable().optional().describe(
    `${what}: the raw price over the instrument's price scale; null when the position's market ` +
      "could not be found (its trade-history row), the raw value is then the only one.",
  );

/** One of the Exchange's events (facts, whatever the executor's ABI is). */
const exchangeEventOut = z.strictObject({
  name: z.enum(["PositionsClosed", "Liquidated", "Deposit", "WithdrawToCore"]).describe(
    "Deposit and WithdrawToCore are the explorer's names: those events' topics are known, " +
      "their names are unpublished.",
  ),
  wallet: addressOut.describe("The account the event names."),
  position_id: integerStringOut.optional().describe("The liquidated position."),
  log_index: z.number().int(),
  margin_returned_usd: usdWord(
    'PositionsClosed\'s first word, named "marginReturned" by a third party (name inferred)',
  ),
  balance_after_usd: usdWord(
    'PositionsClosed\'s second word, named "balanceAfter" by a third party (name inferred)',
  ),
  staker_fee_usd: usdWord("Fee to the PAPER stakers"),
  dev_fee_usd: usdWord("Fee to the developers"),
  market: z.string().nullable().optional().describe("The liquidated position's market."),
  mark_price: priceWord("The mark at the liquidation"),
  bust_price: priceWord("The position's bust price"),
  mark_price_raw: integerStringOut.optional(),
  bust_price_raw: integerStringOut.optional(),
  from_queued_balance: z.boolean().optional(),
  deposit_proxy: addressOut.optional(),
  amount_usd: usdWord("Amount deposited (from USDC's 8 decimals) or withdrawn to HyperCore"),
});

type EventJson = z.input<typeof exchangeEventOut>;

/** decode_transaction's structured result (also search's transaction preview). */
export const decodedTransactionOut = z.strictObject({
  tx_hash: hashOut,
  found: z.boolean().describe("False when no HyperEVM endpoint knows the hash."),
  status: z.enum(["success", "reverted", "pending", "unknown"]).nullable().describe(
    "unknown when the receipt could not be read (see unavailable).",
  ),
  block_number: z.number().int().nullable(),
  papertrade: z.boolean().describe(
    "A Papertrade transaction: sent to the BatchExecutor or the Exchange, or its receipt " +
      "carries Exchange events. Read from facts, whatever the executor's real ABI is.",
  ),
  selector: z.string().regex(/^0x[0-9a-f]{8}$/).nullable().describe(
    "The calldata's four-byte function selector.",
  ),
  calldata_bytes: z.number().int(),
  events: z.array(exchangeEventOut).describe(
    "The Exchange's own events in the receipt, in log order (facts).",
  ),
  wallets: z.array(addressOut).describe("Every wallet the events and the decoded intents name."),
  is_batch: z.boolean().describe(
    "The calldata decoded as the modelled BatchExecutor executeBatch, an unconfirmed ABI; " +
      "false for a settlement whose real calldata differs from the model.",
  ),
  intents: z.array(settledIntentJson.schema).describe(
    `The batch's intents in order as the modelled ABI decodes them (at most ${MAX_LISTED_INTENTS}); ` +
      "empty when it does not decode.",
  ),
  unavailable: unavailableOut,
});

type Output = z.input<typeof decodedTransactionOut>;

/** The decode_transaction tool. */
export const decodeTransactionTool = defineTool({
  name: "decode_transaction",
  title: "Decode a HyperEVM settlement transaction",
  description:
    "Fetch a HyperEVM transaction and decode what Papertrade did in it. From facts: the " +
    "Exchange's own events in the receipt (PositionsClosed, Liquidated, deposits, withdrawals) " +
    "with their USD and price fields, the wallets they name, and the calldata's selector and " +
    "size. Then, where the calldata decodes with the modelled (unconfirmed) BatchExecutor ABI, " +
    "each intent: action, wallet, session-key signer, fields (market, side, margin, leverage, " +
    "position ids, amounts, deadline), intent id, whether the signature recomputes to the " +
    "recorded id, and one verdict (executed, failed, unverified) with its reason. A " +
    "transaction that is not Papertrade's has papertrade false; an unknown hash found false. " +
    "Next: get_wallet or get_positions for a wallet it names.",
  input,
  output: decodedTransactionOut,
  async run({ tx_hash }, context) {
    const hash = tx_hash as Hex;
    const details = await fetchTransactionDetails(context, hash, { signal: context.signal });
    const settlement = details?.settlement ?? null;
    const structured = decodedJson(hash, settlement, MAX_LISTED_INTENTS, details ?? undefined);
    return { structured, text: renderDecoded(structured, settlement, details?.instruments) };
  },
});

/**
 * JSON of a decoded transaction (null: not found), listing at most `limit` intents; `details`
 * adds the liquidated positions' markets and the unread parts (else read off `decoded.missing`).
 */
export function decodedJson(
  hash: Hex,
  decoded: (Settlement & { missing?: Parameters<typeof unavailablePart>[0][] }) | null,
  limit = MAX_LISTED_INTENTS,
  details?: { instruments: Map<string, Instrument>; unavailable: UnavailablePart[] },
): Output {
  if (decoded === null) {
    return {
      tx_hash: hash,
      found: false,
      status: null,
      block_number: null,
      papertrade: false,
      selector: null,
      calldata_bytes: 0,
      events: [],
      wallets: [],
      is_batch: false,
      intents: [],
      unavailable: [],
    };
  }
  const instruments = details?.instruments ?? new Map<string, Instrument>();
  return {
    tx_hash: decoded.txHash,
    found: true,
    status: decoded.status,
    block_number: blockNumber(decoded.blockNumber),
    papertrade: decoded.papertrade,
    selector: decoded.selector,
    calldata_bytes: (decoded.input.length - 2) / 2,
    events: decoded.events.map((event) => exchangeEventJson(event, instruments)),
    wallets: walletsOf([...decoded.events, ...decoded.intents]),
    is_batch: decoded.isBatch,
    intents: decoded.intents.slice(0, limit).map((intent) =>
      settledIntentJson.of(intent, decoded.status)
    ),
    unavailable: unavailableJson(
      details?.unavailable ?? (decoded.missing ?? []).map((error) => unavailablePart(error)),
    ),
  };
}

function exchangeEventJson(event: ExchangeEvent, instruments: Map<string, Instrument>): EventJson {
  const base = { name: event.name, wallet: event.wallet, log_index: event.logIndex };
  const fees = "stakerFee" in event
    ? { staker_fee_usd: fromWad(event.stakerFee), dev_fee_usd: fromWad(event.devFee) }
    : {};
  switch (event.name) {
    case "PositionsClosed":
      return {
        ...base,
        margin_returned_usd: fromWad(event.marginReturned),
        balance_after_usd: fromWad(event.balanceAfter),
        ...fees,
      };
    case "Liquidated": {
      const instrument = instruments.get(String(event.positionId));
      const scale = instrument?.priceScale ?? null;
      return {
        ...base,
        ...fees,
        position_id: String(event.positionId),
        market: instrument?.symbol ?? null,
        mark_price: toPrice(event.markPrice, scale),
        bust_price: toPrice(event.bustPrice, scale),
        mark_price_raw: String(event.markPrice),
        bust_price_raw: String(event.bustPrice),
        from_queued_balance: event.fromQueuedBalance,
      };
    }
    case "Deposit":
      return {
        ...base,
        deposit_proxy: event.depositProxy,
        amount_usd: fromWad(event.amountUsdc8 * 10n ** 10n),
      };
    case "WithdrawToCore":
      return { ...base, amount_usd: fromWad(event.amount) };
  }
}

/** Text of a decoded transaction. */
export function renderDecoded(
  result: Output,
  decoded: Settlement | null,
  instruments = new Map<string, Instrument>(),
): string {
  if (decoded === null) {
    return `Transaction ${result.tx_hash} was not found on HyperEVM. If it is an intent id, ` +
      "call lookup_intent instead.";
  }
  const when = decoded.timestamp === undefined ? "" : ` at ${isoFromSeconds(decoded.timestamp)}`;
  const block = result.block_number ?? "pending";
  const to = decoded.to ?? "(contract creation)";
  const header = `Transaction ${result.tx_hash}: ${result.status}, block ${block}${when}, ` +
    `from ${decoded.from} to ${to}.`;
  const missing = unavailableText(result.unavailable);
  if (!result.papertrade) {
    return lines(
      missing,
      header,
      "Not a Papertrade transaction: not sent to the BatchExecutor or the Exchange, and no " +
        "Exchange event in its receipt.",
    );
  }
  const total = decoded.intents.length;
  const counts = countVerdicts(
    decoded.intents.map((intent) => intentVerdict({ settled: intent, status: decoded.status })),
  );
  return lines(
    missing,
    header,
    `Papertrade transaction: selector ${result.selector ?? "none"}, ${result.calldata_bytes} ` +
      `bytes of calldata; wallets named: ${result.wallets.join(", ") || "none"}.`,
    result.events.length === 0
      ? "No Exchange event in its receipt."
      : `Exchange events (facts): ${result.events.length}.`,
    ...decoded.events.slice(0, TEXT_ROWS).map((event) =>
      `- ${event.name} for ${event.wallet}: ${describeEvent(event, instruments)}.`
    ),
    result.is_batch
      ? `Decoded with the modelled BatchExecutor ABI (unconfirmed): ${total} intent` +
        `${total === 1 ? "" : "s"}, ${counts.executed} executed, ${counts.failed} failed, ` +
        `${counts.unverified} unverified` +
        `${total > result.intents.length ? `; the first ${result.intents.length} are listed` : ""}:`
      : decoded.to !== CONTRACTS.batchExecutor
      ? "Not a batch of signed intents (not sent to the BatchExecutor), so no intents to decode."
      : "The calldata does not decode with the modelled BatchExecutor ABI (unconfirmed), so " +
        "its intents and signatures are not decoded or verified; the events above are facts.",
    ...result.intents.slice(0, TEXT_ROWS).map(intentLine),
    result.intents.length > TEXT_ROWS
      ? `(${result.intents.length - TEXT_ROWS} more listed intents are in the structured result.)`
      : null,
    result.intents.some((intent) => intent.failure_reason !== null)
      ? `Failure reasons are quoted chain data. ${UNTRUSTED_NOTE}`
      : null,
  );
}

/** One intent of the batch in a line: who, the verdict and why, and what it asked for. */
function intentLine(intent: Output["intents"][number]): string {
  const { verdict_reason: reason, fields } = intent;
  const why = reason ? ` (${intent.verdict === "failed" ? quoted(reason) : reason})` : "";
  // Who the signature says signed, next to who the intent says signed, so a reader of the
  // text alone can see the forgery (or the broken intent id) without the structured result.
  const recovered = intent.recovered_signer === null
    ? "no signer could be recovered"
    : `recovered signer ${intent.recovered_signer}`;
  const signer = intent.signature_verified
    ? ""
    : `; ${recovered}, declared signer ${intent.signer}`;
  const what = (fields?.market ? `, ${fields.market}` : "") +
    (fields?.side ? ` ${fields.side}` : "") +
    (fields?.leverage !== undefined ? ` ${fields.leverage}x` : "") +
    (fields?.position_ids ? `, positions ${fields.position_ids.join(", ")}` : "");
  return `- #${intent.index} ${intent.action ?? "unknown kind"} for ${intent.wallet ?? "?"} ` +
    `signed by ${intent.signer}, id ${intent.intent_id ?? "n/a"}: ${intent.verdict}${why}` +
    `${signer}${what}`;
}
