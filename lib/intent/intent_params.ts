/**
 * An intent's parameters with their units settled, whether they come from decoded calldata
 * (a settled intent) or from the relayer's row (a pending one), so the tools' JSON and the
 * pages read the same domain values: bigint money, unix seconds, market names.
 */
import type { IntentFields } from "../hyperevm/mod.ts";
import type { Operation } from "../papertrade/mod.ts";

/** What an amount counts: USDC (6 decimals) for a withdrawal, PAPER (wad) for a stake. */
type IntentAmountUnit = "usdc6" | "paper_wad" | "raw";

/** An intent's parameters; which keys are set depends on the action. */
export interface IntentParams {
  /** Market symbol of the instrument (`instrument 7` for ids the explorer does not know). */
  market?: string;
  instrumentId?: number;
  isLong?: boolean;
  /** Margin of an open (wad USD). */
  margin?: bigint;
  leverage?: number;
  useDebt?: boolean;
  positionIds?: readonly string[];
  amount?: { unit: IntentAmountUnit; value: bigint };
  sessionKey?: string;
  /** Session key expiry as signed (unix s). */
  expiry?: bigint;
  /** The intent a cancel names. */
  cancelledIntentId?: string;
  nonce?: bigint;
  /** As signed (unix s). */
  deadline?: bigint;
}

// Instrument ids are protocol facts (papertrade-facts.md section 1): calldata and relayer rows
// carry only the id, and a decoder should not need the Papertrade API to name the market.
const KNOWN_MARKETS: Readonly<Record<number, string>> = { 0: "BTC", 1: "ETH" };

/** Market symbol of an instrument id (`instrument 7` for ids the explorer does not know). */
export function marketName(instrumentId: number | bigint): string {
  return KNOWN_MARKETS[Number(instrumentId)] ?? `instrument ${instrumentId}`;
}

// Withdrawals carry 6-decimal USDC; stakes carry 18-decimal PAPER (papertrade-facts.md §1).
function amountUnit(action: string): IntentAmountUnit {
  if (action === "withdrawToCore") return "usdc6";
  return /^(stakePaper|unstakePaper|PaperStake|PaperUnstake)$/.test(action) ? "paper_wad" : "raw";
}

type FieldReader = (value: unknown, action: string) => IntentParams;

// One reader per calldata field name; `user` is reported as the intent's wallet, not here.
const CALLDATA_FIELDS: Readonly<Record<string, FieldReader>> = {
  instrumentId: (id) => ({ market: marketName(id as bigint), instrumentId: Number(id) }),
  isLong: (isLong) => ({ isLong: isLong as boolean }),
  size: (margin) => ({ margin: margin as bigint }),
  leverage: (leverage) => ({ leverage: Number(leverage) }),
  useDebt: (useDebt) => ({ useDebt: useDebt as boolean }),
  positionIds: (ids) => ({ positionIds: (ids as readonly bigint[]).map(String) }),
  amount: (value, action) => ({ amount: { unit: amountUnit(action), value: value as bigint } }),
  sessionKey: (key) => ({ sessionKey: key as string }),
  expiry: (expiry) => ({ expiry: expiry as bigint }),
  intentId: (id) => ({ cancelledIntentId: id as string }),
  nonce: (nonce) => ({ nonce: nonce as bigint }),
  deadline: (deadline) => ({ deadline: deadline as bigint }),
};

/** The parameters of a decoded intent of kind `action`. */
export function paramsOfCalldata(action: string, fields: IntentFields): IntentParams {
  const read = Object.entries(fields).map(([name, value]) =>
    CALLDATA_FIELDS[name]?.(value, action) ?? {}
  );
  return Object.assign({}, ...read);
}

/** The parameters of a pending operation, as the relayer row carries them. */
export function paramsOfOperation(operation: Operation): IntentParams {
  const p = operation.params;
  const out: IntentParams = {};
  if (p.instrumentId !== undefined) {
    out.market = marketName(p.instrumentId);
    out.instrumentId = p.instrumentId;
  }
  if (p.isLong !== undefined) out.isLong = p.isLong;
  if (p.margin !== undefined) out.margin = p.margin;
  if (p.leverage !== undefined) out.leverage = p.leverage;
  if (p.useDebt !== undefined) out.useDebt = p.useDebt;
  if (p.positionIds !== undefined) out.positionIds = [...p.positionIds];
  if (p.amount !== undefined) out.amount = { unit: amountUnit(operation.action), value: p.amount };
  if (p.sessionKey !== undefined) out.sessionKey = p.sessionKey;
  if (p.expiry !== undefined) out.expiry = BigInt(p.expiry);
  return out;
}
