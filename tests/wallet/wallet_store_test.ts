import assert from "node:assert/strict";
import type { LiveWallet } from "../../lib/wallet/mod.ts";
import { keepRowOrder, type LivePosition, mergeLive } from "../../client/wallet_store.ts";
import { sampleLiveWallet, samplePosition } from "../support/live.ts";

const id = (digit: string) => `0x${digit.repeat(64)}`;

/** A live wallet with these parts, and no positions, intents, outcomes or closes otherwise. */
function live(parts: Partial<LiveWallet>): LiveWallet {
  return sampleLiveWallet({
    positions: [],
    pending: [],
    queue_places: {},
    queue_at_ms: null,
    outcomes: [],
    closed_positions: [],
    marks_at_ms: null,
    generated_at_ms: 0,
    ...parts,
  });
}

const intent = (digit: string) => ({ intent_id: id(digit), action: "open", deadline_at_ms: 0 });

Deno.test("an update without queue places keeps the last known ones and their time", () => {
  const shown = live({
    pending: [intent("a"), intent("b")],
    queue_places: { [id("a")]: 1, [id("b")]: 2 },
    queue_at_ms: 1_000,
  });
  // The stream lists the intents (b first) and no places; a ended and b is still pending.
  const first = mergeLive(shown, live({ pending: [intent("b")], generated_at_ms: 5_000 }));
  assert.deepEqual(first.pending.map((item) => item.intent_id), [id("b")]);
  assert.deepEqual(first.queue_places, { [id("a")]: 1, [id("b")]: 2 });
  assert.equal(first.queue_at_ms, 1_000, "the places keep the age of their read");
  assert.equal(first.generated_at_ms, 5_000);
  // a is accepted again: its last known place comes back with it, in queue order.
  const second = mergeLive(first, live({ pending: [intent("b"), intent("a")] }));
  assert.deepEqual(second.pending.map((item) => item.intent_id), [id("a"), id("b")]);
  // A fresh queue read replaces what was known.
  const fresh = mergeLive(
    second,
    live({ pending: [intent("b")], queue_places: { [id("b")]: 1 }, queue_at_ms: 9_000 }),
  );
  assert.deepEqual(fresh.queue_places, { [id("b")]: 1 });
  assert.equal(fresh.queue_at_ms, 9_000);
});

Deno.test("outcomes and closed positions are the union of what was shown and what arrived", () => {
  const closed = (position_id: string) => ({
    position_id,
    market: "BTC",
    net_pnl_usd: 1,
    liquidated: false,
  });
  const shown = live({
    outcomes: [
      { intent_id: id("c"), outcome: "failed", reported_at_ms: 300 },
      { intent_id: id("d"), outcome: "succeeded", reported_at_ms: 200 },
    ],
    closed_positions: [closed("7")],
  });
  const merged = mergeLive(
    shown,
    live({
      // c is reported again later; d is pending again, so it has no final outcome.
      pending: [intent("d")],
      outcomes: [
        { intent_id: id("e"), outcome: "expired", reported_at_ms: 400 },
        { intent_id: id("c"), outcome: "succeeded", reported_at_ms: 500 },
      ],
      closed_positions: [closed("8"), closed("7")],
    }),
  );
  assert.deepEqual(merged.outcomes, [
    { intent_id: id("c"), outcome: "succeeded", reported_at_ms: 500 },
    { intent_id: id("e"), outcome: "expired", reported_at_ms: 400 },
  ]);
  assert.deepEqual(merged.closed_positions.map((item) => item.position_id), ["8", "7"]);
});

Deno.test("a poll that read no marks keeps the valued positions shown, with their marks' time", () => {
  const valued = samplePosition({ position_id: "1" });
  const unvalued = samplePosition({
    position_id: "1",
    mark_price: null,
    unrealized_pnl_usd: null,
    distance_to_bust_percent: null,
    risk: null,
  });
  const shown = live({ positions: [valued], marks_at_ms: 4_000 });
  const merged = mergeLive(
    shown,
    live({ positions: [unvalued], balance_usd: 2, generated_at_ms: 9_000 }),
  );
  assert.deepEqual(merged.positions, [valued]);
  assert.equal(merged.marks_at_ms, 4_000);
  assert.equal(merged.balance_usd, 2, "the account parts are the new ones");
  // Once marks come back, the new figures win.
  const back = mergeLive(
    merged,
    live({ positions: [{ ...valued, unrealized_pnl_usd: 2 }], marks_at_ms: 9_000 }),
  );
  assert.equal(back.positions[0].unrealized_pnl_usd, 2);
  // With no position left open there is nothing to value: the closed one goes.
  assert.deepEqual(mergeLive(shown, live({})).positions, []);
});

Deno.test("rows keep the order they were shown in; the change of order is flagged", () => {
  const row = (rowId: string) => samplePosition({ position_id: rowId });
  const ids = (result: { rows: LivePosition[] }) => result.rows.map((item) => item.position_id);
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
  const shown = live({
    outcomes: [{ intent_id: id("f"), outcome: "settled", reported_at_ms: 100 }],
  });
  // The relayer's list lags: an update still names f, and reports it ended later.
  const merged = mergeLive(
    shown,
    live({
      pending: [intent("f"), intent("g")],
      outcomes: [{ intent_id: id("f"), outcome: "expired", reported_at_ms: 900 }],
    }),
  );
  assert.deepEqual(merged.pending.map((item) => item.intent_id), [id("g")]);
  assert.deepEqual(merged.outcomes, [
    { intent_id: id("f"), outcome: "settled", reported_at_ms: 100 },
  ]);
});

Deno.test("an update without marks keeps the positions shown, with their not-listed sums", () => {
  const rest = { ...sampleLiveWallet().totals, count: 900 };
  const shown = live({ positions: [samplePosition()], positions_not_listed: rest, marks_at_ms: 5 });
  const unvalued = live({
    positions: [samplePosition({ mark_price: null, unrealized_pnl_usd: null })],
    positions_not_listed: { ...rest, unvalued: 900 },
    marks_at_ms: null,
  });
  assert.deepEqual(mergeLive(shown, unvalued).positions_not_listed, rest);
  const valued = live({
    positions: [samplePosition()],
    positions_not_listed: null,
    marks_at_ms: 9,
  });
  assert.equal(mergeLive(shown, valued).positions_not_listed, null);
});
