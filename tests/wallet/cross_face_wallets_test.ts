/**
 * One answer everywhere: for every demo wallet with open positions, each glossary figure
 * (docs/figures.md) agrees across every face within the rounding its label shows — the wallet
 * page, its islands' view after a live update, get_wallet, get_positions, the at-risk board's row
 * (page and tool), the leaderboard's row (page, tool, CSV), /watchlist.json, the preview card's
 * text, the trades CSV and the Atom feed — first with the marks pinned, then with them moving.
 */
import assert from "node:assert/strict";
import { WALLETS_WITH_POSITIONS, withFaces } from "../support/faces.ts";
import { checkWallet, readBoard } from "../support/wallet_faces.ts";
import { catalog } from "../harness.ts";

const { marks } = catalog;

Deno.test("every demo wallet's figures agree on every face, marks pinned", async () => {
  await withFaces(async (faces) => {
    // Pinned a little off the catalog's mids, so nothing agrees by accident of the fixtures.
    await faces.pinMarks({ 0: BigInt(marks[0].mid) - 37n, 1: BigInt(marks[1].mid) + 11n });
    const board = await readBoard(faces);
    let checks = 0;
    for (const wallet of WALLETS_WITH_POSITIONS) {
      checks += await checkWallet(faces, wallet.address, board);
    }
    assert.ok(checks > 1000, `${checks} checks`);
  });
});

Deno.test("every demo wallet's figures agree on every face, marks moving", async () => {
  await withFaces(async (faces) => {
    for (const step of [0, 47_000, 3 * 60_000 + 13_000]) {
      await faces.moveMarks(step + 1_000);
      const board = await readBoard(faces);
      for (const wallet of WALLETS_WITH_POSITIONS) await checkWallet(faces, wallet.address, board);
    }
  });
});
