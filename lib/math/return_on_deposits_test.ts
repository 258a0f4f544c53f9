import { equal, throws } from "node:assert/strict";
import { returnOnDepositsPercentWad } from "./return_on_deposits.ts";
import { WAD } from "./units.ts";

Deno.test("return on deposits is total PnL over lifetime deposits, in percent wad", () => {
  equal(returnOnDepositsPercentWad(25n * WAD, 1000n * WAD), 25n * WAD / 10n);
  equal(returnOnDepositsPercentWad(-1000n * WAD, 1000n * WAD), -100n * WAD, "all of it lost");
});

Deno.test("return on deposits is exact past 2^53 and truncates toward zero", () => {
  // $1/3 over $1: 33.333…%, cut at the 18th decimal, never rounded up.
  equal(returnOnDepositsPercentWad(WAD / 3n, WAD), 33333333333333333300n);
  equal(returnOnDepositsPercentWad(-(WAD / 3n), WAD), -33333333333333333300n);
});

Deno.test("return on deposits has no value without deposits, and refuses negative deposits", () => {
  equal(returnOnDepositsPercentWad(5n * WAD, 0n), null);
  throws(() => returnOnDepositsPercentWad(5n, -1n), RangeError);
});
