import { equal, throws } from "node:assert/strict";
import { distanceToBustPercentWad } from "./distance_to_bust.ts";

Deno.test("distanceToBustPercentWad of the real BTC long 100x at entry is about 0.953%", () => {
  // (830655 - 822740) * 100 / 830655 = 0.952862500075241827...%
  equal(
    distanceToBustPercentWad({ markRaw: 830655n, bustRaw: 822740n, isLong: true }),
    952862500075241827n,
  );
});

Deno.test("distanceToBustPercentWad of the real BTC short 1000x at entry is about 0.052%", () => {
  // (830900 - 830465) * 100 / 830465 = 0.052380292968397223...%
  equal(
    distanceToBustPercentWad({ markRaw: 830465n, bustRaw: 830900n, isLong: false }),
    52380292968397223n,
  );
});

Deno.test("distanceToBustPercentWad is zero exactly at the bust price", () => {
  equal(distanceToBustPercentWad({ markRaw: 822740n, bustRaw: 822740n, isLong: true }), 0n);
  equal(distanceToBustPercentWad({ markRaw: 830900n, bustRaw: 830900n, isLong: false }), 0n);
});

Deno.test("distanceToBustPercentWad turns negative once a short's mark is past bust", () => {
  // one raw unit past: -1 * 100 / 830901 = -0.000120351281319916...%
  equal(
    distanceToBustPercentWad({ markRaw: 830901n, bustRaw: 830900n, isLong: false }),
    -120351281319916n,
  );
});

Deno.test("distanceToBustPercentWad turns negative once a long's mark is below bust", () => {
  // BTC long busting at 82274.0 with the mark at 82270.0: -40 * 100 / 822700 = -0.00486...%
  equal(
    distanceToBustPercentWad({ markRaw: 822700n, bustRaw: 822740n, isLong: true }),
    -4862039625622948n,
  );
  // far past bust: mark 100, bust 101 -> exactly -1%
  equal(distanceToBustPercentWad({ markRaw: 100n, bustRaw: 101n, isLong: true }), -(10n ** 18n));
});

Deno.test("distanceToBustPercentWad measures a long's room against the current mark", () => {
  // mark 82278.0, bust 82274.0: 40 * 100 / 822780 = 0.004861566883006392...%
  equal(
    distanceToBustPercentWad({ markRaw: 822780n, bustRaw: 822740n, isLong: true }),
    4861566883006392n,
  );
});

Deno.test("distanceToBustPercentWad refuses a zero or negative mark", () => {
  throws(
    () => distanceToBustPercentWad({ markRaw: 0n, bustRaw: 1n, isLong: true }),
    { name: "RangeError", message: /mark price must be positive/ },
  );
});
