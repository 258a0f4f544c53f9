import { equal, throws } from "node:assert/strict";
import { capUsage, isUncappedCap, openInterestUsdWad } from "./open_interest.ts";

// Live BTC tuple: longOi, longCap (base qty x 1e18), mark 83065.5 at scale 10.
const LONG_OI = 23_590_192_866_625_362_236_353n; // ≈ 23,590.19 BTC
const CAP = 1_207_459_685_939_735_687_074_747n; // ≈ 1,207,459.69 BTC
const MARK = 830655n;

Deno.test("openInterestUsdWad values the real BTC long OI at about $1.96 billion", () => {
  // 23590192866625362236353 * 830655 / 10
  equal(
    openInterestUsdWad({ oiBaseWad: LONG_OI, markRaw: MARK, priceScale: 10n }),
    1_959_531_165_562_669_026_843_780_121n,
  );
});

Deno.test("openInterestUsdWad values one BTC at the mark price", () => {
  equal(
    openInterestUsdWad({ oiBaseWad: 10n ** 18n, markRaw: MARK, priceScale: 10n }),
    83_065_500_000_000_000_000_000n,
  );
  // one ETH at 2512.15 (scale 100)
  equal(
    openInterestUsdWad({ oiBaseWad: 10n ** 18n, markRaw: 251215n, priceScale: 100n }),
    2_512_150_000_000_000_000_000n,
  );
});

Deno.test("openInterestUsdWad rejects a zero price scale and negative quantities", () => {
  throws(() => openInterestUsdWad({ oiBaseWad: 1n, markRaw: MARK, priceScale: 0n }), RangeError);
  throws(() => openInterestUsdWad({ oiBaseWad: -1n, markRaw: MARK, priceScale: 10n }), RangeError);
});

Deno.test("isUncappedCap treats 2^128 - 1 and anything from 2^127 up as no cap", () => {
  equal(isUncappedCap((1n << 128n) - 1n), true);
  equal(isUncappedCap(1n << 127n), true);
  equal(isUncappedCap((1n << 127n) - 1n), false);
  equal(isUncappedCap(CAP), false);
});

Deno.test("capUsage reports the real BTC long side at about 1.95% of its cap", () => {
  // 23590192866625362236353 * 100e18 / 1207459685939735687074747 = 1.953704387924612562%
  equal(capUsage({ oiBaseWad: LONG_OI, capBaseWad: CAP }), 1_953_704_387_924_612_562n);
});

Deno.test("capUsage reports a full side as 100% and an over-full side above it", () => {
  equal(capUsage({ oiBaseWad: CAP, capBaseWad: CAP }), 100n * 10n ** 18n);
  equal(capUsage({ oiBaseWad: 3n, capBaseWad: 2n }), 150n * 10n ** 18n);
});

Deno.test("capUsage returns null for an uncapped or unset side", () => {
  equal(capUsage({ oiBaseWad: LONG_OI, capBaseWad: (1n << 128n) - 1n }), null);
  equal(capUsage({ oiBaseWad: LONG_OI, capBaseWad: 0n }), null);
});

Deno.test("capUsage rejects a negative cap", () => {
  throws(() => capUsage({ oiBaseWad: 0n, capBaseWad: -1n }), RangeError);
});
