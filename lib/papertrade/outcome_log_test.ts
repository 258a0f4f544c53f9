import assert from "node:assert/strict";
import { OutcomeLog } from "./outcome_log.ts";
import type { Operation, WalletPatch } from "./wire.ts";
import { hash, WALLET_LOWER } from "../../tests/support/papertrade.ts";

const patch = (
  ended: Array<[number, WalletPatch["endedIntents"][number]["outcome"]]>,
  added: number[] = [],
): WalletPatch => ({
  address: null,
  baseAccountRevision: 1,
  accountRevision: 2,
  addedPositions: [],
  removedPositions: [],
  closedPositions: [],
  addedOperations: added.map((n) => ({ intentId: hash(n) } as Operation)),
  removedOperations: [],
  endedIntents: ended.map(([n, outcome]) => ({ intentId: hash(n), outcome })),
});

Deno.test("one outcome per intent, the latest report winning with the time it was reported", () => {
  const log = new OutcomeLog();
  log.record(WALLET_LOWER, patch([[1, "failed"], [2, "expired"]]), 1_000);
  log.record(WALLET_LOWER, patch([[1, "succeeded"]]), 5_000);
  assert.deepEqual(log.recent(WALLET_LOWER), [
    { intentId: hash(1), outcome: "succeeded", reportedAt: 5_000 },
    { intentId: hash(2), outcome: "expired", reportedAt: 1_000 },
  ]);
});

Deno.test("an intent accepted again is pending, so it has no final outcome until it ends again", () => {
  const log = new OutcomeLog();
  log.record(WALLET_LOWER, patch([[1, "succeeded"], [2, "failed"]]), 1_000);
  log.record(WALLET_LOWER, patch([], [1]), 2_000);
  assert.deepEqual(log.recent(WALLET_LOWER).map((item) => item.intentId), [hash(2)]);
  log.record(WALLET_LOWER, patch([[1, "cancelled"]], [1]), 3_000);
  assert.deepEqual(log.recent(WALLET_LOWER).map((item) => item.intentId), [hash(2)]);
  log.record(WALLET_LOWER, patch([[1, "cancelled"]]), 4_000);
  assert.deepEqual(log.recent(WALLET_LOWER).map((item) => [item.outcome, item.reportedAt]), [
    ["cancelled", 4_000],
    ["failed", 1_000],
  ]);
});
