/**
 * decode_transaction's model: a HyperEVM transaction read from facts first (the Exchange's own
 * events, the wallets they name, the calldata's selector and size), with the modelled
 * BatchExecutor decoding of its intents where that decodes. The transaction page renders it too.
 */
import { z } from "zod";
import type { Hex } from "viem";
import { type ExchangeEvent, type Settlement, walletsOf } from "../hyperevm/mod.ts";
import { settledIntentJson } from "../intent/mod.ts";
import type { Instrument } from "../papertrade/mod.ts";
import { type UnavailablePart, unavailablePart } from "../parts.ts";
import {
  addressOut,
  hashOut,
  integerStringOut,
  unavailableJson,
  unavailableOut,
} from "../json_model.ts";
import { blockNumber, fromWad, toPrice } from "../json_units.ts";

/** Most intents listed per transaction; keeps the largest batch far below the result cap. */
export const MAX_LISTED_INTENTS = 30;

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

export type ExchangeEventJson = z.input<typeof exchangeEventOut>;

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
  intent_count: z.number().int().describe("Every intent of the batch, listed or not."),
  intents: z.array(settledIntentJson.schema).describe(
    `The batch's intents in order as the modelled ABI decodes them (at most ${MAX_LISTED_INTENTS}); ` +
      "empty when it does not decode.",
  ),
  unavailable: unavailableOut,
});

export type DecodedTransactionJson = z.input<typeof decodedTransactionOut>;

/**
 * The model of a decoded transaction (null: not found) with at most `limit` intents; `details`
 * adds the liquidated positions' markets and the unread parts (else `decoded.missing`'s).
 */
export function decodedJson(
  hash: Hex,
  decoded: (Settlement & { missing?: Parameters<typeof unavailablePart>[0][] }) | null,
  limit = MAX_LISTED_INTENTS,
  details?: { instruments: Map<string, Instrument>; unavailable: UnavailablePart[] },
): DecodedTransactionJson {
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
      intent_count: 0,
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
    intent_count: decoded.intents.length,
    intents: decoded.intents.slice(0, limit).map((intent) =>
      settledIntentJson.of(intent, decoded.status)
    ),
    unavailable: unavailableJson(
      details?.unavailable ?? (decoded.missing ?? []).map((error) => unavailablePart(error)),
    ),
  };
}

function exchangeEventJson(
  event: ExchangeEvent,
  instruments: Map<string, Instrument>,
): ExchangeEventJson {
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
