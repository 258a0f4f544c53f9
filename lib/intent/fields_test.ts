import assert from "node:assert/strict";
import type { Operation } from "../papertrade/mod.ts";
import { fieldsOfCalldata } from "./fields.ts";
import { intentFieldRows } from "./field_text.ts";

const operation = (action: Operation["action"], params: Operation["params"]): Operation => ({
  intentId: `0x${"1".repeat(64)}`,
  action,
  acceptedAt: 0,
  deadline: 0,
  params,
  queuePosition: null,
});

const fieldsOfOperation = (op: Operation) => fieldsOfCalldata(op.action, op.params);

Deno.test("an amount takes its unit from the action: USDC for withdrawals, PAPER for stakes", () => {
  assert.deepEqual(fieldsOfOperation(operation("withdrawToCore", { amount: 5_000_000n })), {
    amount_usd: 5,
  });
  assert.deepEqual(fieldsOfOperation(operation("PaperStake", { amount: 10n ** 18n })), {
    amount_paper: 1,
  });
  assert.deepEqual(fieldsOfCalldata("unstakePaper", { amount: 3n * 10n ** 17n }), {
    amount_paper: 0.3,
  });
  assert.deepEqual(fieldsOfCalldata("somethingNew", { amount: 7n }), { amount_raw: "7" });
});

Deno.test("calldata and relayer rows give the same fields for the same open", () => {
  const fromCalldata = fieldsOfCalldata("openPosition", {
    user: `0x${"a".repeat(40)}`,
    instrumentId: 1n,
    isLong: true,
    size: 10n ** 20n,
    leverage: 500n,
    useDebt: false,
  });
  const fromRow = fieldsOfOperation(
    operation("openPosition", {
      instrumentId: 1,
      isLong: true,
      margin: 10n ** 20n,
      leverage: 500,
      useDebt: false,
    }),
  );
  assert.deepEqual(fromCalldata, fromRow);
  assert.deepEqual(fromRow, {
    market: "ETH",
    instrument_id: 1,
    side: "long",
    margin_usd: 100,
    leverage: 500,
    use_debt: false,
  });
});

Deno.test("unknown instruments and out-of-range times are named, not guessed", () => {
  assert.equal(fieldsOfCalldata("openPosition", { instrumentId: 7 }).market, "instrument 7");
  const fields = fieldsOfCalldata("registerSessionKey", {
    expiry: 1_700_000_000n,
    deadline: 2n ** 255n,
  });
  assert.deepEqual(fields, { expires_at: "2023-11-14T22:13:20.000Z", deadline: null });
  assert.deepEqual(intentFieldRows(fields).map((row) => [row.label, row.text]), [
    ["Key expires", "2023-11-14 22:13:20 UTC"],
    ["Deadline", "out of range"],
  ]);
});

Deno.test("the fields read in words with the units their keys name", () => {
  const rows = intentFieldRows({
    ...fieldsOfCalldata("openPosition", {
      instrumentId: 0n,
      isLong: false,
      size: 30_000n * 10n ** 18n,
      leverage: 100n,
      useDebt: true,
    }),
    position_ids: ["7"],
  });
  assert.deepEqual(rows.map((row) => [row.label, row.text]), [
    ["Market", "BTC"],
    ["Side", "short"],
    ["Margin", "$30,000.00"],
    ["Leverage", "100x"],
    ["Funded from", "queued balance"],
    ["Position", "#7"],
  ]);
  assert.deepEqual(intentFieldRows({ amount_paper: 1234.5 }).map((row) => row.text), [
    "1,234.5 PAPER",
  ]);
});
