import assert from "node:assert/strict";
import recentTrades from "../../fixtures/data/trades-recent.json" with { type: "json" };
import { catalog, type PagesContext, withPages } from "../harness.ts";

const whale = catalog.wallets.whale.address;
const tx = catalog.transactions.batch_with_failed_call.hash;
const intent = catalog.intents.settled_in_window.id;

/** Searches for `q` (from `wallet`'s page when given) and returns the 303 Location. */
async function searchGoesTo(get: PagesContext["get"], q: string, wallet?: string): Promise<string> {
  const from = wallet ? `&wallet=${wallet}` : "";
  const { status, headers } = await get(`/search?q=${encodeURIComponent(q)}${from}`);
  assert.equal(status, 303, `search for ${q}`);
  return headers.get("location") ?? "";
}

Deno.test("search sends each kind of query to its page with a 303", async () => {
  await withPages(async ({ get }) => {
    assert.equal(
      await searchGoesTo(get, whale.toUpperCase().replace("0X", "0x")),
      `/wallet/${whale}`,
    );
    assert.equal(await searchGoesTo(get, `  ${tx}  `), `/tx/${tx}`);
    // A 64-hex string that is not a transaction is asked of HyperEVM, then found as an intent.
    assert.equal(await searchGoesTo(get, intent), `/intent/${intent}`);
    assert.equal(
      await searchGoesTo(get, catalog.intents.feed.id),
      `/intent/${catalog.intents.feed.id}`,
    );
    const latest = recentTrades.events[0];
    assert.equal(
      await searchGoesTo(get, latest.positionId),
      `/position/${latest.positionId}?wallet=${latest.wallet}`,
    );
    assert.equal(await searchGoesTo(get, "Moby Dick"), `/wallet/${whale}`);
  });
});

Deno.test("search accepts pasted links: ours, the original's hash links and HyperEVM explorers", async () => {
  await withPages(async ({ get }) => {
    const cases: Array<[string, string]> = [
      [`https://papertrade-explorer.example/wallet/${whale}`, `/wallet/${whale}`],
      [`http://localhost:8000/w/${whale}`, `/wallet/${whale}`],
      [`https://any.host/tx/${tx}`, `/tx/${tx}`],
      [`https://any.host/intent/${intent}?wallet=${whale}`, `/intent/${intent}?wallet=${whale}`],
      [`https://any.host/position/608544?wallet=${whale}`, `/position/608544?wallet=${whale}`],
      [`https://papertrade-explorer.pages.dev/#/wallet/${whale}`, `/wallet/${whale}`],
      [`https://papertrade-explorer.pages.dev/#/tx/${tx}`, `/tx/${tx}`],
      [`https://papertrade-explorer.pages.dev/#/intent/${intent}`, `/intent/${intent}`],
      [`https://papertrade-explorer.pages.dev/#/position/608544`, `/position/608544`],
      [`https://hyperevmscan.io/address/${whale}`, `/wallet/${whale}`],
      [`https://hyperevmscan.io/tx/${tx}`, `/tx/${tx}`],
      [`https://purrsec.com/address/${whale}`, `/wallet/${whale}`],
      [`purrsec.com/tx/${tx}`, `/tx/${tx}`],
    ];
    for (const [pasted, location] of cases) {
      assert.equal(await searchGoesTo(get, pasted), location, pasted);
    }
    // A block-explorer link the explorer has no page for is unpacked like the search tool does.
    assert.equal(
      await searchGoesTo(get, `https://hyperevmscan.io/token/${whale}`),
      `/wallet/${whale}`,
    );
  });
});

Deno.test("several name matches get a results page listing each wallet", async () => {
  await withPages(async ({ get }) => {
    const { status, headers, body } = await get("/search?q=trader");
    assert.equal(status, 200);
    assert.match(headers.get("content-type") ?? "", /^text\/html/);
    assert.match(body, /<h1>\d+ wallets match<\/h1>/);
    assert.ok((body.match(/<a class="mono" href="\/wallet\/0x[0-9a-f]{40}"/g) ?? []).length > 1);
    assert.match(body, /value="trader"/, "the query stays in the search box");
  });
});

Deno.test("a query that matches nothing gets a helpful 200 page, not an error", async () => {
  await withPages(async ({ get }) => {
    const name = await get("/search?q=nobody-has-this-name");
    assert.equal(name.status, 200);
    assert.match(name.body, /<q><bdi>nobody-has-this-name<\/bdi><\/q>/, "the query is echoed");
    const wallet = await get(`/search?q=${catalog.wallets.unknown.address}`);
    assert.equal(wallet.status, 200);
    assert.ok(wallet.body.includes(catalog.wallets.unknown.address));
    const hash = await get(`/search?q=${catalog.intents.unknown.id}`);
    assert.equal(hash.status, 200);
    assert.ok(hash.body.includes(catalog.intents.unknown.id));
    const position = await get(`/search?q=${catalog.positions.unknown.id}`);
    assert.equal(position.status, 200);
    assert.ok(position.body.includes(catalog.positions.unknown.id));
    const link = await get(`/search?q=${encodeURIComponent("https://example.com/about")}`);
    assert.equal(link.status, 200);
  });
});

Deno.test("an empty or oversized query is a clear 400 page", async () => {
  await withPages(async ({ get }) => {
    for (const path of ["/search", "/search?q=", "/search?q=%20%20"]) {
      const { status } = await get(path);
      assert.equal(status, 400, path);
    }
    const long = await get(`/search?q=${"x".repeat(201)}`);
    assert.equal(long.status, 400);
    assert.match(long.body, /\b201\b[\s\S]*\b200\b/, "the length and the bound");
  });
});

Deno.test("a search that fails upstream names the source", async () => {
  await withPages(async ({ get, upstream }) => {
    upstream.setFaults({ target: "rpc", status: 500 });
    const { status, body } = await get(`/search?q=${tx}`);
    assert.equal(status, 502);
    assert.match(body, /HyperEVM RPC is not answering/);
  });
});

Deno.test("search takes addresses and hashes without 0x", async () => {
  await withPages(async ({ get }) => {
    assert.equal(await searchGoesTo(get, whale.slice(2).toUpperCase()), `/wallet/${whale}`);
    assert.equal(await searchGoesTo(get, tx.slice(2)), `/tx/${tx}`);
    assert.equal(await searchGoesTo(get, intent.slice(2)), `/intent/${intent}`);
  });
});

Deno.test("searching from a wallet's page finds its open positions, pending intents and old intents", async () => {
  await withPages(async ({ app, get }) => {
    const inFeed = new Set(recentTrades.events.map((event) => event.positionId));
    const view = await (await app.request(`/wallet/${whale}/positions.json`)).json();
    const quiet = view.positions.map((row: { position_id: string }) => row.position_id)
      .find((id: string) => !inFeed.has(id));
    assert.ok(quiet, "the whale holds a position the latest trades feed does not show");
    // From the wallet's page the search finds it in the wallet; without the wallet, the
    // at-risk board (once read) names its owner, though the feed does not.
    assert.equal(
      await searchGoesTo(get, quiet, whale),
      `/position/${quiet}?wallet=${whale}`,
    );
    assert.equal((await get("/at-risk")).status, 200);
    assert.equal(await searchGoesTo(get, quiet), `/position/${quiet}?wallet=${whale}`);
    const pending = catalog.intents.pending;
    assert.equal(
      await searchGoesTo(get, pending.id, pending.wallet),
      `/intent/${pending.id}?wallet=${pending.wallet}`,
    );
    const old = catalog.intents.settled_too_old;
    assert.equal((await get(`/search?q=${old.id}`)).status, 200, "nothing found without a wallet");
    assert.equal(
      await searchGoesTo(get, old.id, old.wallet),
      `/intent/${old.id}?wallet=${old.wallet}`,
    );
    // The wallet page's header search carries the wallet.
    const page = (await get(`/wallet/${whale}`)).body;
    assert.ok(page.includes(`<input type="hidden" name="wallet" value="${whale}"/>`));
  });
});
