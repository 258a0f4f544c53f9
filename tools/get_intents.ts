/** get_intents: the intents the relayer accepted for a wallet and has not settled. */
import { addressArg, argsObject } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { pendingIntentsModel, readPendingIntents } from "../lib/intent/mod.ts";

export const getIntentsTool = defineTool({
  name: "get_intents",
  title: "Pending intents of a wallet",
  description:
    "Intents the Papertrade relayer has accepted for a wallet and not yet settled on-chain " +
    "(queued opens, closes, withdrawals, stakes, claims, session keys), each with its intent " +
    "id, action, acceptance time, deadline, queue position and parameters in display units; " +
    "plus the outcome (succeeded, failed, expired, cancelled, unknown) of the most recent " +
    "intents reported by the stream. Use lookup_intent with the intent id and this wallet to " +
    "follow one.",
  input: argsObject({
    address: addressArg("Wallet address: 0x followed by 40 hex characters. Case-insensitive."),
  }),
  output: pendingIntentsModel.schema,
  walletArgument: "address",
  async run({ address }, { papertrade, signal }) {
    const pending = await readPendingIntents(papertrade, address, { signal });
    return { structured: pendingIntentsModel.of({ address, ...pending }) };
  },
});
