import assert from "node:assert/strict";
import {
  crossings,
  readWatchlist,
  saveWatchlist,
  toggleWatched,
} from "../../client/watchlist_store.ts";
import { WATCHLIST_MAX, type WatchRow } from "../../lib/watchlist/view.ts";

const A = `0x${"a".repeat(40)}`;

type Risk = "ok" | "close" | "near_bust" | null;

/** A row of wallet A whose position nearest to bust (7) is in band `risk` (null: none open). */
function row(risk: Risk, more: Partial<WatchRow> = {}): WatchRow {
  const nearest = risk && { position_id: "7", distance_to_bust_percent: 0.0209, risk };
  const summary = { nearest, close_count: 0, near_bust_count: 0, open_positions: risk ? 1 : 0 };
  return {
    address: A,
    name: "<b>Bold</b>",
    summary: { equity_usd: 1, unrealized_pnl_usd: 0, ...summary },
    liquidations: [],
    problem: null,
    ...more,
  };
}

const seen = (previous: WatchRow) => new Map([[previous.address, previous]]);

Deno.test("a first read never alerts, however risky", () => {
  assert.deepEqual(crossings(new Map(), [row("near_bust")]), []);
});

Deno.test("moving into close or near bust alerts once, moving back or staying does not", () => {
  const [close] = crossings(seen(row("ok")), [row("close")]);
  assert.equal(close.title, "<b>Bold</b>: close to bust");
  assert.equal(close.body, "Worst position 7 is 0.020% from its bust price.");
  assert.equal(close.tag, `${A}:7:close`);
  assert.equal(
    crossings(seen(row("close")), [row("near_bust")])[0].title,
    "<b>Bold</b>: near bust",
  );
  assert.deepEqual(crossings(seen(row("near_bust")), [row("near_bust")]), []);
  assert.deepEqual(crossings(seen(row("near_bust")), [row("close")]), []);
  assert.deepEqual(crossings(seen(row("close")), [row("ok")]), []);
  // A wallet with no position before, which opens one near its bust price.
  assert.equal(crossings(seen(row(null)), [row("near_bust")]).length, 1);
});

Deno.test("a new liquidation alerts; one seen before, or a read without the recent trades, does not", () => {
  const liquidation = { positionId: "9", market: "BTC", at: 1 };
  const [alert] = crossings(seen(row("ok")), [row("ok", { liquidations: [liquidation] })]);
  assert.equal(alert.title, "<b>Bold</b>: liquidated");
  assert.equal(alert.tag, `${A}:9:liquidated`);
  const before = row("ok", { liquidations: [liquidation] });
  assert.deepEqual(crossings(seen(before), [row("ok", { liquidations: [liquidation] })]), []);
  assert.deepEqual(crossings(seen(row("ok", { liquidations: null })), [before]), []);
});

Deno.test("a wallet that could not be read, before or now, sets no baseline and raises no alert", () => {
  const failed = row(null, { summary: null, problem: "Its account could not be read." });
  assert.deepEqual(crossings(seen(failed), [row("near_bust")]), []);
  assert.deepEqual(crossings(seen(row("ok")), [failed]), []);
});

Deno.test("the stored list is validated on read, and a full list takes no more", () => {
  localStorage.setItem(
    "watchlist",
    JSON.stringify([A, "junk", A.toUpperCase().replace("0X", "0x")]),
  );
  assert.deepEqual(readWatchlist(), [A]);
  const full = Array.from({ length: WATCHLIST_MAX }, (_, i) => `0x${`${i}`.padStart(40, "0")}`);
  saveWatchlist(full);
  assert.equal(toggleWatched(A), "full");
  assert.equal(toggleWatched(full[0]), false);
  assert.equal(toggleWatched(A), true);
  assert.deepEqual(readWatchlist(), [...full.slice(1), A]);
  localStorage.removeItem("watchlist");
});
