import assert from "node:assert/strict";
import { applyWalletPatch, RECENT_EVENTS_KEPT } from "./apply_patch.ts";
import { operationRow, positionRow, walletSnapshot } from "./wire.ts";
import type { ClosedPosition, WalletAccount } from "./wire.ts";
import {
  hash,
  OTHER,
  walletPatch as patch,
  wireOperation,
  wirePosition,
  wireSnapshot,
} from "../../tests/support/papertrade.ts";

function account(): WalletAccount {
  return walletSnapshot.parse(wireSnapshot());
}

function position(id: string) {
  return positionRow.parse(wirePosition(id));
}

function closed(id: string): ClosedPosition {
  return {
    positionId: id,
    instrumentId: 1,
    isLong: true,
    margin: 1n,
    leverage: 50,
    liquidated: true,
    netPnl: -1n,
    paperMinted: 100n,
  };
}

Deno.test("a patch for another address is out of sync", () => {
  const result = applyWalletPatch(account(), patch({ address: OTHER }));
  assert.equal(result.inSync, false);
  assert.equal(result.inSync ? "" : result.reason, "address");
});

Deno.test("a patch based on another revision is out of sync", () => {
  const result = applyWalletPatch(account(), patch({ baseAccountRevision: 9 }));
  assert.deepEqual(result, {
    inSync: false,
    reason: "revision",
    message: "patch is based on revision 9, account is at 10",
  });
});

Deno.test("applying a patch leaves the original account untouched", () => {
  const before = account();
  const copy = structuredClone(before);
  const result = applyWalletPatch(
    before,
    patch({ balance: 1n, addedPositions: [position("2")], closedPositions: [closed("53573")] }),
  );
  assert.ok(result.inSync);
  assert.deepEqual(before, copy);
  assert.equal(result.account.balances.balance, 1n);
  assert.equal(result.account.balances.locked, before.balances.locked);
  assert.deepEqual(result.account.openPositions.map((p) => p.positionId), ["2"]);
});

Deno.test("fields a patch leaves out keep their values, revisions advance", () => {
  const before = account();
  const result = applyWalletPatch(before, patch({ queueRevision: 5 }));
  assert.ok(result.inSync);
  assert.equal(result.account.accountRevision, 11);
  assert.equal(result.account.queueRevision, 5);
  assert.equal(result.account.walletRevision, before.walletRevision);
  assert.deepEqual(result.account.funds, before.funds);
  assert.deepEqual(result.account.operations, before.operations);
  assert.deepEqual(result.account.sessionKeys, before.sessionKeys);
});

// This account used to come out of its helper with every row silently dropped (the rows were
// parsed twice); the scenario it really tested starts from no open position.
Deno.test("positions added by a patch are open, and one opened and closed at once is gone", () => {
  const result = applyWalletPatch(
    { ...account(), openPositions: [] },
    patch({
      addedPositions: [position("7"), position("53573")],
      closedPositions: [closed("7")],
    }),
  );
  assert.ok(result.inSync);
  assert.deepEqual(result.account.openPositions.map((p) => p.positionId), ["53573"]);
});

Deno.test("operations arrive and leave as deltas; ended ones are remembered with the time", () => {
  const added = [2, 3].map((n) => operationRow.parse(wireOperation(n)));
  const grown = applyWalletPatch(account(), patch({ addedOperations: added }));
  assert.ok(grown.inSync);
  assert.deepEqual(grown.account.operations.map((op) => op.intentId), [hash(1), hash(2), hash(3)]);
  const shrunk = applyWalletPatch(
    grown.account,
    patch({
      baseAccountRevision: 11,
      accountRevision: 12,
      indexedThroughTimestamp: 1791662800000,
      removedOperations: [hash(1)],
      endedIntents: [{ intentId: hash(2), outcome: "expired" }],
    }),
  );
  assert.ok(shrunk.inSync);
  assert.deepEqual(shrunk.account.operations.map((op) => op.intentId), [hash(3)]);
  assert.deepEqual(shrunk.account.recentEndedIntents, [
    { intentId: hash(2), outcome: "expired", reportedAt: 1791662800000 },
  ]);
});

Deno.test("removing what is not held, or adding what is, puts the account out of sync", () => {
  const notHeld = applyWalletPatch(account(), patch({ removedOperations: [hash(9)] }));
  assert.equal(notHeld.inSync, false);
  assert.equal(!notHeld.inSync && notHeld.reason, "delta");
  const again = operationRow.parse(wireOperation(1));
  const twice = applyWalletPatch(account(), patch({ addedOperations: [again] }));
  assert.equal(
    !twice.inSync && twice.message,
    `patch adds operation ${hash(1)}, which is already held`,
  );
  const gone = applyWalletPatch(account(), patch({ removedPositions: ["404"] }));
  assert.equal(!gone.inSync && gone.reason, "delta");
});

Deno.test("a patch that does not move the revision forward is out of sync", () => {
  const result = applyWalletPatch(account(), patch({ accountRevision: 10 }));
  assert.equal(result.inSync, false);
});

Deno.test("remembered closes are newest first and bounded", () => {
  let current = account();
  for (let i = 0; i < RECENT_EVENTS_KEPT + 5; i++) {
    const result = applyWalletPatch(
      current,
      patch({
        baseAccountRevision: current.accountRevision,
        accountRevision: current.accountRevision + 1,
        closedPositions: [closed(`c${i}`)],
      }),
    );
    assert.ok(result.inSync);
    current = result.account;
  }
  assert.equal(current.recentClosedPositions.length, RECENT_EVENTS_KEPT);
  assert.equal(current.recentClosedPositions[0].positionId, `c${RECENT_EVENTS_KEPT + 4}`);
});
