import { equal } from "node:assert/strict";
import { netPnlWad } from "./net_pnl.ts";

Deno.test("netPnlWad subtracts the 2% win fee from a 1% BTC gain's adjusted PnL", () => {
  // adjusted $88.3268..., fee $1.7665... -> $86.5603...
  equal(netPnlWad(88326854386986704700n, 1766537087739734094n), 86560317299246970606n);
});

Deno.test("netPnlWad leaves a loss unchanged when the user paid no fee", () => {
  equal(netPnlWad(-50n * 10n ** 18n, 0n), -50n * 10n ** 18n);
});

Deno.test("netPnlWad can turn a tiny gain into a net loss", () => {
  equal(netPnlWad(5n, 7n), -2n);
});
