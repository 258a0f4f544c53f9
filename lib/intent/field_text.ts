/**
 * An intent's fields in words: one label and one text per field of the model, in one order, so
 * the pages and the MCP settlement view show them alike. No zod here: the view's bundle loads it.
 */
import type { IntentFieldsJson } from "./fields.ts";
import { formatDollars, formatTokenAmount, formatUtc } from "../format.ts";

type Key = keyof IntentFieldsJson;

const at = (iso: string | null) => (iso === null ? "out of range" : formatUtc(Date.parse(iso)));

/** Each shown field: its key, label and words, in the order listed (the id shows as its market). */
const SHOWN: ReadonlyArray<readonly [Key, string, (value: never) => string]> = [
  ["market", "Market", String],
  ["side", "Side", String],
  ["margin_usd", "Margin", formatDollars],
  ["leverage", "Leverage", (leverage: number) => `${leverage}x`],
  ["use_debt", "Funded from", (debt: boolean) => (debt ? "queued balance" : "balance")],
  ["position_ids", "Positions", (ids: string[]) => ids.map((id) => `#${id}`).join(", ")],
  ["amount_usd", "Amount", formatDollars],
  ["amount_paper", "Amount", (paper: number) => formatTokenAmount(paper, "PAPER")],
  ["amount_raw", "Amount (raw)", String],
  ["session_key", "Session key", String],
  ["expires_at", "Key expires", at],
  ["cancelled_intent_id", "Cancels intent", String],
  ["nonce", "Nonce", String],
  ["deadline", "Deadline", at],
];

/** The fields that are set, labelled and in words (a single position reads "Position"). */
export function intentFieldRows(fields: IntentFieldsJson) {
  return SHOWN.flatMap(([key, label, text]) => {
    const value = fields[key];
    if (value === undefined) return [];
    const one = key === "position_ids" && (value as string[]).length === 1;
    return [{ key, label: one ? "Position" : label, text: text(value as never) }];
  });
}

/** One field as a page or view lists it. */
export type IntentFieldRow = ReturnType<typeof intentFieldRows>[number];
