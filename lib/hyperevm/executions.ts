import {
  type Address,
  decodeAbiParameters,
  decodeEventLog,
  type Hex,
  hexToBytes,
  isAddressEqual,
  size,
  sliceHex,
  toEventSelector,
} from "viem";
import { BATCH_EXECUTOR_ABI, CONTRACTS } from "./contracts.ts";
import type { HyperEvmLog } from "./client.ts";

/** topic0 of the modelled `IntentExecuted` event. */
export const INTENT_EXECUTED_TOPIC: Hex = toEventSelector(
  BATCH_EXECUTOR_ABI.find((item) => item.type === "event" && item.name === "IntentExecuted")!,
);

// Solidity's Error(string) selector: executors often forward a revert reason as-is.
const ERROR_STRING_SELECTOR = "0x08c379a0";

/** What the BatchExecutor reported for one intent, and where. */
export interface IntentExecution
  extends Pick<HyperEvmLog, "transactionHash" | "blockNumber" | "logIndex"> {
  intentId: Hex;
  /** Wallet the intent acted for, lower-case. */
  user: Address;
  /** Position of the intent in its batch. */
  index: number;
  /** Raw kind number. */
  kind: number;
  success: boolean;
  /** Failure reason as text when printable, else its hex; null when empty. */
  reason: string | null;
}

/**
 * The IntentExecuted events among `logs`: only the BatchExecutor's, with the event's topic (a
 * look-alike elsewhere could be forged by anyone), and only those that decode.
 */
export function readExecutions(logs: readonly HyperEvmLog[]): IntentExecution[] {
  return logs.flatMap((log) => {
    if (!isAddressEqual(log.address, CONTRACTS.batchExecutor)) return [];
    if (log.topics[0]?.toLowerCase() !== INTENT_EXECUTED_TOPIC) return [];
    let args;
    try {
      args = decodeEventLog({
        abi: BATCH_EXECUTOR_ABI,
        eventName: "IntentExecuted",
        topics: log.topics as [Hex, ...Hex[]],
        data: log.data,
        strict: true,
      }).args;
    } catch {
      return [];
    }
    if (args.index > BigInt(Number.MAX_SAFE_INTEGER)) return [];
    return [{
      intentId: args.intentId.toLowerCase() as Hex,
      user: args.user.toLowerCase() as Address,
      index: Number(args.index),
      kind: args.kind,
      success: args.success,
      reason: describeReason(args.reason),
      transactionHash: log.transactionHash,
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
    }];
  });
}

/** Renders revert bytes for people: Error(string) unwrapped, printable UTF-8 as text, else hex. */
export function describeReason(reason: Hex): string | null {
  if (size(reason) === 0) return null;
  if (reason.slice(0, 10).toLowerCase() === ERROR_STRING_SELECTOR) {
    try {
      const [message] = decodeAbiParameters([{ type: "string" }], sliceHex(reason, 4));
      if (isPrintable(message)) return message;
    } catch {
      // not a well-formed Error(string); fall through to the raw forms
    }
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(hexToBytes(reason));
    if (isPrintable(text)) return text;
  } catch {
    // invalid UTF-8: show the bytes
  }
  return reason.toLowerCase();
}

// Control characters and bidi overrides would garble or disguise the text where it is shown.
const UNPRINTABLE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function isPrintable(text: string): boolean {
  return text.length > 0 && !UNPRINTABLE.test(text);
}
