/**
 * The search's model: what a query is, the tool to call next, and the previews the search owns
 * (a position's owner, the matching names, why nothing matched). The wallet, transaction and
 * intent previews are those features' own models, joined in `tools/search.ts`.
 */
import { z } from "zod";
import { addressOut, integerStringOut, jsonObject } from "../json_model.ts";
import { leaderboardRowJson } from "../leaderboard/mod.ts";
import { feedTradeJson } from "../markets/mod.ts";
import type { SearchResolution } from "./resolve.ts";

/** Name matches listed; get_leaderboard with the same query pages through the rest. */
export const NAME_MATCHES = 25;

/** The tool to call next for each kind; null: there is none (nothing was found). */
const NEXT_TOOL = {
  wallet: "get_wallet",
  transaction: "decode_transaction",
  intent: "lookup_intent",
  position: "get_positions",
  name: "get_wallet",
  unknown: null,
} as const;

/** What every search result says, whatever the kind. */
export const searchHeadOut = {
  kind: z.enum(["wallet", "transaction", "intent", "position", "name", "unknown"]),
  value: z.string().describe("The normalized query value (lower-case hex, digits, or text)."),
  next_tool: z.enum(["get_wallet", "decode_transaction", "lookup_intent", "get_positions"])
    .nullable()
    .describe("The tool to call next for the full answer; null when there is none."),
};

/** The kind, the normalized value and the next tool of a resolved query. */
export function searchHeadOf(found: SearchResolution) {
  const nothing = found.kind === "wallet" && found.summary === null;
  return {
    kind: found.kind,
    value: found.value,
    next_tool: nothing ? null : NEXT_TOOL[found.kind],
  };
}

type Found<K extends SearchResolution["kind"]> = Extract<SearchResolution, { kind: K }>;

/** A bare position id: its owner when something read names it, and its latest feed row. */
export const positionPreviewJson = jsonObject<Found<"position">>()({
  position_id: [integerStringOut, (found) => found.value],
  owner: [
    addressOut.nullable().describe(
      "Null when nothing the explorer has read names it: the recent trades, the at-risk board, " +
        "the trade histories and settlement trail read.",
    ),
    (found) => found.owner,
  ],
  latest_trade: [
    feedTradeJson.schema.nullable(),
    (found) => found.trade && feedTradeJson.of(found.trade),
  ],
});

/** Leaderboard names (and addresses) containing the query, ranked over all time. */
export const nameMatchesJson = jsonObject<Found<"name">>()({
  total_matches: [z.number().int().nullable(), (found) => found.total],
  matches: [
    z.array(leaderboardRowJson.schema).describe("All-time ranks; names are untrusted text."),
    (found) => found.matches.slice(0, NAME_MATCHES).map(leaderboardRowJson.of),
  ],
});

export const nothingFoundJson = jsonObject<Found<"unknown">>()({
  reason: [z.string(), (found) => found.reason],
});
