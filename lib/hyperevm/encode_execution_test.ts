import { deepEqual } from "node:assert/strict";
import { stringToHex } from "viem";
import { CONTRACTS } from "./contracts.ts";
import { encodeIntentExecuted } from "./encode_execution.ts";
import { readExecutions } from "./executions.ts";

Deno.test("an encoded IntentExecuted log reads back as the execution it describes", () => {
  const intentId = `0x${"5e".repeat(32)}` as const;
  const user = "0x3721476de31190dc1af8908026abe20efe25cf99";
  const { topics, data } = encodeIntentExecuted({
    intentId,
    user,
    index: 2n,
    kind: 1,
    success: false,
    reason: stringToHex("position already closed"),
  });
  const log = {
    address: CONTRACTS.batchExecutor,
    topics,
    data,
    blockNumber: 48_400_000n,
    blockHash: `0x${"0b".repeat(32)}` as const,
    transactionHash: `0x${"7a".repeat(32)}` as const,
    transactionIndex: 0,
    logIndex: 4,
    removed: false,
  };
  deepEqual(readExecutions([log]), [{
    intentId,
    user,
    index: 2,
    kind: 1,
    success: false,
    reason: "position already closed",
    transactionHash: `0x${"7a".repeat(32)}`,
    blockNumber: 48_400_000n,
    logIndex: 4,
  }]);
});
