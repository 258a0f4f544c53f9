import { equal, throws } from "node:assert/strict";
import { bustPrice } from "./bust_price.ts";

const BTC_BUFFER = 476041580087574n; // 0.000476041580087574
const ETH_BUFFER = 481304050180130n; // 0.000481304050180130

Deno.test("bustPrice reproduces the real ETH long 50x at 2512.15 busting at 2463.09", () => {
  // step 5024, Z 246191, buffer floor(246191 * 4.813e-4) = 118 -> 246309
  equal(
    bustPrice({ entryRaw: 251215n, leverage: 50, isLong: true, bustBufferWad: ETH_BUFFER }),
    246309n,
  );
});

Deno.test("bustPrice reproduces the real BTC short 1000x at 83046.5 busting at 83090.0", () => {
  // step 830, Z 831295, buffer floor(831295 * 4.760e-4) = 395 -> 830900
  equal(
    bustPrice({ entryRaw: 830465n, leverage: 1000, isLong: false, bustBufferWad: BTC_BUFFER }),
    830900n,
  );
});

Deno.test("bustPrice reproduces the real BTC long 100x at 83065.5 busting at 82274.0", () => {
  // step 8306, Z 822349, buffer floor(822349 * 4.760e-4) = 391 -> 822740
  equal(
    bustPrice({ entryRaw: 830655n, leverage: 100, isLong: true, bustBufferWad: BTC_BUFFER }),
    822740n,
  );
});

Deno.test("bustPrice at 1000x sits just inside one step from entry on both sides", () => {
  // step 830; long Z 829825 + 395 = 830220; short Z 831485 - 395 = 831090
  equal(
    bustPrice({ entryRaw: 830655n, leverage: 1000, isLong: true, bustBufferWad: BTC_BUFFER }),
    830220n,
  );
  equal(
    bustPrice({ entryRaw: 830655n, leverage: 1000, isLong: false, bustBufferWad: BTC_BUFFER }),
    831090n,
  );
});

Deno.test("bustPrice at 1x puts a long's bust at zero and a short's just under double entry", () => {
  // long: Z = 0 so the buffer adds nothing; short: Z 1661310 - floor(1661310 * b) 790 = 1660520
  equal(
    bustPrice({ entryRaw: 830655n, leverage: 1, isLong: true, bustBufferWad: BTC_BUFFER }),
    0n,
  );
  equal(
    bustPrice({ entryRaw: 830655n, leverage: 1, isLong: false, bustBufferWad: BTC_BUFFER }),
    1660520n,
  );
});

Deno.test("bustPrice with a zero buffer is the zero-equity price", () => {
  equal(
    bustPrice({ entryRaw: 1_000_000n, leverage: 100, isLong: true, bustBufferWad: 0n }),
    990000n,
  );
  equal(
    bustPrice({ entryRaw: 1_000_000n, leverage: 100, isLong: false, bustBufferWad: 0n }),
    1010000n,
  );
});

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
