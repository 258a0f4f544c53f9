import assert from "node:assert/strict";
import {
  countText,
  distancePercent,
  distanceText,
  priceText,
  tokenText,
  usdText,
} from "./figure_text.ts";
import { riskBand } from "./math/mod.ts";

const WAD = 10n ** 18n;

/** The exact cut of a percent wad at three decimals toward minus infinity, in bigint. */
function exactCut(percentWad: bigint): string {
  const unit = 10n ** 15n;
  let steps = percentWad / unit;
  if (percentWad < 0n && percentWad % unit !== 0n) steps -= 1n;
  const digits = (steps < 0n ? -steps : steps).toString().padStart(4, "0");
  return `${steps < 0n ? "-" : ""}${digits.slice(0, -3)}.${digits.slice(-3)}%`;
}

Deno.test("a distance's JSON number reads as the exact value's cut, a hair either side of every edge", () => {
  const edges = [0n, 3n * 10n ** 16n, 8n * 10n ** 16n, 1005n * 10n ** 15n, 42_123n * 10n ** 15n];
  const offsets = [-(10n ** 15n), -(10n ** 14n), -(10n ** 6n) - 1n, -7n, -1n, 0n, 1n, 10n ** 14n];
  for (const edge of edges) {
    for (const offset of offsets) {
      for (const wad of [edge + offset, -(edge + offset)]) {
        const text = distanceText(distancePercent(wad));
        assert.equal(text, exactCut(wad), `${wad}`);
        const [, sign, whole, part] = /^(-?)(\d+)\.(\d{3})%$/.exec(text)!;
        const shown = BigInt(whole) * WAD + BigInt(part) * 10n ** 15n;
        assert.equal(riskBand(sign ? -shown : shown), riskBand(wad), `${wad} reads ${text}`);
      }
    }
  }
});

Deno.test("a distance is cut as text, where a float product would round it down a step", () => {
  // 1.005 × 1000 is 1004.9999999999999 in floating point.
  assert.equal(distanceText(1.005), "1.005%");
  assert.equal(distanceText(0.029857876507), "0.029%");
  assert.equal(distanceText(0.03), "0.030%");
  assert.equal(distanceText(-0.0001), "-0.001%", "a hair past bust never reads 0.000%");
  assert.equal(distanceText(-0.01), "-0.010%");
  assert.equal(distanceText(1e-9), "0.000%");
  assert.equal(distanceText(-1e-9), "-0.001%");
  assert.equal(distanceText(0), "0.000%");
  assert.equal(distanceText(50.253194792786), "50.253%");
  assert.equal(distanceText(null), "n/a");
});

Deno.test("dollars, prices, tokens and counts read as the pages show them", () => {
  assert.equal(usdText(-123.4), "-$123.40");
  assert.equal(usdText(5, { sign: true }), "+$5.00");
  assert.equal(usdText(0, { sign: true }), "$0.00");
  assert.equal(usdText(14_760_000, { compact: true }), "$14.76M");
  assert.equal(priceText(83065.5, 2), "83,065.50");
  assert.equal(priceText(2512, 2), "2,512.00");
  assert.equal(tokenText(1234.5, "PAPER"), "1,234.5 PAPER");
  assert.equal(countText(1234567), "1,234,567");
  assert.equal(usdText(null), "n/a");
});

Deno.test("a negative distance cut down a step carries into the next digit", () => {
  assert.equal(distanceText(-0.9995), "-1.000%");
  assert.equal(distanceText(-9.9991), "-10.000%");
  assert.equal(distanceText(-0.0291), "-0.030%");
  assert.equal(distanceText(-2e21), "-2000000000000000000000.000%");
});
