import assert from "node:assert/strict";
import { catalog, withReplayClients } from "../../tests/support/replay_clients.ts";
import type { PapertradeClient } from "../papertrade/mod.ts";
import { fetchRankedLeaderboard, fetchWalletRanks } from "./ranks.ts";

Deno.test("fetchWalletRanks gives the wallet's true rank in every window", async () => {
  await withReplayClients(async ({ papertrade }) => {
    const whale = catalog.wallets.whale.address;
    const ranks = await fetchWalletRanks(papertrade, whale);
    assert.deepEqual(ranks.map((rank) => rank.window), ["24h", "7d", "30d", "all"]);
    for (const { window, row } of ranks) {
      assert.equal(row?.address, whale);
      const pages = Math.ceil(catalog.leaderboard.accounts / catalog.leaderboard.pageSize);
      let rankInFull: number | null | undefined;
      for (let page = 0; page < pages && rankInFull === undefined; page++) {
        const listed = await papertrade.read("leaderboard", { window, page });
        rankInFull = listed.accounts.find((r) => r.address === whale)?.rank;
      }
      assert.equal(row?.rank, rankInFull, `rank in ${window}`);
    }
    const unranked = await fetchWalletRanks(papertrade, catalog.wallets.unknown.address);
    assert.ok(unranked.every((rank) => rank.row === null));
  });
});

/** Every account's rank by PnL in `window`, from the PnL-sorted listing read whole. */
async function pnlOrder(papertrade: PapertradeClient, window: "7d"): Promise<Map<string, number>> {
  const listed = await papertrade.read("leaderboard", { window, pageSize: 200 });
  return new Map(listed.accounts.map((row) => [row.address, row.rank!]));
}

Deno.test("under any sort, a leaderboard row's PnL rank is its rank in the PnL order", async () => {
  await withReplayClients(async ({ papertrade, upstream }) => {
    const expected = await pnlOrder(papertrade, "7d");
    for (
      const [sortKey, sortDir] of [["currentBalance", "asc"], ["totalWindowedPnl", "asc"]] as const
    ) {
      const page = await fetchRankedLeaderboard(papertrade, {
        window: "7d",
        sortKey,
        sortDir,
        page: 1,
      });
      assert.equal(page.accounts.length, catalog.leaderboard.pageSize);
      for (const row of page.accounts) {
        assert.equal(page.pnlRanks.get(row.address), expected.get(row.address), row.address);
      }
      // The upstream's own rank follows the sort: it is the place, not the PnL rank.
      assert.deepEqual(page.accounts.map((row) => row.rank), range(26, 50));
    }
    // Sorted by PnL descending, the rows carry their PnL rank: no further read.
    const before = upstream.stats().requests;
    const byPnl = await fetchRankedLeaderboard(papertrade, { window: "7d", query: "moby" });
    assert.equal(upstream.stats().requests - before, 1);
    const [whale] = byPnl.accounts;
    assert.equal(byPnl.pnlRanks.get(whale.address), expected.get(whale.address));
  });
});

Deno.test("PnL ranks are read a bounded number of pages deep; rows past the bound have none", async () => {
  await withReplayClients(async ({ papertrade, upstream }) => {
    const expected = await pnlOrder(papertrade, "7d");
    const before = upstream.stats().requests;
    // Ascending by PnL, page 1 holds PnL ranks N − 25 down to N − 49 (of N accounts): only those
    // up to 50 are within 2 pages of 25.
    const page = await fetchRankedLeaderboard(
      papertrade,
      { window: "7d", sortDir: "asc", page: 1 },
      { pageSize: 25, maxPages: 2 },
    );
    assert.equal(upstream.stats().requests - before, 3, "the page and two PnL pages");
    for (const row of page.accounts) {
      const rank = expected.get(row.address)!;
      assert.equal(page.pnlRanks.get(row.address), rank <= 50 ? rank : undefined);
    }
    assert.equal(page.pnlRanks.size, 100 - catalog.leaderboard.accounts);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
