import assert from "node:assert/strict";
import type { Operation } from "../papertrade/mod.ts";
import { marketName, paramsOfCalldata, paramsOfOperation } from "./intent_params.ts";
import { msFromSeconds } from "../format.ts";

const operation = (action: Operation["action"], params: Operation["params"]): Operation => ({
  intentId: `0x${"1".repeat(64)}`,
  action,
  acceptedAt: 0,
  deadline: 0,
  params,
  queuePosition: null,
});

Deno.test("an amount takes its unit from the action: USDC for withdrawals, PAPER for stakes", () => {
  assert.deepEqual(paramsOfOperation(operation("withdrawToCore", { amount: 5_000_000n })).amount, {
    unit: "usdc6",
    value: 5_000_000n,
  });
  assert.equal(
    paramsOfOperation(operation("PaperStake", { amount: 1n })).amount?.unit,
    "paper_wad",
  );
  assert.equal(paramsOfCalldata("unstakePaper", { amount: 1n }).amount?.unit, "paper_wad");
  assert.equal(paramsOfCalldata("somethingNew", { amount: 7n }).amount?.unit, "raw");
});

Deno.test("calldata and relayer rows give the same parameters for the same open", () => {
  const fromCalldata = paramsOfCalldata("openPosition", {
    user: `0x${"a".repeat(40)}`,
    instrumentId: 1n,
    isLong: true,
    size: 10n ** 20n,
    leverage: 500n,
    useDebt: false,
  });
  const fromRow = paramsOfOperation(
    operation("openPosition", {
      instrumentId: 1,
      isLong: true,
      margin: 10n ** 20n,
      leverage: 500,
      useDebt: false,
    }),
  );
  assert.deepEqual(fromCalldata, fromRow);
  assert.equal(fromRow.market, "ETH");
});

Deno.test("unknown instruments and out-of-range times are named, not guessed", () => {
  assert.equal(marketName(7), "instrument 7");
  assert.equal(msFromSeconds(1_700_000_000n), 1_700_000_000_000);
  assert.equal(msFromSeconds(2n ** 255n), null);
});
