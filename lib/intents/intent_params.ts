/**
 * An intent's parameters with their units settled, whether they come from decoded calldata
 * (a settled intent) or from the relayer's row (a pending one), so the tools' JSON and the
 * pages read the same domain values: bigint money, unix seconds, market names.
 */
import type { IntentFields } from "../hyperevm/mod.ts";
import type { Operation } from "../papertrade/mod.ts";

/** What an amount counts: USDC (6 decimals) for a withdrawal, PAPER (wad) for a stake. */
export type IntentAmountUnit = "usdc6" | "paper_wad" | "raw";

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

/** Unix seconds as ms, or null when a Date cannot hold them. */
export function msFromSeconds(seconds: number | bigint): number | null {
  const big = BigInt(seconds);
  if (big > 8_640_000_000_000n || big < -8_640_000_000_000n) return null;
  return Number(big) * 1000;
}

// Withdrawals carry 6-decimal USDC; stakes carry 18-decimal PAPER (papertrade-facts.md §1).
function amountUnit(action: string): IntentAmountUnit {
  if (action === "withdrawToCore") return "usdc6";
  return /^(stakePaper|unstakePaper|PaperStake|PaperUnstake)$/.test(action) ? "paper_wad" : "raw";
}

/** The parameters of a decoded intent of kind `action`, in calldata order. */
export function paramsOfCalldata(action: string, fields: IntentFields): IntentParams {
  const out: IntentParams = {};
  for (const [name, value] of Object.entries(fields)) {
    switch (name) {
      case "instrumentId":
        out.market = marketName(value as bigint);
        out.instrumentId = Number(value);
        break;
      case "isLong":
        out.isLong = value as boolean;
        break;
      case "size":
        out.margin = value as bigint;
        break;
      case "leverage":
        out.leverage = Number(value);
        break;
      case "useDebt":
        out.useDebt = value as boolean;
        break;
      case "positionIds":
        out.positionIds = (value as readonly bigint[]).map(String);
        break;
      case "amount":
        out.amount = { unit: amountUnit(action), value: value as bigint };
        break;
      case "sessionKey":
        out.sessionKey = value as string;
        break;
      case "expiry":
        out.expiry = value as bigint;
        break;
      case "intentId":
        out.cancelledIntentId = value as string;
        break;
      case "nonce":
        out.nonce = value as bigint;
        break;
      case "deadline":
        out.deadline = value as bigint;
        break;
        // `user` is reported as the intent's wallet.
    }
  }
  return out;
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
