import { deepEqual, equal } from "node:assert/strict";
import { encodeAbiParameters, type Hex, stringToHex, toFunctionSelector } from "viem";
import { CONTRACTS } from "./contracts.ts";
import { describeReason, readExecutions } from "./executions.ts";
import { executedLog, walletA } from "../../tests/support/hyperevm.ts";

const ID: Hex = `0x${"1d".repeat(32)}`;

Deno.test("IntentExecuted logs from the BatchExecutor are read with their arguments", () => {
  const executions = readExecutions([
    executedLog({
      intentId: ID,
      user: walletA.address,
      index: 2n,
      kind: 1,
      success: false,
      reason: stringToHex("position already closed"),
      logIndex: 4,
    }),
  ]);
  deepEqual(executions, [{
    intentId: ID,
    user: walletA.address.toLowerCase(),
    index: 2,
    kind: 1,
    success: false,
    reason: "position already closed",
    transactionHash: `0x${"7a".repeat(32)}`,
    blockNumber: 48_400_000n,
    logIndex: 4,
  }]);
});

/** The executor's event for a successful open of `ID` by wallet A. */
function successfulOpen() {
  return executedLog({ intentId: ID, user: walletA.address, index: 0n, kind: 0, success: true });
}

Deno.test("the same event from another contract and other topics are ignored", () => {
  const genuine = successfulOpen();
  const forged = { ...genuine, address: CONTRACTS.exchange };
  const otherEvent = {
    ...genuine,
    topics: [`0x${"99".repeat(32)}` as Hex, ...genuine.topics.slice(1)],
  };
  const executions = readExecutions([forged, otherEvent, genuine]);
  equal(executions.length, 1);
  equal(executions[0].success, true);
  equal(executions[0].reason, null);
});

Deno.test("a log with the event's topic that does not decode is skipped", () => {
  const genuine = successfulOpen();
  deepEqual(readExecutions([{ ...genuine, data: "0x1234" }]), []);
});

Deno.test("reasons are text when printable, unwrapped from Error(string), else hex", () => {
  equal(describeReason("0x"), null);
  equal(describeReason(stringToHex("deadline passed")), "deadline passed");
  const errorString = (toFunctionSelector("Error(string)") +
    encodeAbiParameters([{ type: "string" }], ["nonce used"]).slice(2)) as Hex;
  equal(describeReason(errorString), "nonce used");
  equal(describeReason("0xdeadbeef"), "0xdeadbeef");
  equal(describeReason(stringToHex("ok\u0000")), stringToHex("ok\u0000"));
  // a right-to-left override could disguise the text where it is shown
  equal(describeReason(stringToHex("abc\u202edef")), stringToHex("abc\u202edef"));
});
