import assert from "node:assert/strict";
import { OutcomeLog } from "./outcome_log.ts";
import type { Operation, WalletAccount, WalletPatch } from "./wire.ts";
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

Deno.test("a snapshot is brought up to the reports after its revision, and left as it is before", () => {
  const log = new OutcomeLog();
  const account = {
    address: WALLET_LOWER,
    accountRevision: 10,
    operations: [{ intentId: hash(1) }, { intentId: hash(2) }, { intentId: hash(3) }],
    recentEndedIntents: [],
  } as unknown as WalletAccount;
  const at = (revision: number, fields: Partial<WalletPatch>): WalletPatch => ({
    ...patch([]),
    baseAccountRevision: revision - 1,
    accountRevision: revision,
    ...fields,
  });
  // Revision 11 ends 1, 12 removes 2 without an outcome, 13 accepts 4.
  log.record(
    WALLET_LOWER,
    at(11, { endedIntents: [{ intentId: hash(1), outcome: "expired" }] }),
    1_000,
  );
  log.record(WALLET_LOWER, at(12, { removedOperations: [hash(2)] }), 2_000);
  log.record(
    WALLET_LOWER,
    at(13, { addedOperations: [{ intentId: hash(4) } as Operation] }),
    3_000,
  );
  const now = log.reconcile(account);
  assert.deepEqual(now.operations.map((op) => op.intentId), [hash(3), hash(4)]);
  assert.deepEqual(now.recentEndedIntents, [
    { intentId: hash(1), outcome: "expired", reportedAt: 1_000 },
  ]);
  // A snapshot read after those reports already shows them; it is not changed.
  const later = { ...account, accountRevision: 13, operations: [{ intentId: hash(1) }] };
  const kept = log.reconcile(later as unknown as WalletAccount);
  assert.deepEqual(kept.operations.map((op) => op.intentId), [hash(1)]);
  assert.deepEqual(kept.recentEndedIntents, [], "pending again, so no outcome beside it");
  // Reconciling twice changes nothing more.
  assert.deepEqual(log.reconcile(now), now);
});
