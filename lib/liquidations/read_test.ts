import assert from "node:assert/strict";
import type { PapertradeClient } from "../papertrade/mod.ts";
import { readLiquidations } from "./read.ts";
import { withReplayClients } from "../../tests/support/replay_clients.ts";

Deno.test("a trade history that cannot be read is named once and stops the others for this read", async () => {
  await withReplayClients(async ({ papertrade, hyperevm, now, upstream }) => {
    upstream.setFaults({ target: "api", path: "/query/wallet/trades", status: 500 });
    let histories = 0;
    const counting: PapertradeClient = {
      ...papertrade,
      read: ((name, ...rest) => {
        if (name === "tradeHistory") histories += 1;
        return papertrade.read(name, ...rest);
      }) as PapertradeClient["read"],
    };
    const list = await readLiquidations({ papertrade: counting, hyperevm, now });
    const wallets = new Set(list.rows.map((row) => row.wallet)).size;
    assert.ok(wallets > 20);
    assert.ok(histories <= 8, `${histories} history reads`);
    assert.deepEqual(list.unavailable.map((item) => item.part), ["trade history"]);
    // The chain's facts stay; what only the history gives is unknown, never guessed.
    const onlyOnChain = list.rows.filter((row) => !row.inFeed);
    assert.ok(onlyOnChain.length > 0);
    for (const row of onlyOnChain) {
      assert.ok(row.markPrice !== null && row.bustPrice !== null && row.txHash !== null);
      assert.equal(row.notional, null);
      assert.equal(row.symbol, null);
    }
    // A liquidation the feed lists keeps the feed's market and notional.
    assert.ok(list.rows.filter((row) => row.inFeed).every((row) => row.notional !== null));
  });
});
