/** lookup_intent: where one intent is (feed, relayer queue, chain) and how it settled. */
import { findIntent, lookupModel } from "../lib/intent/mod.ts";
import { addressArg, argsObject, hashArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";

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
  input: argsObject({
    intent_id: hashArg("32-byte hash: 0x followed by 64 hex characters."),
    wallet: addressArg("Optional wallet that signed the intent. Enables the relayer queue check.")
      .optional(),
  }),
  output: lookupModel.schema,
  async run({ intent_id, wallet }, context) {
    const found = await findIntent(context, intent_id, { wallet, signal: context.signal });
    return { structured: lookupModel.of(found) };
  },
});
