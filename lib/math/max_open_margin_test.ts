import { deepEqual, equal, throws } from "node:assert/strict";
import { maxOpenMargin } from "./max_open_margin.ts";

const WAD = 10n ** 18n;
// Live BTC tuple values.
const BTC = {
  maxPositionNotionalWad: 10_000_000n * WAD,
  sideOiBaseWad: 23_590_192_866_625_362_236_353n, // long OI
  sideCapBaseWad: 1_207_459_685_939_735_687_074_747n, // long cap
  markRaw: 830655n,
  priceScale: 10n,
};
const SHORT_OI = 18_109_832_138_345_653_207_981n;

Deno.test("maxOpenMargin at 100x on the real BTC long side is $100,000 from the notional cap", () => {
  // $10M / 100; headroom (cap - oi) * 830655 / 10 ≈ $98.3 billion does not bind
  deepEqual(maxOpenMargin({ ...BTC, leverage: 100 }), {
    maxMarginWad: 100_000n * WAD,
    limitedBy: "max_position_notional",
    sideHeadroomUsdWad: 98_338_711_376_864_445_687_863_616_807n,
  });
});

Deno.test("maxOpenMargin at 1x allows the full $10 million notional as margin", () => {
  equal(maxOpenMargin({ ...BTC, leverage: 1 }).maxMarginWad, 10_000_000n * WAD);
});

Deno.test("maxOpenMargin binds on OI headroom when the side has one BTC of room left", () => {
  // room 1 BTC * 83065.5 = $83,065.5 headroom; / 10x = $8,306.55
  deepEqual(
    maxOpenMargin({ ...BTC, sideOiBaseWad: BTC.sideCapBaseWad - WAD, leverage: 10 }),
    {
      maxMarginWad: 8_306_550_000_000_000_000_000n,
      limitedBy: "open_interest_cap",
      sideHeadroomUsdWad: 83_065_500_000_000_000_000_000n,
    },
  );
});

Deno.test("maxOpenMargin is zero when a side is at or over its cap", () => {
  const full = maxOpenMargin({ ...BTC, sideOiBaseWad: BTC.sideCapBaseWad + 5n, leverage: 10 });
  equal(full.maxMarginWad, 0n);
  equal(full.sideHeadroomUsdWad, 0n);
  equal(full.limitedBy, "open_interest_cap");
});

Deno.test("maxOpenMargin uses only the notional limit when the side is uncapped", () => {
  deepEqual(maxOpenMargin({ ...BTC, sideCapBaseWad: (1n << 128n) - 1n, leverage: 1000 }), {
    maxMarginWad: 10_000n * WAD,
    limitedBy: "max_position_notional",
    sideHeadroomUsdWad: null,
  });
});

Deno.test("maxOpenMargin floors the notional limit at awkward leverage", () => {
  // 10,000,000e18 / 3 = 3333333333333333333333333.33 -> floored
  equal(maxOpenMargin({ ...BTC, leverage: 3 }).maxMarginWad, 3_333_333_333_333_333_333_333_333n);
});

Deno.test("maxOpenMargin applies a maximum net OI through the other side's OI", () => {
  // net cap = short OI + 460e6 * 10 / 830655 BTC = 23647630622674285431948 (below the side cap)
  // room = 57437756048923195595 -> headroom $4,771,095.925... ; / 100x
  deepEqual(
    maxOpenMargin({
      ...BTC,
      leverage: 100,
      maxNetOiUsdWad: 460_000_000n * WAD,
      otherSideOiBaseWad: SHORT_OI,
    }),
    {
      maxMarginWad: 47_710_959_250_818_297_036_964n,
      limitedBy: "open_interest_cap",
      sideHeadroomUsdWad: 4_771_095_925_081_829_703_696_472n,
    },
  );
  // $450M net cap sits below the current long OI -> no room at all
  const none = maxOpenMargin({
    ...BTC,
    leverage: 100,
    maxNetOiUsdWad: 450_000_000n * WAD,
    otherSideOiBaseWad: SHORT_OI,
  });
  equal(none.maxMarginWad, 0n);
});

Deno.test("maxOpenMargin rejects bad leverage, a zero mark and a net OI limit without the other side", () => {
  throws(() => maxOpenMargin({ ...BTC, leverage: 0 }), /leverage/);
  throws(() => maxOpenMargin({ ...BTC, leverage: 10, markRaw: 0n }), /mark price/);
  throws(
    () => maxOpenMargin({ ...BTC, leverage: 10, maxNetOiUsdWad: WAD }),
    /otherSideOiBaseWad/,
  );
});
