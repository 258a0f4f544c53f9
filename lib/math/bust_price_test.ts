import { equal, throws } from "node:assert/strict";
import { bustPrice } from "./bust_price.ts";

const BTC_BUFFER = 476041580087574n; // 0.000476041580087574
const ETH_BUFFER = 481304050180130n; // 0.000481304050180130

type Vector = Parameters<typeof bustPrice>[0] & { bust: bigint };

// Each test name with its vectors; the comments show the arithmetic (step, zero-equity price Z,
// buffer) that gives the expected bust.
const VECTORS: ReadonlyArray<readonly [string, readonly Vector[]]> = [
  ["bustPrice reproduces the real ETH long 50x at 2512.15 busting at 2463.09", [
    // step 5024, Z 246191, buffer floor(246191 * 4.813e-4) = 118 -> 246309
    { entryRaw: 251215n, leverage: 50, isLong: true, bustBufferWad: ETH_BUFFER, bust: 246309n },
  ]],
  ["bustPrice reproduces the real BTC short 1000x at 83046.5 busting at 83090.0", [
    // step 830, Z 831295, buffer floor(831295 * 4.760e-4) = 395 -> 830900
    { entryRaw: 830465n, leverage: 1000, isLong: false, bustBufferWad: BTC_BUFFER, bust: 830900n },
  ]],
  ["bustPrice reproduces the real BTC long 100x at 83065.5 busting at 82274.0", [
    // step 8306, Z 822349, buffer floor(822349 * 4.760e-4) = 391 -> 822740
    { entryRaw: 830655n, leverage: 100, isLong: true, bustBufferWad: BTC_BUFFER, bust: 822740n },
  ]],
  ["bustPrice at 1000x sits just inside one step from entry on both sides", [
    // step 830; long Z 829825 + 395 = 830220; short Z 831485 - 395 = 831090
    { entryRaw: 830655n, leverage: 1000, isLong: true, bustBufferWad: BTC_BUFFER, bust: 830220n },
    { entryRaw: 830655n, leverage: 1000, isLong: false, bustBufferWad: BTC_BUFFER, bust: 831090n },
  ]],
  ["bustPrice at 1x puts a long's bust at zero and a short's just under double entry", [
    // long: Z = 0 so the buffer adds nothing; short: Z 1661310 - floor(1661310 * b) 790 = 1660520
    { entryRaw: 830655n, leverage: 1, isLong: true, bustBufferWad: BTC_BUFFER, bust: 0n },
    { entryRaw: 830655n, leverage: 1, isLong: false, bustBufferWad: BTC_BUFFER, bust: 1660520n },
  ]],
  ["bustPrice with a zero buffer is the zero-equity price", [
    { entryRaw: 1_000_000n, leverage: 100, isLong: true, bustBufferWad: 0n, bust: 990000n },
    { entryRaw: 1_000_000n, leverage: 100, isLong: false, bustBufferWad: 0n, bust: 1010000n },
  ]],
];

for (const [name, vectors] of VECTORS) {
  Deno.test(name, () => {
    for (const { bust, ...input } of vectors) equal(bustPrice(input), bust);
  });
}

Deno.test("bustPrice rejects leverage outside whole numbers 1 to 1000", () => {
  for (const leverage of [0, 1001, 2.5, -10]) {
    throws(
      () => bustPrice({ entryRaw: 830655n, leverage, isLong: true, bustBufferWad: BTC_BUFFER }),
      { name: "RangeError", message: /leverage must be a whole number from 1 to 1000/ },
    );
  }
});

Deno.test("bustPrice rejects a zero or negative entry price", () => {
  for (const entryRaw of [0n, -830655n]) {
    throws(
      () => bustPrice({ entryRaw, leverage: 10, isLong: false, bustBufferWad: BTC_BUFFER }),
      { name: "RangeError", message: /entry price must be positive/ },
    );
  }
});

Deno.test("bustPrice rejects a bust buffer that is negative or a whole unit or more", () => {
  for (const bustBufferWad of [-1n, 10n ** 18n]) {
    throws(
      () => bustPrice({ entryRaw: 830655n, leverage: 10, isLong: true, bustBufferWad }),
      { name: "RangeError", message: /bust buffer/ },
    );
  }
});
