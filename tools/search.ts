/** search: classify an unknown string and resolve it, naming the follow-up tool. */
import { z } from "zod";
import {
  NAME_MATCHES,
  nameMatchesJson,
  nothingFoundJson,
  positionPreviewJson,
  resolveSearch,
  searchHeadOf,
  searchHeadOut,
  type SearchResolution,
} from "../lib/search/mod.ts";
import { argsObject } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { unavailableOut } from "../lib/json_model.ts";
import { walletSummaryJson } from "../lib/wallet/mod.ts";
import { decodedJson, decodedTransactionOut } from "../lib/transaction/mod.ts";
import { findingsOf, lookupModel } from "../lib/intent/mod.ts";

/** Intents shown in a transaction preview; decode_transaction lists the rest. */
const PREVIEW_INTENTS = 10;

const input = argsObject({
  // Checked as sent (before the trim), so the JSON Schema's maxLength and pattern say exactly
  // what the server accepts: at most 300 characters, at least one that is not white space.
  query: z.string({ error: "expected a non-empty string" })
    .max(300, "expected at most 300 characters")
    .regex(/\S/, "expected a non-empty string")
    .trim()
    .describe(
      "Address, transaction hash, intent id, position id or part of a leaderboard name. " +
        "Explorer and block-explorer links are unpacked.",
    ),
});

const output = z.strictObject({
  ...searchHeadOut,
  result: z.union([
    z.strictObject({ found: z.boolean(), wallet: walletSummaryJson.schema.nullable() }),
    decodedTransactionOut,
    lookupModel.schema,
    positionPreviewJson.schema,
    nameMatchesJson.schema,
    nothingFoundJson.schema,
  ]).describe("A preview whose shape depends on kind."),
  unavailable: unavailableOut,
});

type Output = z.input<typeof output>;

export const searchTool = defineTool({
  name: "search",
  title: "Search wallets, transactions, intents, positions and names",
  description:
    "Classify an unknown string and resolve it. A 0x address returns a wallet summary, a 0x " +
    "32-byte hash is resolved against HyperEVM to tell a settlement transaction from an " +
    "intent id (and returns a decoded preview or the intent's whereabouts), a bare number is " +
    "a position id (owner found through the recent trades, the at-risk board or a trade " +
    "history already read), a pasted link is unpacked, " +
    "and anything else searches leaderboard names and addresses. kind says which; next_tool " +
    "names the follow-up tool to call.",
  input,
  output,
  async run({ query }, context) {
    const found = await resolveSearch(context, query, { signal: context.signal });
    const result = preview(found, context.siteUrl);
    // The preview's own unread parts, repeated at the top where every result has them.
    const unavailable = "unavailable" in result
      ? result.unavailable
      : "wallet" in result && result.wallet
      ? result.wallet.unavailable
      : [];
    const more = found.kind === "name" && (found.total === null || found.total > NAME_MATCHES);
    return {
      structured: { ...searchHeadOf(found), result, unavailable },
      headline: more
        ? 'More matches: get_leaderboard with window "all", this query and page 1.'
        : undefined,
    };
  },
});

function preview(found: SearchResolution, siteUrl: string): Output["result"] {
  switch (found.kind) {
    case "wallet": {
      const { summary } = found;
      const wallet = summary && walletSummaryJson.of({ summary, siteUrl });
      return { found: wallet !== null, wallet };
    }
    case "transaction":
      return decodedJson(found.value, found.transaction, PREVIEW_INTENTS);
    case "intent":
      return lookupModel.of(findingsOf(found.lookup));
    case "position":
      return positionPreviewJson.of(found);
    case "name":
      return nameMatchesJson.of(found);
    case "unknown":
      return nothingFoundJson.of(found);
  }
}
