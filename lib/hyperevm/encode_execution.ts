/**
 * The inverse of `readExecutions`: the topics and data of one modelled `IntentExecuted` log. The
 * replay fixtures and this folder's tests write their logs with it, so the event layout is read
 * from the one ABI in `contracts.ts`. `executions_test.ts` reads back what it writes (through
 * `executedLog` in `tests/support/hyperevm.ts`).
 */
import { type Address, encodeAbiParameters, encodeEventTopics, type Hex } from "viem";
import { BATCH_EXECUTOR_ABI } from "./contracts.ts";

/** Parameters of {@link encodeIntentExecuted}. */
export interface EncodeIntentExecutedParameters {
  intentId: Hex;
  user: Address;
  /** Position of the intent in its batch. */
  index: bigint;
  /** Raw kind number (the position in `INTENT_KINDS`). */
  kind: number;
  success: boolean;
  /** Failure reason bytes; `0x` when none. */
  reason: Hex;
}

// The ABI holds executeBatch, then the IntentExecuted event.
const EVENT = BATCH_EXECUTOR_ABI[1];
const DATA_INPUTS = EVENT.inputs.filter((input) => !input.indexed);

/** Topics (event selector, intent id, user) and ABI-encoded data of one IntentExecuted log. */
export function encodeIntentExecuted(
  parameters: EncodeIntentExecutedParameters,
): { topics: Hex[]; data: Hex } {
  const topics = encodeEventTopics({
    abi: BATCH_EXECUTOR_ABI,
    eventName: "IntentExecuted",
    args: { intentId: parameters.intentId, user: parameters.user },
  }) as Hex[];
  const data = encodeAbiParameters(DATA_INPUTS, [
    parameters.index,
    parameters.kind,
    parameters.success,
    parameters.reason,
  ]);
  return { topics, data };
}
