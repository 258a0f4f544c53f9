import { equal, ok } from "node:assert/strict";
import { netPnlWad } from "./net_pnl.ts";
import { recentTrades, tradeHistoryPage } from "../papertrade/wire.ts";

Deno.test("netPnlWad subtracts the 2% win fee from a 1% BTC gain's adjusted PnL, exactly", () => {
  // adjusted $88.3268..., fee $1.7665... -> $86.5603...; the figures are past 2^53, so a
  // float on the way would lose the last digits.
  equal(netPnlWad(88326854386986704700n, 1766537087739734094n), 86560317299246970606n);
  ok(
    BigInt(Number(88326854386986704700n) - Number(1766537087739734094n)) !==
      86560317299246970606n,
  );
});

Deno.test("netPnlWad leaves a loss unchanged when the user paid no fee", () => {
  equal(netPnlWad(-50n * 10n ** 18n, 0n), -50n * 10n ** 18n);
});

Deno.test("netPnlWad can turn a tiny gain into a net loss", () => {
  equal(netPnlWad(5n, 7n), -2n);
});

/** The replay's data files (what its API serves). */
async function dataFile(name: string) {
  return JSON.parse(
    await Deno.readTextFile(new URL(`../../fixtures/data/${name}`, import.meta.url)),
  );
}

Deno.test("a closed trade's net PnL is computed at the wire, and the upstream's recent trades report the same figure", async () => {
  const histories: Record<string, unknown[]> = await dataFile("trades.json");
  const netByPosition = new Map<string, bigint>();
  let feesPaid = 0;
  for (const [wallet, rows] of Object.entries(histories)) {
    const page = tradeHistoryPage.parse({ ok: true, wallet, trades: rows, nextCursor: null });
    for (const trade of page.trades) {
      equal(trade.netPnl, netPnlWad(trade.adjustedPnl, trade.userPaidFee), trade.positionId);
      if (trade.userPaidFee > 0n) feesPaid++;
      netByPosition.set(trade.positionId, trade.netPnl);
    }
  }
  ok(feesPaid > 10, "trades that paid a fee are among them");
  // The recent trades carry the upstream's own PnL of each close, in display dollars: it is the
  // net figure (after the fee), to the cent.
  const { trades: recent } = recentTrades.parse(await dataFile("trades-recent.json"));
  const closes = recent.filter((trade) =>
    trade.kind !== "open" && trade.pnlUsd !== null && netByPosition.has(trade.positionId)
  );
  ok(closes.some((trade) => trade.pnlUsd! > 0), "a winning close is among them");
  for (const trade of closes) {
    const net = netByPosition.get(trade.positionId)!;
    // Half a cent of rounding, and a hair of float noise in the display figure.
    ok(Math.abs(Number(net) / 1e18 - trade.pnlUsd!) < 0.0051, `${trade.positionId}: ${net}`);
  }
});
