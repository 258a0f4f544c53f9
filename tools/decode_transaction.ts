/** decode_transaction: a HyperEVM transaction decoded as what Papertrade did in it. */
import type { Hex } from "viem";
import {
  decodedJson,
  decodedTransactionOut,
  fetchTransactionDetails,
} from "../lib/transaction/mod.ts";
import { argsObject, hashArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";

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
  input: argsObject({
    tx_hash: hashArg("32-byte hash: 0x followed by 64 hex characters."),
  }),
  output: decodedTransactionOut,
  async run({ tx_hash }, context) {
    const hash = tx_hash as Hex;
    const details = await fetchTransactionDetails(context, hash, { signal: context.signal });
    const structured = decodedJson(
      hash,
      details?.settlement ?? null,
      undefined,
      details ?? undefined,
    );
    return { structured };
  },
});
