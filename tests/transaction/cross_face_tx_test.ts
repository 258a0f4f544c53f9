/**
 * One answer everywhere, for a transaction: its page and `decode_transaction` agree on its
 * status, block, wallets, every Exchange event (with its amounts and prices, within the rounding
 * the page shows) and every decoded intent (action, wallet, id, signature, verdict). Checked for
 * the catalog's batches and for settlements found in the demo wallets' trade histories.
 */
import assert from "node:assert/strict";
import { withFaces } from "../support/faces.ts";
import { assertShows, page, shown, stats } from "../support/cross_face.ts";
import { catalog } from "../harness.ts";
import { decodeTransactionTool } from "../../tools/decode_transaction.ts";
import { getTradeHistoryTool } from "../../tools/get_trade_history.ts";

Deno.test("a transaction's page and decode_transaction say the same of it", async () => {
  await withFaces(async (faces) => {
    // Every mined transaction the catalog names: batches, deposits, withdrawals, a foreign one.
    const hashes = new Set(
      Object.values(catalog.transactions).flatMap((tx) =>
        !Array.isArray(tx) && "block" in tx ? [tx.hash] : []
      ),
    );
    for (const wallet of [catalog.wallets.whale, catalog.wallets.liquidated]) {
      const { structured } = await faces.tool(getTradeHistoryTool, { address: wallet.address });
      const settled = structured.trades.flatMap((trade) => trade.tx_hash ?? []);
      for (const hash of settled.slice(0, 3)) hashes.add(hash);
    }
    assert.ok(hashes.size >= 5, `${hashes.size} transactions`);
    let events = 0;
    let intents = 0;
    for (const hash of hashes) {
      const { structured: tx } = await faces.tool(decodeTransactionTool, { tx_hash: hash });
      const document = page((await faces.get(`/tx/${hash}`)).body);
      const fields = stats(document);
      const at = `tx ${hash.slice(0, 10)}`;
      assert.ok(tx.found, at);
      assert.match(fields.get("Status")!, new RegExp(`${tx.status}$`), `${at} status`);
      assert.equal(shown(fields.get("Block")!).value, tx.block_number, `${at} block`);
      const walletField = document.querySelectorAll("dt");
      const walletsDd = [...walletField].find((dt) => /^Wallets?$/.test(dt.textContent!.trim()))
        ?.nextElementSibling;
      const linked = [...walletsDd?.querySelectorAll('a[href^="/wallet/"]') ?? []].map((a) =>
        a.getAttribute("href")!.slice("/wallet/".length)
      );
      assert.deepEqual(linked.sort(), [...tx.wallets].sort(), `${at} wallets`);

      const rows = [...document.querySelectorAll("tbody tr")].filter((row) =>
        row.closest("table")?.querySelector("caption")?.textContent?.startsWith(
          "Events the Exchange",
        )
      );
      assert.equal(rows.length, tx.events.length, `${at} events`);
      tx.events.forEach((event, i) => {
        const cells = [...rows[i].children].map((cell) => cell.textContent!.trim());
        const where = `${at} event ${event.log_index}`;
        assert.deepEqual(
          [Number(cells[0]), cells[1], rows[i].querySelector("a")?.getAttribute("href")],
          [event.log_index, event.name, `/wallet/${event.wallet}`],
          where,
        );
        const details = cells[4];
        const amount = (pattern: RegExp) => pattern.exec(details)?.[1] ?? `(none in ${details})`;
        if (event.margin_returned_usd !== undefined) {
          assertShows(
            `${where} margin returned`,
            event.margin_returned_usd,
            amount(/margin returned (\S+),/),
          );
          assertShows(
            `${where} balance after`,
            event.balance_after_usd!,
            amount(/balance after (\$[\d,]+\.\d\d)/),
          );
        }
        if (event.staker_fee_usd !== undefined) {
          assertShows(`${where} staker fee`, event.staker_fee_usd, amount(/fees (\S+) to stakers/));
          assertShows(`${where} dev fee`, event.dev_fee_usd!, amount(/and (\S+) to developers/));
        }
        if (event.name === "Liquidated") {
          assert.equal(cells[3], `#${event.position_id}`, `${where} position`);
          if (event.mark_price != null) {
            assertShows(`${where} mark`, event.mark_price, amount(/mark ([\d,]+(?:\.\d+)?)/));
            assertShows(`${where} bust`, event.bust_price!, amount(/bust ([\d,]+(?:\.\d+)?)/));
          }
        }
        if (event.name === "Deposit" || event.name === "WithdrawToCore") {
          assertShows(`${where} amount`, event.amount_usd!, amount(/^(\S+) /));
        }
        events += 1;
      });

      const cards = [...document.querySelectorAll("article.intent-card")];
      assert.equal(cards.length, tx.intents.length, `${at} intents`);
      tx.intents.forEach((intent, i) => {
        const card = stats(page(cards[i].outerHTML));
        const where = `${at} intent ${intent.index}`;
        assert.equal(card.get("Action"), intent.action ?? "unknown kind", `${where} action`);
        assert.equal(card.get("Wallet"), intent.wallet ?? "unknown", `${where} wallet`);
        assert.equal(card.get("Intent id"), intent.intent_id ?? "n/a", `${where} id`);
        assert.match(
          card.get("Signature")!,
          intent.signature_verified ? /^✓?\s*verified/ : /not verified/,
          `${where} signature`,
        );
        assert.match(card.get("Verdict")!, new RegExp(intent.verdict), `${where} verdict`);
        intents += 1;
      });
    }
    assert.ok(events >= 5 && intents >= 5, `${events} events, ${intents} intents`);
  });
});
