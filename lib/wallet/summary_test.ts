import assert from "node:assert/strict";
import { catalog, withReplayClients } from "../../tests/support/replay_clients.ts";
import { fetchWalletSummary } from "./summary.ts";

Deno.test("fetchWalletSummary keeps only unexpired session keys", async () => {
  await withReplayClients(async ({ papertrade, now }) => {
    const whale = catalog.wallets.whale;
    const summary = await fetchWalletSummary(papertrade, whale.address, { now });
    assert.deepEqual(
      summary.activeSessionKeys.map((key) => key.key),
      whale.sessionKeys.filter((key) => key.active).map((key) => key.address),
    );
    assert.equal(summary.leaderboardName, whale.leaderboardName);
    const later = await fetchWalletSummary(papertrade, whale.address, {
      now: () => now() + 400 * 86_400_000,
    });
    assert.deepEqual(later.activeSessionKeys, []);
    assert.equal(later.pendingRewards, summary.pendingRewards);
  });
});
