import { equal, throws } from "node:assert/strict";
import { rawPriceToNumber, WAD, wadToNumber } from "./units.ts";

Deno.test("WAD is ten to the eighteenth", () => {
  equal(WAD, 1_000_000_000_000_000_000n);
});

Deno.test("wadToNumber turns a real balance of 748.8 USD into 748.8", () => {
  equal(wadToNumber(748800000000000000000n), 748.8);
});

Deno.test("wadToNumber keeps the sign and the fraction of negative values", () => {
  equal(wadToNumber(-2_500_000_000_000_000_000n), -2.5);
  equal(wadToNumber(-1n), -1e-18);
});

Deno.test("wadToNumber keeps cents for about one trillion dollars (1e30 wad)", () => {
  // $1,234,567,890,123.45 = 123456789012345 cents; 1 cent = 1e16 wad.
  const wad = 123456789012345n * 10n ** 16n;
  equal(wadToNumber(wad), 1234567890123.45);
  // One more cent is still visible.
  equal(wadToNumber(wad + 10n ** 16n), 1234567890123.46);
});

Deno.test("wadToNumber reads a fraction below one as a plain fraction", () => {
  // BTC bust buffer 0.000476041580087574
  equal(wadToNumber(476041580087574n), 0.000476041580087574);
});

Deno.test("rawPriceToNumber divides by the instrument's price scale", () => {
  equal(rawPriceToNumber(830655n, 10n), 83065.5);
  equal(rawPriceToNumber(251215n, 100n), 2512.15);
  equal(rawPriceToNumber(-5n, 100n), -0.05);
});

Deno.test("rawPriceToNumber refuses a zero or negative price scale", () => {
  throws(() => rawPriceToNumber(1n, 0n), RangeError);
  throws(() => rawPriceToNumber(1n, -10n), RangeError);
});
