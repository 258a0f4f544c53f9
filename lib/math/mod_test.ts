import { equal } from "node:assert/strict";
import * as math from "./mod.ts";

Deno.test("mod re-exports every math function", () => {
  const names = [
    "wadToNumber",
    "rawPriceToNumber",
    "checkedLeverage",
    "markPrice",
    "bustPrice",
    "unrealizedPnlWad",
    "closePayout",
    "distanceToBustPercentWad",
    "riskBand",
    "netPnlWad",
    "pendingRewardsWad",
    "openInterestUsdWad",
    "isUncappedCap",
    "capUsage",
    "marketStatus",
    "isOpenable",
    "returnOnDepositsPercentWad",
  ] as const;
  for (const name of names) equal(typeof math[name], "function", name);
  equal(math.WAD, 10n ** 18n);
});

Deno.test("mod functions chain from a quote to a risk band for the real BTC long 100x", () => {
  const mark = math.markPrice(830650n, 830660n);
  const bust = math.bustPrice({
    entryRaw: mark,
    leverage: 100,
    isLong: true,
    bustBufferWad: 476_041_580_087_574n,
  });
  equal(bust, 822740n);
  const distance = math.distanceToBustPercentWad({ markRaw: mark, bustRaw: bust, isLong: true });
  equal(math.riskBand(distance), "ok");
});
