/** get_intents: the intents the relayer accepted for a wallet and has not settled. */
import { z } from "zod";
import { addressArg, argsObject } from "./_args.ts";
import { isUnknownWallet, toToolError, unknownWalletError } from "./_errors.ts";
import { addressOut } from "./_json_common.ts";
import { operationJson, operationOut } from "./_json_intents.ts";
import { amount, lines, usd } from "./_text.ts";
import { READ_ONLY_ANNOTATIONS, type ToolDefinition } from "./types.ts";

/** Most operations listed; `count` is always the full number. */
export const MAX_LISTED_INTENTS = 50;

const input = argsObject({
  address: addressArg("Wallet address: 0x followed by 40 hex characters. Case-insensitive."),
});

const output = z.strictObject({
  address: addressOut,
  pending: z.array(operationOut).describe(
    `Accepted, unsettled intents in relayer order (at most ${MAX_LISTED_INTENTS}); status ` +
      "`submitted` carries its tx_hash.",
  ),
  count: z.number().int().describe("Every pending intent, listed or not."),
});

type Output = z.input<typeof output>;

/** The get_intents tool. */
export const getIntentsTool: ToolDefinition<typeof input, typeof output> = {
  name: "get_intents",
  title: "Pending intents of a wallet",
  description:
    "Intents the Papertrade relayer has accepted for a wallet and not yet settled on-chain " +
    "(queued opens, closes, withdrawals, stakes, claims, session keys), each with its intent " +
    "id, action, signer, acceptance time, deadline, queue position, parameters in display " +
    "units and status (queued, or submitted with the settling tx_hash). Use lookup_intent " +
    "with the intent id and this wallet to follow one; decode_transaction for a tx_hash.",
  inputSchema: input,
  outputSchema: output,
  annotations: READ_ONLY_ANNOTATIONS,
  async run({ address }, context) {
    let account;
    try {
      account = await context.papertrade.fetchWalletSnapshot(address, { signal: context.signal });
    } catch (error) {
      if (isUnknownWallet(error)) throw unknownWalletError("address", address);
      throw toToolError(error);
    }
    const pending = account.operations.slice(0, MAX_LISTED_INTENTS).map(operationJson);
    const structured: Output = { address, pending, count: account.operations.length };
    return { structured, text: renderIntents(structured) };
  },
};

function renderIntents(result: Output): string {
  if (result.count === 0) return `Wallet ${result.address} has no pending intents.`;
  return lines(
    `Wallet ${result.address}: ${result.count} pending intent${result.count === 1 ? "" : "s"}.`,
    ...result.pending.map((op) =>
      `- ${op.action} ${op.intent_id}, ${op.status}${
        op.tx_hash ? ` in ${op.tx_hash}` : `, queue position ${op.queue_position}`
      }, accepted ${op.accepted_at ?? "n/a"}, deadline ${op.deadline ?? "n/a"}${
        describeParams(op.params)
      }`
    ),
    result.count > result.pending.length
      ? `(${result.pending.length} of ${result.count} listed, in relayer order.)`
      : null,
    "Follow one with lookup_intent (intent_id and wallet).",
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
