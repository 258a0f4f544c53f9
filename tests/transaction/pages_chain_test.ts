import assert from "node:assert/strict";
import recentTrades from "../../fixtures/data/trades-recent.json" with { type: "json" };
import { catalog, withPages } from "../harness.ts";

const { transactions: txs, intents, positions } = catalog;

Deno.test("a settlement batch lists each intent with wallet, signer, fields, signature and result", async () => {
  await withPages(async ({ get }) => {
    const batch = txs.multi_wallet_batch;
    const { status, headers, body } = await get(`/tx/${batch.hash}`);
    assert.equal(status, 200);
    assert.match(headers.get("content-type") ?? "", /^text\/html/);
    assert.match(body, /<h1>Papertrade settlement<\/h1>/);
    assert.match(
      body,
      new RegExp(
        `<h2>${batch.intentIds.length} intents, decoded with the modelled executor ABI</h2>`,
      ),
    );
    // The Exchange's own event of the batch's close, in the events table, its wallet linked.
    assert.match(body, /<h2>Exchange events<\/h2>/);
    assert.match(
      body,
      /<td>PositionsClosed<\/td><td><a class="mono" href="\/wallet\/0x[0-9a-f]{40}"/,
    );
    for (const wallet of batch.wallets) {
      assert.ok(body.includes(`href="/wallet/${wallet}"`), wallet);
    }
    for (const id of batch.intentIds) assert.ok(body.includes(`href="/intent/${id}?wallet=`), id);
    assert.equal(
      body.match(/<span aria-hidden="true">✓ <\/span>verified/g)?.length,
      batch.intentIds.length,
    );
    assert.match(body, /\(session key\)/);
    assert.match(body, /<dt>Leverage<\/dt><dd>\d+x<\/dd>/);
    assert.match(body, /<dt>Margin<\/dt><dd>\$[\d,]+\.\d\d<\/dd>/);
    assert.match(body, /<details class="raw"><summary>Raw calldata \([\d,]+ bytes\)<\/summary>/);
  });
});

Deno.test("a failed call shows ✗ with the chain's reason as text; a tampered signature shows ✗", async () => {
  await withPages(async ({ get }) => {
    const failed = await get(`/tx/${txs.batch_with_failed_call.hash}`);
    assert.equal(failed.status, 200);
    assert.match(
      failed.body,
      /✗ <\/span>failed<\/span>: <q class="untrusted"><bdi>position not open<\/bdi><\/q>/,
    );
    const tampered = await get(`/tx/${txs.batch_with_tampered_signature.hash}`);
    const card = tampered.body.split('<article class="intent-card"').find((part) =>
      part.includes(txs.batch_with_tampered_signature.tamperedIntentId)
    ) ?? "";
    assert.match(card, /✗ <\/span>not verified/);
    // Reported executed by the executor, but not as signed: never beside an executed mark.
    assert.match(card, /\? <\/span>unverified<\/span><span class="muted">: its signature/);
    assert.doesNotMatch(card, /executed/);
  });
});

Deno.test("a transaction that is not Papertrade's gets a clear page with its calldata", async () => {
  await withPages(async ({ get }) => {
    const { status, body } = await get(`/tx/${txs.not_papertrade.hash}`);
    assert.equal(status, 200);
    assert.match(body, /<h2>Not a Papertrade transaction<\/h2>/);
    assert.ok(body.includes(txs.not_papertrade.from));
    assert.match(body, /<summary>Raw calldata/);
  });
});

Deno.test("transaction errors: 404 unknown, 400 malformed, 301 upper case, 502 naming the RPC", async () => {
  await withPages(async ({ get, upstream }) => {
    const unknown = await get(`/tx/${txs.unknown.hash}`);
    assert.equal(unknown.status, 404);
    assert.ok(unknown.body.includes(txs.unknown.hash), "the page names the hash");
    assert.ok(unknown.body.includes(`/intent/${txs.unknown.hash}`));
    const bad = await get("/tx/0xnothex");
    assert.equal(bad.status, 400);
    assert.match(bad.body, /expected 0x followed by 64 hex characters/);
    const upper = await get(`/tx/0x${txs.unknown.hash.slice(2).toUpperCase()}`);
    assert.equal(upper.status, 301);
    assert.equal(upper.headers.get("location"), `/tx/${txs.unknown.hash}`);
    upstream.setFaults({ target: "rpc", status: 500 });
    const down = await get(`/tx/${txs.multi_wallet_batch.hash}`);
    assert.equal(down.status, 502);
    assert.match(down.body, /HyperEVM RPC is not answering/);
    assert.doesNotMatch(down.body, /\.ts:\d+/);
  });
});

Deno.test("an intent page says where the intent is: feed, relayer queue or chain", async () => {
  await withPages(async ({ get }) => {
    const feed = await get(`/intent/${intents.feed.id}`);
    assert.equal(feed.status, 200);
    assert.match(feed.body, /<h1>Intent: in the live trades feed<\/h1>/);
    assert.ok(feed.body.includes(`href="/wallet/${intents.feed.wallet}"`));
    const pending = await get(`/intent/${intents.pending.id}?wallet=${intents.pending.wallet}`);
    assert.equal(pending.status, 200);
    assert.match(pending.body, /<h1>Intent: queued at the relayer<\/h1>/);
    assert.match(pending.body, /<dt>Queue position<\/dt><dd>\d+ \(1 is next\)<\/dd>/);
    assert.match(pending.body, /<dt>Action<\/dt><dd>openPosition<\/dd>/);
    const settled = await get(`/intent/${intents.settled_in_window.id}`);
    assert.equal(settled.status, 200);
    assert.match(settled.body, /<h1>Intent: settled on HyperEVM<\/h1>/);
    assert.match(settled.body, /<title>Intent: settled on HyperEVM 0x/);
    assert.ok(settled.body.includes(`href="/tx/${intents.settled_in_window.txHash}"`));
    assert.match(settled.body, /✓ <\/span>verified/);
    const failed = await get(`/intent/${intents.failed.id}`);
    assert.match(failed.body, /✗ <\/span>failed/);
    assert.match(failed.body, /position not open/);
  });
});

Deno.test("an intent found nowhere is a 404 with the trade-history hint and a queue form", async () => {
  await withPages(async ({ get }) => {
    for (const id of [intents.unknown.id, intents.settled_too_old.id]) {
      const { status, body } = await get(`/intent/${id}`);
      assert.equal(status, 404, id);
      assert.ok(body.includes(id));
      assert.match(body, /<form class="search" action="\/intent\/0x[0-9a-f]{64}" method="get">/);
    }
    assert.equal((await get("/intent/0x1234")).status, 400);
    const badWallet = await get(`/intent/${intents.unknown.id}?wallet=nope`);
    assert.equal(badWallet.status, 400);
  });
});

Deno.test("a position page shows the open position at the mark, or its closed-trade record", async () => {
  await withPages(async ({ get }) => {
    const open = await get(`/position/${positions.open.id}?wallet=${positions.open.owner}`);
    assert.equal(open.status, 200);
    assert.match(open.body, new RegExp(`<h1>Position #${positions.open.id}: open</h1>`));
    assert.match(open.body, /<th scope="col" class="num">To bust<\/th>/);
    assert.match(open.body, /<span class="badge (ok|close|near_bust)">/);
    const closed = await get(`/position/${positions.closed.id}?wallet=${positions.closed.owner}`);
    assert.equal(closed.status, 200);
    assert.match(closed.body, new RegExp(`<h1>Position #${positions.closed.id}: closed</h1>`));
    assert.match(closed.body, /<dt>Net PnL<\/dt>/);
    const liquidated = await get(
      `/position/${positions.liquidated.id}?wallet=${positions.liquidated.owner}`,
    );
    assert.match(liquidated.body, /: liquidated<\/h1>/);
  });
});

Deno.test("without a wallet, the position's owner comes from the latest trades feed", async () => {
  await withPages(async ({ get }) => {
    const latest = recentTrades.events[0];
    const { status, body } = await get(`/position/${latest.positionId}`);
    assert.equal(status, 200);
    assert.ok(body.includes(`href="/wallet/${latest.wallet}"`));
  });
});

Deno.test("position errors: unknown owner, unknown id, unknown wallet, malformed id", async () => {
  await withPages(async ({ get }) => {
    const noOwner = await get(`/position/${positions.unknown.id}`);
    assert.equal(noOwner.status, 404);
    assert.match(noOwner.body, /<label for="position-wallet">Owner's wallet address<\/label>/);
    const notThere = await get(`/position/${positions.unknown.id}?wallet=${positions.open.owner}`);
    assert.equal(notThere.status, 404);
    assert.ok(notThere.body.includes(positions.open.owner), "the page names the wallet read");
    const noWallet = await get(`/position/1?wallet=${catalog.wallets.unknown.address}`);
    assert.equal(noWallet.status, 404);
    assert.ok(noWallet.body.includes(catalog.wallets.unknown.address));
    const bad = await get("/position/12ab");
    assert.equal(bad.status, 400);
  });
});

Deno.test("an intent older than the chain scan is found through its wallet's trade history", async () => {
  await withPages(async ({ get }) => {
    const old = intents.settled_too_old;
    const { status, body } = await get(`/intent/${old.id}?wallet=${old.wallet}`);
    assert.equal(status, 200);
    assert.match(body, /<h1>Intent: settled<\/h1>/);
    assert.match(body, /Settled, from the wallet's trade history/);
    assert.ok(body.includes(`href="/tx/${old.txHash}"`), "links its transaction");
    assert.ok(body.includes(`href="/position/${old.positionId}?wallet=${old.wallet}"`));
    assert.match(body, /<dt>Net PnL<\/dt><dd[^>]*>[+-]?\$[\d,.]+<\/dd>/);
  });
});

Deno.test("failed and unverified intents and transactions get a red headline and an alert, never a success mark", async () => {
  await withPages(async ({ get }) => {
    const failed = await get(`/intent/${intents.failed.id}`);
    assert.match(
      failed.body,
      /<h1 class="failed"><span class="mark" aria-hidden="true">✗<\/span>Intent failed<\/h1>/,
    );
    assert.match(
      failed.body,
      /<p class="alert alert-danger" role="alert"><strong>This intent did not take effect:/,
    );
    const tampered = await get(`/intent/${intents.tampered.id}`);
    assert.match(
      tampered.body,
      /<h1><span class="mark" aria-hidden="true">\?<\/span>Intent unverified<\/h1>/,
    );
    assert.match(tampered.body, /role="alert"><strong>This intent is unverified:/);
    assert.doesNotMatch(tampered.body, /✓ <\/span>executed/);
    const batch = await get(`/tx/${txs.batch_with_failed_call.hash}`);
    assert.match(
      batch.body,
      /<h1 class="failed">[^]*Papertrade settlement with failed intents<\/h1>/,
    );
    assert.match(batch.body, /role="alert"><strong>1 of 4 intents failed\.<\/strong>/);
    // The headline and the counts agree: no "with failed intents" over "0 of N".
    const tamperedBatch = await get(`/tx/${txs.batch_with_tampered_signature.hash}`);
    assert.match(tamperedBatch.body, /Papertrade settlement with unverified intents<\/h1>/);
    assert.match(tamperedBatch.body, /<strong>1 of 3 intents are unverified\.<\/strong>/);
    assert.doesNotMatch(tamperedBatch.body, / 0 of /);
    // A clean settlement keeps its plain headline.
    const clean = await get(`/intent/${intents.settled_in_window.id}`);
    assert.doesNotMatch(clean.body, /class="failed"|role="alert"/);
  });
});

Deno.test("an old intent linked from its batch is found in that transaction", async () => {
  await withPages(async ({ get }) => {
    const old = intents.settled_too_old;
    // The batch page links each intent with the transaction that carried it.
    const batch = await get(`/tx/${old.txHash}`);
    assert.ok(
      batch.body.includes(`href="/intent/${old.id}?wallet=${old.wallet}&amp;tx=${old.txHash}"`),
    );
    const { status, body } = await get(`/intent/${old.id}?tx=${old.txHash}`);
    assert.equal(status, 200);
    assert.match(body, /<h1>Intent: settled<\/h1>/);
    assert.ok(body.includes(`href="/tx/${old.txHash}"`), "it links the batch that carries it");
    // A transaction that does not carry it proves nothing.
    const other = catalog.transactions.multi_wallet_batch.hash;
    assert.equal((await get(`/intent/${old.id}?tx=${other}`)).status, 404);
    assert.equal((await get(`/intent/${old.id}?tx=0x12`)).status, 400);
  });
});
