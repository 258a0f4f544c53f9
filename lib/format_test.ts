import assert from "node:assert/strict";
import {
  formatAge,
  formatDistanceToBust,
  formatPercent,
  formatPrice,
  formatUsd,
  formatUtc,
  shortHex,
} from "./format.ts";
import { riskBand } from "./math/mod.ts";

const WAD = 10n ** 18n;

Deno.test("USD amounts show cents; compact form keeps two decimals at every size", () => {
  assert.equal(formatUsd(250n * WAD), "$250.00");
  assert.equal(formatUsd(-1234n * WAD / 10n), "-$123.40");
  assert.equal(formatUsd(14_760_000n * WAD, { compact: true }), "$14.76M");
  assert.equal(formatUsd(999n * WAD, { compact: true }), "$999.00");
  assert.equal(formatUsd(123_456n * WAD, { compact: true }), "$123.46K");
  assert.equal(formatUsd(-2_000_000n * WAD, { compact: true }), "-$2.00M");
  assert.equal(formatUsd(5n * WAD, { sign: true }), "+$5.00");
});

Deno.test("prices carry as many decimals as the price scale", () => {
  assert.equal(formatPrice(830655n, 10n), "83,065.5");
  assert.equal(formatPrice(251215n, 100n), "2,512.15");
});

Deno.test("percents round to the decimals asked for", () => {
  assert.equal(formatPercent(52n * WAD / 1000n, 3), "0.052%");
  assert.equal(formatPercent(-1n * WAD / 100n, 3), "-0.010%");
  assert.equal(formatPercent(4216n * WAD / 100n, 1), "42.2%");
});

Deno.test("a distance to bust shown never lands on the other side of its band's threshold", () => {
  // The shown text, read back as a percent wad: its band must be the band of the exact value.
  const shownBand = (text: string) => {
    const [, sign, whole, part] = /^(-?)(\d+)\.(\d{3})%$/.exec(text)!;
    const wad = BigInt(whole) * WAD + BigInt(part) * 10n ** 15n;
    return riskBand(sign ? -wad : wad);
  };
  const edges = [0n, 3n * 10n ** 16n, 8n * 10n ** 16n];
  for (const edge of edges) {
    for (const offset of [-(10n ** 15n), -(10n ** 14n), -7n, -1n, 0n, 1n, 10n ** 14n, 10n ** 15n]) {
      const distance = edge + offset;
      const text = formatDistanceToBust(distance);
      assert.equal(shownBand(text), riskBand(distance), `${distance} reads ${text}`);
    }
  }
  assert.equal(formatDistanceToBust(29_857_876_507_822_760n), "0.029%", "0.02986 % is near bust");
  assert.equal(formatDistanceToBust(3n * 10n ** 16n), "0.030%");
  assert.equal(formatDistanceToBust(52n * WAD / 1000n), "0.052%");
  assert.equal(formatDistanceToBust(-1n), "-0.001%", "a hair past bust never reads 0.000%");
  assert.equal(formatDistanceToBust(-1n * WAD / 100n), "-0.010%");
  assert.equal(formatDistanceToBust(1234n * WAD + 5n), "1234.000%");
});

Deno.test("ages read in the largest whole unit and future times read as 'in'", () => {
  const now = Date.UTC(2026, 10, 20, 12);
  assert.equal(formatAge(now - 2_000, now), "2 s ago");
  assert.equal(formatAge(now - 5 * 60_000, now), "5 min ago");
  assert.equal(formatAge(now - 3 * 3_600_000, now), "3 h ago");
  assert.equal(formatAge(now - 4 * 86_400_000, now), "4 d ago");
  assert.equal(formatAge(now + 2 * 3_600_000, now), "in 2 h");
});

Deno.test("absolute times are UTC without milliseconds, and long hex is shortened", () => {
  assert.equal(formatUtc(Date.UTC(2026, 10, 20, 12, 0, 5, 123)), "2026-11-20 12:00:05 UTC");
  assert.equal(formatUtc(Date.UTC(12026, 0, 1)), "+012026-01-01 00:00:00 UTC");
  assert.equal(shortHex("0x6cd5661646289fb6e65ea5c032310fded797d0a2"), "0x6cd5…d0a2");
  assert.equal(shortHex("0x1234"), "0x1234");
});

Deno.test("a price column mixing markets can ask for one number of decimals", () => {
  assert.equal(formatPrice(830655n, 10n, 2), "83,065.50");
  assert.equal(formatPrice(251215n, 100n, 2), "2,512.15");
  assert.equal(formatPrice(251215n, 100n, 0), "2,512.15", "never fewer than the scale carries");
});
