/**
 * Pages that make several Papertrade API reads start them all at once, so a cold page costs one
 * round trip of upstream latency, not one per read. Counted without a clock: the replay API
 * holds every answer and the reads held together are counted (`apiReadsTogether`). Hyperliquid's
 * `/info` (the candles `/markets` draws before its first mark sample, which need the market list)
 * is another upstream and is not counted.
 */
import assert from "node:assert/strict";
import { apiReadsTogether, catalog } from "./harness.ts";

const PAGES = {
  home: "/",
  markets: "/markets",
  wallet: `/wallet/${catalog.wallets.whale.address}`,
};

for (const [page, path] of Object.entries(PAGES)) {
  Deno.test(`the ${page} page starts all its API reads at once: one round trip of latency`, async () => {
    const { reads, together } = await apiReadsTogether(path);
    assert.ok(reads >= 5, `${reads} reads`);
    assert.equal(together, reads, `only ${together} of ${reads} reads were in flight at once`);
  });
}
