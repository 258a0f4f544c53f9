import assert from "node:assert/strict";
import { bandChanges } from "./band_changes.ts";
import { distanceToBustPercentWad } from "../math/mod.ts";

// A long whose bust is 1,000,000 raw: 1,001,000 is 0.0999 % away (ok), 1,000,500 is 0.04998 %
// (close), 1,000,200 is 0.01999 % (near bust), 999,000 is past bust (near bust).
const LONG = { isLong: true, bustPrice: 1_000_000n, openedAt: 1_000 };
const OK = 1_001_000n;
const CLOSE = 1_000_500n;
const NEAR = 1_000_200n;
const at = (seconds: number, markRaw: bigint) => ({ at: seconds * 1000, markRaw });
const distance = (markRaw: bigint) =>
  distanceToBustPercentWad({ markRaw, bustRaw: 1_000_000n, isLong: true });

Deno.test("bandChanges: each change of band between two samples, at the first sample in the new band", () => {
  const changes = bandChanges(LONG, [at(10, OK), at(20, OK), at(30, CLOSE), at(40, NEAR)]);
  assert.deepEqual(changes, [
    { band: "close", from: "ok", at: 30_000, fromAt: 20_000, distancePercentWad: distance(CLOSE) },
    {
      band: "near_bust",
      from: "close",
      at: 40_000,
      fromAt: 30_000,
      distancePercentWad: distance(NEAR),
    },
  ]);
});

Deno.test("bandChanges: no change while the position stays ok, and none from samples outside its life", () => {
  assert.deepEqual(bandChanges(LONG, [at(10, OK), at(20, OK)]), []);
  // Before it opened and after it closed the mark was near its bust: not its band then.
  const closed = { ...LONG, openedAt: 15_000, closedAt: 25_000 };
  assert.deepEqual(bandChanges(closed, [at(10, NEAR), at(20, OK), at(30, NEAR)]), []);
});

Deno.test("bandChanges: a first sample already past ok is a change first seen then, with no band before", () => {
  const [change] = bandChanges(LONG, [at(10, NEAR), at(20, NEAR)]);
  assert.deepEqual(change, {
    band: "near_bust",
    from: null,
    at: 10_000,
    fromAt: null,
    distancePercentWad: distance(NEAR),
  });
});

Deno.test("bandChanges: back to ok is a change, and a band entered twice keeps only its latest entry", () => {
  const changes = bandChanges(LONG, [
    at(10, OK),
    at(20, CLOSE),
    at(30, OK),
    at(40, CLOSE),
    at(50, CLOSE),
  ]);
  assert.deepEqual(changes.map((change) => [change.band, change.from, change.at]), [
    ["ok", "close", 30_000],
    ["close", "ok", 40_000],
  ]);
});

Deno.test("bandChanges: a short's distance runs the other way, and past bust is near bust", () => {
  const short = { isLong: false, bustPrice: 1_000_000n, openedAt: 0 };
  const changes = bandChanges(short, [at(1, 999_000n), at(2, 1_000_100n)]);
  assert.deepEqual(changes.map((change) => [change.band, change.from]), [["near_bust", "ok"]]);
  assert.ok(changes[0].distancePercentWad < 0n, "past bust: a negative distance");
});
