import assert from "node:assert/strict";
import { bandOf, bustLadder, cumulative, ladderPrice, sideTotal } from "./ladder.ts";
import type { Mark } from "../marks.ts";

const WAD = 10n ** 18n;
const BTC: Mark = {
  instrumentId: 0,
  symbol: "BTC",
  priceScale: 10n,
  markRaw: 800_000n, // $80,000.0
  bid: 800_000n,
  ask: 800_000n,
  at: 0,
  source: "bbo",
};

function row(isLong: boolean, bust: bigint, notionalUsd: bigint, mark: Mark | null = BTC) {
  const moveToBust = mark === null ? null : isLong ? mark.markRaw - bust : bust - mark.markRaw;
  return {
    symbol: mark?.symbol ?? "BTC",
    mark,
    moveToBust,
    notional: notionalUsd * WAD,
    position: { isLong },
  };
}

Deno.test("a band's edge belongs to the band: a bust exactly k steps away is in band k", () => {
  // One step of 0.05 % at 800,000 raw is 400 raw.
  assert.equal(bandOf(400n, 800_000n), 1);
  assert.equal(bandOf(401n, 800_000n), 2);
  assert.equal(bandOf(1n, 800_000n), 1);
  assert.equal(bandOf(0n, 800_000n), 0, "at the bust price: busts at the mark");
  assert.equal(bandOf(-5n, 800_000n), 0, "past bust");
  assert.equal(bandOf(40_000n, 800_000n), 100, "5 % is the last band");
  assert.equal(bandOf(40_001n, 800_000n), 101, "past 5 %");
  // An odd mark: 0.05 % of 830,655 is 415.3275 raw, so 415 is in band 1 and 416 in band 2.
  assert.equal(bandOf(415n, 830_655n), 1);
  assert.equal(bandOf(416n, 830_655n), 2);
  assert.throws(() => bandOf(1n, 0n), RangeError);
});

Deno.test("the ladder sums notional per band and side, exactly, and its cumulative adds up", () => {
  const rows = [
    row(true, 800_000n - 400n, 1000n), // long, band 1
    row(true, 800_000n - 401n, 250n), // long, band 2
    row(true, 800_000n - 800n, 5n), // long, band 2 (its far edge)
    row(true, 800_001n, 7n), // long already past bust
    row(true, 700_000n, 3n), // long 12.5 % away: beyond
    row(false, 800_000n + 1200n, 40n), // short, band 3
    row(true, 800_000n - 400n, 9n, null), // no mark: left out
  ];
  const ladder = bustLadder(rows, ["BTC", "ETH"]);
  assert.equal(ladder.unvalued, 1);
  assert.deepEqual(ladder.markets.map((m) => m.symbol), ["BTC"], "ETH holds nothing");
  const [btc] = ladder.markets;
  assert.deepEqual(btc.long.pastBust, { count: 1, notional: 7n * WAD });
  assert.deepEqual(btc.long.bands[0], { count: 1, notional: 1000n * WAD });
  assert.deepEqual(btc.long.bands[1], { count: 2, notional: 255n * WAD });
  assert.deepEqual(btc.long.beyond, { count: 1, notional: 3n * WAD });
  assert.deepEqual(btc.short.bands[2], { count: 1, notional: 40n * WAD });
  const longs = cumulative(btc.long);
  assert.deepEqual(longs[0], { count: 2, notional: 1007n * WAD });
  assert.deepEqual(longs[1], { count: 4, notional: 1262n * WAD });
  assert.deepEqual(longs.at(-1), longs[1], "nothing farther within 5 %");
  assert.deepEqual(cumulative(btc.short).slice(0, 3).map((s) => s.notional), [0n, 0n, 40n * WAD]);
  assert.deepEqual(sideTotal(btc.long), { count: 5, notional: 1265n * WAD });
});

Deno.test("markets follow the given order; one the order does not name comes last", () => {
  const eth: Mark = { ...BTC, symbol: "ETH", instrumentId: 1, markRaw: 25_000n };
  const rows = [row(true, 24_990n, 1n, eth), row(true, 799_000n, 1n), {
    ...row(true, 799_000n, 1n),
    symbol: "instrument 9",
  }];
  assert.deepEqual(
    bustLadder(rows, ["BTC", "ETH"]).markets.map((m) => m.symbol),
    ["BTC", "ETH", "instrument 9"],
  );
});

Deno.test("band edges as prices: k steps below the mark for longs, above for shorts", () => {
  assert.equal(ladderPrice(800_000n, 1, true), 799_600n);
  assert.equal(ladderPrice(800_000n, 100, false), 840_000n);
  assert.equal(ladderPrice(830_655n, 1, true), 830_239n, "rounded down");
});
