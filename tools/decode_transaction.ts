/** decode_transaction: a HyperEVM transaction decoded into the Papertrade intents it carried. */
import { z } from "zod";
import type { Hex } from "viem";
import { decodeTransaction, type Settlement } from "../lib/hyperevm/mod.ts";
import { argsObject, hashArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { hashOut, unavailableJson, unavailableOut } from "./_json_common.ts";
import { unavailablePart } from "../lib/parts.ts";
import { settledIntentJson, settledIntentOut } from "./_json_intents.ts";
import { blockNumber, isoFromSeconds } from "./_units.ts";
import { lines, quoted, unavailableText, UNTRUSTED_NOTE } from "./_text.ts";

/** Most intents listed per transaction; keeps the largest batch far below the result cap. */
export const MAX_LISTED_INTENTS = 50;
/** Intents described in the text; the structured result lists up to MAX_LISTED_INTENTS. */
const TEXT_ROWS = 20;

const input = argsObject({
  tx_hash: hashArg("32-byte hash: 0x followed by 64 hex characters."),
});

/** decode_transaction's structured result (also search's transaction preview). */
export const decodedTransactionOut = z.strictObject({
  tx_hash: hashOut,
  found: z.boolean().describe("False when no HyperEVM endpoint knows the hash."),
  status: z.enum(["success", "reverted", "pending", "unknown"]).nullable().describe(
    "unknown when the receipt could not be read (see unavailable).",
  ),
  block_number: z.number().int().nullable(),
  is_batch: z.boolean().describe("A Papertrade BatchExecutor settlement batch."),
  intents: z.array(settledIntentOut).describe(
    `The batch's intents in order (at most ${MAX_LISTED_INTENTS}); empty for other transactions.`,
  ),
  unavailable: unavailableOut,
});

type Output = z.input<typeof decodedTransactionOut>;

/** The decode_transaction tool. */
export const decodeTransactionTool = defineTool({
  name: "decode_transaction",
  title: "Decode a HyperEVM settlement transaction",
  description:
    "Fetch a HyperEVM transaction and decode BatchExecutor calldata into the intents it " +
    "carried: action, wallet, session-key signer, decoded fields (market, side, margin, " +
    "leverage, position ids, amounts, deadline), intent id, whether the signature recomputes " +
    "to the recorded intent id, and whether each call executed (with the failure reason). A " +
    "transaction that is not a Papertrade batch is reported with is_batch false; an unknown " +
    "hash with found false. Next: get_wallet or get_positions for a wallet it names.",
  input,
  output: decodedTransactionOut,
  async run({ tx_hash }, context) {
    const hash = tx_hash as Hex;
    const decoded = await decodeTransaction(context.hyperevm, hash);
    const settlement = decoded.found ? decoded : null;
    const structured = decodedJson(hash, settlement);
    return { structured, text: renderDecoded(structured, settlement) };
  },
});

/** JSON of a decoded transaction (null: not found), listing at most `limit` intents. */
export function decodedJson(
  hash: Hex,
  decoded: Settlement | null,
  limit = MAX_LISTED_INTENTS,
): Output {
  if (decoded === null) {
    return {
      tx_hash: hash,
      found: false,
      status: null,
      block_number: null,
      is_batch: false,
      intents: [],
      unavailable: [],
    };
  }
  return {
    tx_hash: decoded.txHash,
    found: true,
    status: decoded.status,
    block_number: blockNumber(decoded.blockNumber),
    is_batch: decoded.isBatch,
    intents: decoded.intents.slice(0, limit).map(settledIntentJson),
    unavailable: unavailableJson((decoded.missing ?? []).map((error) => unavailablePart(error))),
  };
}

/** Text of a decoded transaction. */
export function renderDecoded(result: Output, decoded: Settlement | null): string {
  if (decoded === null) {
    return `Transaction ${result.tx_hash} was not found on HyperEVM. If it is an intent id, ` +
      "call lookup_intent instead.";
  }
  const when = decoded.timestamp === undefined ? "" : ` at ${isoFromSeconds(decoded.timestamp)}`;
  const missing = unavailableText(result.unavailable);
  const header = `${
    missing ? `${missing}\n` : ""
  }Transaction ${result.tx_hash}: ${result.status}, block ${
    result.block_number ?? "pending"
  }${when}, from ${decoded.from} to ${decoded.to ?? "(contract creation)"}.`;
  if (!result.is_batch) {
    return lines(header, "Not a Papertrade settlement batch (no BatchExecutor calldata).");
  }
  const total = decoded.intents.length;
  const reasons = result.intents.some((intent) => intent.failure_reason !== null);
  return lines(
    header,
    `Papertrade batch of ${total} intent${total === 1 ? "" : "s"}${
      total > result.intents.length ? `; the first ${result.intents.length} are listed` : ""
    }:`,
    ...result.intents.slice(0, TEXT_ROWS).map((intent) =>
      `- #${intent.index} ${intent.action ?? "unknown kind"} for ${
        intent.wallet ?? "?"
      } signed by ` +
      `${intent.signer}, id ${intent.intent_id ?? "n/a"}: ${
        intent.executed ? "executed" : `failed (${quoted(intent.failure_reason)})`
      }, signature ${
        intent.signature_verified ? "verified" : `NOT verified (${signerMismatch(intent)})`
      }${intent.fields?.market ? `, ${intent.fields.market}` : ""}${
        intent.fields?.side ? ` ${intent.fields.side}` : ""
      }${intent.fields?.leverage !== undefined ? ` ${intent.fields.leverage}x` : ""}${
        intent.fields?.position_ids ? `, positions ${intent.fields.position_ids.join(", ")}` : ""
      }`
    ),
    result.intents.length > TEXT_ROWS
      ? `(${result.intents.length - TEXT_ROWS} more listed intents are in the structured result.)`
      : null,
    reasons ? `Failure reasons are quoted chain data. ${UNTRUSTED_NOTE}` : null,
  );
}

// Who the signature says signed, next to who the intent says signed, so a reader of the
// text alone can see the forgery (or the broken intent id) without the structured result.
function signerMismatch(
  intent: { signer: string; recovered_signer: string | null; verification_problem: string | null },
): string {
  const recovered = intent.recovered_signer === null
    ? "no signer could be recovered"
    : `recovered signer ${intent.recovered_signer}`;
  const problem = intent.verification_problem ? `; ${intent.verification_problem}` : "";
  return `${recovered}, declared signer ${intent.signer}${problem}`;
}
