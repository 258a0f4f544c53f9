import { equal } from "node:assert/strict";
import { isOpenable, type MarketFlags, marketStatus } from "./market_status.ts";

const LIVE: MarketFlags = {
  active: true,
  paused: false,
  terminal: false,
  retired: false,
  closeOnly: false,
};
const ALL: MarketFlags = {
  active: true,
  paused: true,
  terminal: true,
  retired: true,
  closeOnly: true,
};

Deno.test("marketStatus calls a live BTC market active and openable", () => {
  equal(marketStatus(LIVE, false), "active");
  equal(isOpenable(LIVE, false), true);
});

Deno.test("marketStatus lets retired win over every other flag", () => {
  equal(marketStatus(ALL, true), "retired");
});

Deno.test("marketStatus follows retired, terminal, paused, close_only precedence", () => {
  equal(marketStatus({ ...ALL, retired: false }, false), "terminal");
  equal(marketStatus({ ...ALL, retired: false, terminal: false }, false), "paused");
  equal(
    marketStatus({ ...ALL, retired: false, terminal: false, paused: false }, false),
    "close_only",
  );
});

Deno.test("marketStatus calls a market with no flags set inactive", () => {
  equal(marketStatus({ ...LIVE, active: false }, false), "inactive");
  equal(marketStatus({ ...LIVE, active: false }, true), "inactive");
});

Deno.test("marketStatus shows the global trading pause as paused on an active market only", () => {
  equal(marketStatus(LIVE, true), "paused");
  equal(marketStatus({ ...LIVE, closeOnly: true }, true), "close_only");
  equal(marketStatus({ ...LIVE, terminal: true }, true), "terminal");
});

Deno.test("isOpenable is false if any single blocking flag or the global pause is set", () => {
  equal(isOpenable(LIVE, true), false);
  equal(isOpenable({ ...LIVE, active: false }, false), false);
  equal(isOpenable({ ...LIVE, paused: true }, false), false);
  equal(isOpenable({ ...LIVE, closeOnly: true }, false), false);
  equal(isOpenable({ ...LIVE, retired: true }, false), false);
  equal(isOpenable({ ...LIVE, terminal: true }, false), false);
});
