/**
 * The chain side of the "model wrong" matrix: with each modelled chain item made wrong by the
 * replay, every settlement page and decode_transaction still show the Exchange's events and the
 * wallets they name, and report the modelled part as not decoded or not verified.
 */
import assert from "node:assert/strict";
import { CHAIN_ITEMS } from "../lib/hyperevm/mod.ts";
import { decodeTransactionTool } from "../tools/decode_transaction.ts";
import { createToolContext } from "../tools/context.ts";
import { callTool } from "./support/tools.ts";
import { catalog, replayDeps, withPages } from "./harness.ts";

const txs = catalog.transactions;
const SETTLEMENTS = [
  txs.multi_wallet_batch.hash,
  txs.batch_with_failed_call.hash,
  txs.batch_with_tampered_signature.hash,
  txs.settled_too_old.hash,
  ...txs.feed,
  catalog.positions.closed_unnamed.txHash,
  catalog.positions.liquidated.txHash,
];

type Decoded = Awaited<ReturnType<typeof decode>>;
const decode = (context: ReturnType<typeof createToolContext>, hash: string) =>
  callTool(decodeTransactionTool, { tx_hash: hash }, context);

/** What each switch must leave of the modelled decoding of an executor batch. */
const MODELLED: Record<string, (wrong: Decoded, right: Decoded) => void> = {
  batchCalldata(wrong) {
    // Reported as not decoded: no batch, no intents, and the text says so too.
    assert.equal(wrong.structured.is_batch, false);
    assert.equal(wrong.structured.intent_count, 0);
    assert.match(wrong.text, /^is_batch: false$/m);
  },
  batchEvent(wrong) {
    for (const intent of wrong.structured.intents) {
      assert.equal(intent.verdict, "unverified");
      assert.match(intent.verdict_reason!, /no executor event|signature does not recompute/);
    }
  },
  typeStrings(wrong) {
    for (const intent of wrong.structured.intents) {
      assert.equal(intent.signature_verified, false);
      assert.notEqual(intent.verdict, "executed");
    }
  },
  cancelDomain(wrong, right) {
    wrong.structured.intents.forEach((intent, i) => {
      const verified = intent.action !== "cancelIntent" &&
        right.structured.intents[i].signature_verified;
      assert.equal(intent.signature_verified, verified, `${intent.action} ${intent.index}`);
    });
  },
};

Deno.test("every modelled chain item is checked here", () => {
  const modelled = CHAIN_ITEMS.filter((item) => item.status === "modelled").map((item) => item.id);
  assert.deepEqual(Object.keys(MODELLED).sort(), [...modelled].sort());
});

Deno.test("with each chain switch on, settlements still show their Exchange events and wallets", async () => {
  await withPages(async ({ get, upstream }) => {
    const context = createToolContext(replayDeps(upstream), new AbortController().signal);
    const right = await Promise.all(SETTLEMENTS.map((hash) => decode(context, hash)));
    assert.ok(right.every((r) => r.structured.events.length > 0 || r.structured.is_batch));
    assert.ok(right.some((r) => r.structured.intents.some((i) => i.action === "cancelIntent")));
    for (const id of Object.keys(MODELLED)) {
      upstream.setFaults({ modelWrong: [`chain.${id}`] });
      for (const [i, hash] of SETTLEMENTS.entries()) {
        const wrong = await decode(context, hash);
        const label = `${id} ${hash}`;
        // Facts first: the same events, naming the same wallets, whatever the switch.
        assert.deepEqual(wrong.structured.events, right[i].structured.events, label);
        const named = wrong.structured.events.map((event) => event.wallet);
        assert.ok(named.every((wallet) => wrong.structured.wallets.includes(wallet)), label);
        assert.equal(wrong.structured.papertrade, true, label);
        if (right[i].structured.is_batch) MODELLED[id](wrong, right[i]);

        const page = await get(`/tx/${hash}`);
        assert.equal(page.status, 200, label);
        for (const wallet of named) {
          assert.ok(page.body.includes(`href="/wallet/${wallet}"`), label);
        }
        if (named.length > 0) assert.match(page.body, /<h2>Exchange events<\/h2>/, label);
        assert.doesNotMatch(page.body, /Not a Papertrade transaction/, label);
        // An intent the model cannot vouch for is never marked executed.
        for (const card of page.body.split('<article class="intent-card"').slice(1)) {
          if (!card.includes("✓ </span>verified")) {
            assert.doesNotMatch(card, /✓ <\/span>executed/, label);
          }
        }
        if (id === "batchCalldata" && right[i].structured.is_batch) {
          assert.match(page.body, /does not decode with the explorer's model/, label);
        }
      }
    }
  });
});

Deno.test("with the executor's event modelled wrong, a feed intent still leads to its settlement without ?wallet=", async () => {
  await withPages(async ({ get, upstream }) => {
    upstream.setFaults({ modelWrong: ["chain.batchEvent"] });
    const feed = catalog.intents.feed;
    const { status, body } = await get(`/intent/${feed.id}`);
    assert.equal(status, 200);
    assert.match(body, /<h1>Intent: settled<\/h1>/);
    assert.match(body, /<h2>In the live trades feed<\/h2>/);
    assert.match(body, /Settled, from the wallet's trade history/);
    assert.ok(body.includes(`href="/tx/${feed.txHash}"`));
    // The intent found nowhere gets the page that says how to find it, not a bare 404.
    const unknown = await get(`/intent/${catalog.intents.unknown.id}`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.body, /<label for="intent-wallet">/);
    assert.match(unknown.body, /the search at the top/);
  });
});
