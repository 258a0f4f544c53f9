import assert from "node:assert/strict";
import { catalog, withReplayClients } from "../replay_clients.ts";
import { fetchWalletRanks } from "./ranks.ts";

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
        const listed = await papertrade.fetchLeaderboard({ window, page });
        rankInFull = listed.accounts.find((r) => r.address === whale)?.rank;
      }
      assert.equal(row?.rank, rankInFull, `rank in ${window}`);
    }
    const unranked = await fetchWalletRanks(papertrade, catalog.wallets.unknown.address);
    assert.ok(unranked.every((rank) => rank.row === null));
  });
});
