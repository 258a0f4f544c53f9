/**
 * An intent's fields in display units, read once from decoded calldata (a settled intent) or the
 * relayer's row (a pending one): the model every face of an intent shows (the tools' JSON, the
 * pages' field lists, the settlement view).
 */
import { z } from "zod";
import { addressOut, hashOut, integerStringOut, isoOut, sideOf, sideOut } from "../json_model.ts";
import { fromUsdc6, fromWad, isoFromSeconds } from "../json_units.ts";

/** Which keys appear depends on the action. */
export const intentFieldsOut = z.strictObject({
  market: z.string().optional(),
  instrument_id: z.number().int().optional(),
  side: sideOut.optional(),
  margin_usd: z.number().optional(),
  leverage: z.number().int().optional(),
  use_debt: z.boolean().optional(),
  position_ids: z.array(integerStringOut).optional(),
  amount_usd: z.number().optional().describe("Withdrawal amount in dollars (USDC)."),
  amount_paper: z.number().optional().describe("PAPER staked or unstaked."),
  amount_raw: integerStringOut.optional().describe("An amount whose unit is not known."),
  session_key: addressOut.optional(),
  expires_at: isoOut.nullable().optional(),
  cancelled_intent_id: hashOut.optional(),
  nonce: integerStringOut.optional(),
  deadline: isoOut.nullable().optional().describe("Null when the signed time is out of range."),
});

export type IntentFieldsJson = z.input<typeof intentFieldsOut>;

// Instrument ids are protocol facts (papertrade-facts.md section 1): calldata and relayer rows
// carry only the id, and a decoder should not need the Papertrade API to name the market.
const KNOWN_MARKETS: Readonly<Record<number, string>> = { 0: "BTC", 1: "ETH" };

// Withdrawals carry 6-decimal USDC; stakes carry 18-decimal PAPER (papertrade-facts.md §1).
function amountJson(action: string, amount: bigint): IntentFieldsJson {
  if (action === "withdrawToCore") return { amount_usd: fromUsdc6(amount) };
  return /^(stakePaper|unstakePaper|PaperStake|PaperUnstake)$/.test(action)
    ? { amount_paper: fromWad(amount) }
    : { amount_raw: String(amount) };
}

type Reader = (value: never, action: string) => IntentFieldsJson;

// One reader per field name of the calldata or the relayer's row (`size` is the calldata's
// margin, `intentId` a cancel's target); `user` is the intent's wallet, reported beside them.
const READERS: Readonly<Record<string, Reader>> = {
  instrumentId: (id: number | bigint) => ({
    market: KNOWN_MARKETS[Number(id)] ?? `instrument ${id}`,
    instrument_id: Number(id),
  }),
  isLong: (isLong: boolean) => ({ side: sideOf(isLong) }),
  size: (margin: bigint) => ({ margin_usd: fromWad(margin) }),
  margin: (margin: bigint) => ({ margin_usd: fromWad(margin) }),
  leverage: (leverage: number | bigint) => ({ leverage: Number(leverage) }),
  useDebt: (useDebt: boolean) => ({ use_debt: useDebt }),
  positionIds: (ids: readonly unknown[]) => ({ position_ids: ids.map(String) }),
  amount: (amount: bigint, action) => amountJson(action, amount),
  sessionKey: (key: string) => ({ session_key: key }),
  expiry: (seconds: number | bigint) => ({ expires_at: isoFromSeconds(seconds) }),
  intentId: (id: string) => ({ cancelled_intent_id: id }),
  nonce: (nonce: bigint) => ({ nonce: String(nonce) }),
  deadline: (seconds: bigint) => ({ deadline: isoFromSeconds(seconds) }),
};

const KEYS = Object.keys(intentFieldsOut.shape) as (keyof IntentFieldsJson)[];

/** The fields of a decoded intent of kind `action`, or of a relayer row's `action` and `params`. */
export function fieldsOfCalldata(
  action: string,
  fields: Readonly<Record<string, unknown>>,
): IntentFieldsJson {
  const read: IntentFieldsJson = Object.assign(
    {},
    ...Object.entries(fields).map(([name, value]) => READERS[name]?.(value as never, action)),
  );
  return Object.fromEntries(KEYS.filter((key) => key in read).map((key) => [key, read[key]]));
}
