/**
 * The transaction and wallet pages link out to the HyperEVM block explorer of
 * `BLOCK_EXPLORER_URL`, marked as external, with no referrer and no window handle.
 */
import assert from "node:assert/strict";
import { startReplayUpstream } from "../fixtures/mod.ts";
import { buildApp, catalog, replayDeps, withPages } from "./harness.ts";

const TX = catalog.transactions.multi_wallet_batch.hash;
const WHALE = catalog.wallets.whale.address;

/** The outbound explorer links of a page. */
function explorerLinks(html: string): string[] {
  return [...html.matchAll(/<a class="external" href="([^"]+)" rel="noopener noreferrer">/g)]
    .map((m) => m[1]);
}

Deno.test("the transaction and wallet pages link to the block explorer, marked external", async () => {
  await withPages(async ({ get }) => {
    const tx = await get(`/tx/${TX}`);
    assert.deepEqual(explorerLinks(tx.body), [`https://hyperevmscan.io/tx/${TX}`]);
    assert.ok(
      tx.body.includes(
        'View on hyperevmscan.io <span class="visually-hidden">(external site)</span>',
      ),
    );
    const wallet = await get(`/wallet/${WHALE}`);
    assert.deepEqual(explorerLinks(wallet.body), [`https://hyperevmscan.io/address/${WHALE}`]);
  });
});

Deno.test("the block explorer's base URL comes from the configuration", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const deps = replayDeps(upstream);
    const app = buildApp({
      ...deps,
      config: { ...deps.config, blockExplorerUrl: "https://scan.example/evm" },
    });
    const html = await (await app.request(`/tx/${TX}`)).text();
    assert.deepEqual(explorerLinks(html), [`https://scan.example/evm/tx/${TX}`]);
    assert.match(html, /View on scan\.example </);
  } finally {
    await upstream.close();
  }
});
