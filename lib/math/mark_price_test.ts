import { equal, throws } from "node:assert/strict";
import { markPrice } from "./mark_price.ts";

Deno.test("markPrice of the BTC quote 83065 / 83066 is 83065.5 (raw 830655)", () => {
  equal(markPrice(830650n, 830660n), 830655n);
  equal(markPrice(830655n, 830655n), 830655n);
});

Deno.test("markPrice rounds an odd sum down", () => {
  // (830650 + 830661) / 2 = 830655.5 -> 830655
  equal(markPrice(830650n, 830661n), 830655n);
  equal(markPrice(1n, 2n), 1n);
});

Deno.test("markPrice refuses a zero or negative side with a clear error", () => {
  throws(() => markPrice(0n, 830655n), { name: "RangeError", message: /positive bid and ask/ });
  throws(() => markPrice(830655n, 0n), RangeError);
  throws(() => markPrice(-1n, 5n), RangeError);
});

Deno.test("markPrice refuses a crossed quote where bid is above ask", () => {
  throws(() => markPrice(830661n, 830650n), { name: "RangeError", message: /crossed quote/ });
});
