import { equal, throws } from "node:assert/strict";
import { unrealizedPnlWad } from "./unrealized_pnl.ts";
import { WAD } from "./units.ts";

const base = { entryRaw: 1_000_000n, marginWad: 100n * WAD, leverage: 100 };

Deno.test("unrealizedPnlWad pays a long the full notional move with no deadband or haircut", () => {
  // $10,000 notional, +0.5% -> +$50; a 1-raw move (0.0001%) -> +$0.01
  equal(unrealizedPnlWad({ ...base, markRaw: 1_005_000n, isLong: true }), 50n * WAD);
  equal(unrealizedPnlWad({ ...base, markRaw: 1_000_001n, isLong: true }), WAD / 100n);
});

Deno.test("unrealizedPnlWad gives a short the mirror image of a long", () => {
  equal(unrealizedPnlWad({ ...base, markRaw: 995_000n, isLong: false }), 50n * WAD);
  equal(unrealizedPnlWad({ ...base, markRaw: 1_005_000n, isLong: false }), -50n * WAD);
  equal(unrealizedPnlWad({ ...base, markRaw: 995_000n, isLong: true }), -50n * WAD);
});

Deno.test("unrealizedPnlWad is zero at entry", () => {
  equal(unrealizedPnlWad({ ...base, markRaw: 1_000_000n, isLong: true }), 0n);
});

Deno.test("unrealizedPnlWad never reports a loss larger than the margin", () => {
  // -2% at 100x would be -$200 on $100 margin -> floored to -$100
  equal(unrealizedPnlWad({ ...base, markRaw: 980_000n, isLong: true }), -100n * WAD);
  equal(unrealizedPnlWad({ ...base, markRaw: 5_000_000n, isLong: false }), -100n * WAD);
});

Deno.test("unrealizedPnlWad rounds the magnitude of a real-price loss toward zero", () => {
  // $250 x 50 x (830600 - 830655) / 830655 = -0.827660099559985794.16... USD
  equal(
    unrealizedPnlWad({
      entryRaw: 830655n,
      markRaw: 830600n,
      marginWad: 250n * WAD,
      leverage: 50,
      isLong: true,
    }),
    -827660099559985794n,
  );
});

Deno.test("unrealizedPnlWad rejects a zero entry, a negative mark and invalid leverage", () => {
  throws(() => unrealizedPnlWad({ ...base, entryRaw: 0n, markRaw: 1n, isLong: true }), RangeError);
  throws(() => unrealizedPnlWad({ ...base, markRaw: -1n, isLong: true }), RangeError);
  throws(
    () => unrealizedPnlWad({ ...base, leverage: 0, markRaw: 1n, isLong: true }),
    RangeError,
  );
});
