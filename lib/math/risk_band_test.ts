import { equal } from "node:assert/strict";
import { riskBand } from "./risk_band.ts";

// 1e18 = 1 percent, so 0.03% = 3e16 and 0.08% = 8e16.

Deno.test("riskBand calls a distance of at least 0.08 percent ok", () => {
  equal(riskBand(80_000_000_000_000_000n), "ok");
  equal(riskBand(952862500075241827n), "ok"); // BTC 100x at entry
});

Deno.test("riskBand calls a distance just under 0.08 percent close", () => {
  equal(riskBand(79_999_999_999_999_999n), "close");
  equal(riskBand(52380292968397223n), "close"); // BTC 1000x short at entry, 0.052%
});

Deno.test("riskBand calls exactly 0.03 percent close, not near bust", () => {
  equal(riskBand(30_000_000_000_000_000n), "close");
});

Deno.test("riskBand calls a distance just under 0.03 percent near bust", () => {
  equal(riskBand(29_999_999_999_999_999n), "near_bust");
  equal(riskBand(0n), "near_bust");
});

Deno.test("riskBand calls any negative distance, already past bust, near bust", () => {
  equal(riskBand(-1n), "near_bust");
  equal(riskBand(-1952908862926178771n), "near_bust");
});
