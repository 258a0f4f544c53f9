import assert from "node:assert/strict";
import type { PositionRowView, PositionsView } from "../../lib/wallet/view_types.ts";
import { keepRowOrder, mergeViews } from "../../client/wallet_store.ts";

const id = (digit: string) => `0x${digit.repeat(64)}`;

/** A view with these pending intents, queue places and outcomes; the rest is filler. */
function view(parts: Partial<PositionsView>): PositionsView {
  return {
    address: "0x1",
    rows: [],
    totals: {
      count: 0,
      margin: "$0.00",
      notional: "$0.00",
      pnl: "$0.00",
      pnlTone: "",
      closePnl: "$0.00",
      closePnlTone: "",
      payout: "$0.00",
      unvalued: 0,
    },
    summary: {
      equity: "$0.00",
      pnl: "$0.00",
      pnlTone: "",
      worstDistance: "n/a",
      worstRisk: null,
      worstPositionId: null,
      closeCount: 0,
      nearBustCount: 0,
      openCount: 0,
    },
    funds: { balance: "$1.00", queued: "$0.00", locked: "$0.00", available: "$1.00" },
    paper: { held: "0 PAPER", staked: "0 PAPER", rewards: "$0.00" },
    pending: [],
    queuePlaces: {},
    queueAt: null,
    outcomes: [],
    closedPositions: [],
    marksAt: null,
    accountBlock: "1",
    accountAt: 0,
    generatedAt: 0,
    ...parts,
  };
}

const intent = (digit: string) => ({ intentId: id(digit), action: "open", deadlineAt: 0 });

Deno.test("an update without queue places keeps the last known ones and their time", () => {
  const shown = view({
    pending: [intent("a"), intent("b")],
    queuePlaces: { [id("a")]: 1, [id("b")]: 2 },
    queueAt: 1_000,
  });
  // The stream lists the intents (b first) and no places; a ended and b is still pending.
  const first = mergeViews(shown, view({ pending: [intent("b")], generatedAt: 5_000 }));
  assert.deepEqual(first.pending.map((item) => item.intentId), [id("b")]);
  assert.deepEqual(first.queuePlaces, { [id("a")]: 1, [id("b")]: 2 });
  assert.equal(first.queueAt, 1_000, "the places keep the age of their read");
  assert.equal(first.generatedAt, 5_000);
  // a is accepted again: its last known place comes back with it, in queue order.
  const second = mergeViews(first, view({ pending: [intent("b"), intent("a")] }));
  assert.deepEqual(second.pending.map((item) => item.intentId), [id("a"), id("b")]);
  // A fresh queue read replaces what was known.
  const fresh = mergeViews(
    second,
    view({ pending: [intent("b")], queuePlaces: { [id("b")]: 1 }, queueAt: 9_000 }),
  );
  assert.deepEqual(fresh.queuePlaces, { [id("b")]: 1 });
  assert.equal(fresh.queueAt, 9_000);
});

Deno.test("outcomes and closed positions are the union of what was shown and what arrived", () => {
  const closed = (positionId: string) => ({
    positionId,
    market: "BTC",
    netPnl: "+$1.00",
    netPnlTone: "good" as const,
    liquidated: false,
  });
  const shown = view({
    outcomes: [
      { intentId: id("c"), outcome: "failed", reportedAt: 300 },
      { intentId: id("d"), outcome: "succeeded", reportedAt: 200 },
    ],
    closedPositions: [closed("7")],
  });
  const merged = mergeViews(
    shown,
    view({
      // c is reported again later; d is pending again, so it has no final outcome.
      pending: [intent("d")],
      outcomes: [
        { intentId: id("e"), outcome: "expired", reportedAt: 400 },
        { intentId: id("c"), outcome: "succeeded", reportedAt: 500 },
      ],
      closedPositions: [closed("8"), closed("7")],
    }),
  );
  assert.deepEqual(merged.outcomes, [
    { intentId: id("c"), outcome: "succeeded", reportedAt: 500 },
    { intentId: id("e"), outcome: "expired", reportedAt: 400 },
  ]);
  assert.deepEqual(merged.closedPositions.map((item) => item.positionId), ["8", "7"]);
});

Deno.test("a poll that read no marks keeps the valued positions shown, with their marks' time", () => {
  const valued = { id: "1", mark: "83,000.0", pnl: "+$1.00" } as PositionRowView;
  const unvalued = { id: "1", mark: "no quote", pnl: "n/a" } as PositionRowView;
  const shown = view({ rows: [valued], marksAt: 4_000 });
  const merged = mergeViews(
    shown,
    view({ rows: [unvalued], funds: { ...shown.funds, balance: "$2.00" }, generatedAt: 9_000 }),
  );
  assert.deepEqual(merged.rows, [valued]);
  assert.equal(merged.marksAt, 4_000);
  assert.equal(merged.funds.balance, "$2.00", "the account parts are the new ones");
  // Once marks come back, the new figures win.
  const back = mergeViews(merged, view({ rows: [{ ...valued, pnl: "+$2.00" }], marksAt: 9_000 }));
  assert.equal(back.rows[0].pnl, "+$2.00");
  // With no position left open there is nothing to value: the closed one goes.
  assert.deepEqual(mergeViews(shown, view({})).rows, []);
});

Deno.test("rows keep the order they were shown in; the change of order is flagged", () => {
  const row = (rowId: string) => ({ id: rowId }) as PositionRowView;
  const ids = (result: { rows: PositionRowView[] }) => result.rows.map((item) => item.id);
  assert.deepEqual(keepRowOrder([row("1"), row("2")], null), {
    rows: [row("1"), row("2")],
    stale: false,
  });
  // Position 3 is now nearest to bust, 1 closed, 4 is new: 2 and 3 keep their places.
  const kept = keepRowOrder([row("3"), row("4"), row("2")], ["1", "2", "3"]);
  assert.deepEqual(ids(kept), ["2", "3", "4"]);
  assert.equal(kept.stale, true);
  const same = keepRowOrder([row("2"), row("3")], ["1", "2", "3"]);
  assert.deepEqual(ids(same), ["2", "3"]);
  assert.equal(same.stale, false);
});

Deno.test("an intent the page showed settled is never pending again, and keeps its outcome", () => {
  const shown = view({
    outcomes: [{ intentId: id("f"), outcome: "settled", reportedAt: 100 }],
  });
  // The relayer's list lags: an update still names f, and reports it ended later.
  const merged = mergeViews(
    shown,
    view({
      pending: [intent("f"), intent("g")],
      outcomes: [{ intentId: id("f"), outcome: "expired", reportedAt: 900 }],
    }),
  );
  assert.deepEqual(merged.pending.map((item) => item.intentId), [id("g")]);
  assert.deepEqual(merged.outcomes, [{ intentId: id("f"), outcome: "settled", reportedAt: 100 }]);
});
