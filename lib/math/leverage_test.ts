import { equal, throws } from "node:assert/strict";
import { checkedLeverage } from "./leverage.ts";

Deno.test("checkedLeverage returns 1x, 50x and 1000x as bigints", () => {
  equal(checkedLeverage(1), 1n);
  equal(checkedLeverage(50), 50n);
  equal(checkedLeverage(1000), 1000n);
});

Deno.test("checkedLeverage rejects zero, negatives, fractions, NaN and more than 1000x", () => {
  for (const bad of [0, -5, 2.5, Number.NaN, Infinity, 1001]) {
    throws(() => checkedLeverage(bad), RangeError, `should reject ${bad}`);
  }
});
