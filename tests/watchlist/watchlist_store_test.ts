import assert from "node:assert/strict";
import {
  clearAdded,
  crossings,
  parseThreshold,
  readAlerts,
  readWatchlist,
  saveWatchlist,
  setThreshold,
  toggleWatched,
} from "../../client/watchlist_store.ts";
import { WATCHLIST_MAX, type WatchRow } from "../../lib/watchlist/view.ts";

const A = `0x${"a".repeat(40)}`;

type Risk = "ok" | "close" | "near_bust" | null;

/** A row of wallet A whose position nearest to bust (7) is in band `risk` (null: none open). */
function row(risk: Risk, more: Partial<WatchRow> = {}, distance = 0.0209): WatchRow {
  const nearest = risk && { position_id: "7", distance_to_bust_percent: distance, risk };
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
  localStorage.removeItem("watchlist-alerts");
});

Deno.test("a threshold alerts when the worst position falls under it, once, and replaces the bands", () => {
  const under = { [A]: { under: 0.5 } };
  const at = (distance: number) => row("ok", {}, distance);
  const [alert] = crossings(seen(at(0.7)), [at(0.4)], under);
  assert.equal(alert.tag, `${A}:7:under`);
  assert.ok(alert.body.includes("0.400%") && alert.body.includes("0.5%"), alert.body);
  assert.deepEqual(crossings(seen(at(0.4)), [at(0.3)], under), [], "still under: no repeat");
  assert.deepEqual(crossings(seen(at(0.4)), [at(0.6)], under), [], "back over: nothing");
  assert.equal(crossings(seen(at(0.6)), [at(0.45)], under).length, 1, "under again: again");
  // With a threshold of 0.01 %, moving into close (0.0209 %) is not worth a notification.
  assert.deepEqual(crossings(seen(row("ok")), [row("close")], { [A]: { under: 0.01 } }), []);
});

Deno.test("a wallet just added alerts on its first read when already past its threshold or in a risky band", () => {
  const nothingBefore = new Map<string, WatchRow>();
  const [past] = crossings(nothingBefore, [row("ok", {}, 0.3)], { [A]: { under: 1, added: true } });
  assert.equal(past.tag, `${A}:7:under`);
  assert.deepEqual(
    crossings(nothingBefore, [row("ok", {}, 3)], { [A]: { under: 1, added: true } }),
    [],
  );
  const [band] = crossings(nothingBefore, [row("near_bust")], { [A]: { added: true } });
  assert.equal(band.tag, `${A}:7:near_bust`);
  // Not just added: a first read sets the baseline only, past its threshold or not.
  assert.deepEqual(crossings(nothingBefore, [row("ok", {}, 0.3)], { [A]: { under: 1 } }), []);
  // Its liquidations before it was added are not news.
  const liquidations = [{ positionId: "9", market: "BTC", at: 1 }];
  assert.deepEqual(
    crossings(nothingBefore, [row("ok", { liquidations })], { [A]: { added: true } }),
    [],
  );
  // Read but not yet known (no summary): nothing, and it stays just added for the next read.
  const failed = row(null, { summary: null, problem: "Its account could not be read." });
  assert.deepEqual(crossings(nothingBefore, [failed], { [A]: { under: 1, added: true } }), []);
});

Deno.test("thresholds and the just-added mark are kept per wallet; a removed wallet loses its alert", () => {
  assert.equal(parseThreshold(""), null);
  assert.equal(parseThreshold("0.25"), 0.25);
  for (const bad of ["0", "-1", "101", "abc", "Infinity"]) assert.equal(parseThreshold(bad), "bad");
  localStorage.removeItem("watchlist");
  localStorage.removeItem("watchlist-alerts");
  assert.equal(toggleWatched(A), true);
  assert.deepEqual(readAlerts(), { [A]: { added: true } });
  setThreshold(A, 0.5);
  assert.deepEqual(readAlerts(), { [A]: { added: true, under: 0.5 } });
  clearAdded([A]);
  assert.deepEqual(readAlerts(), { [A]: { under: 0.5 } });
  setThreshold(A, null);
  assert.deepEqual(readAlerts(), {});
  setThreshold(A, 2);
  assert.equal(toggleWatched(A), false);
  assert.deepEqual(readAlerts(), {}, "taken off: its alert goes with it");
  // What is stored by hand and is not an alert is dropped on read.
  localStorage.setItem(
    "watchlist-alerts",
    JSON.stringify({ [A]: { under: -3, added: "yes" }, b: 1 }),
  );
  assert.deepEqual(readAlerts(), { [A]: {} });
  localStorage.removeItem("watchlist");
  localStorage.removeItem("watchlist-alerts");
});
