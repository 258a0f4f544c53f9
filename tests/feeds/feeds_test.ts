/**
 * The Atom feeds over the replay, read with a real XML parser: the Atom namespace and required
 * elements, entry ids unique and the same on a second read, RFC 3339 dates from the trades,
 * every link answering 200, hostile names as text, an ETag that revalidates, and an upstream
 * fault answered with a status and a sentence, never a broken document.
 */
import assert from "node:assert/strict";
import { DOMParser, type Element } from "@xmldom/xmldom";
import { catalog, TEST_SITE_URL, withPages } from "../harness.ts";
import { entryId, liquidationsFeed } from "../../lib/feeds/feeds.ts";
import { createPapertradeClient } from "../../lib/papertrade/mod.ts";
import { createHyperEvmClient } from "../../lib/hyperevm/mod.ts";
import { BASE_TIME_S } from "../../fixtures/mod.ts";
import { json, withServer } from "../support/papertrade.ts";

const ATOM = "http://www.w3.org/2005/Atom";
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const SCRIPT_NAME = catalog.hostileNames.find((item) => item.kind === "script_tag")!;
const RTL_NAME = catalog.hostileNames.find((item) => item.kind === "rtl_override")!;

/** Child elements of `parent` named `name` in the Atom namespace. */
function children(parent: Element, name: string): Element[] {
  return Array.from(parent.childNodes as unknown as Element[]).filter((node) =>
    node.namespaceURI === ATOM && node.localName === name
  );
}

/** Parses a feed and checks what RFC 4287 requires of it; returns its ids, links and titles. */
function checkFeed(xml: string) {
  const errors: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => errors.push(`${level}: ${message}`),
  })
    .parseFromString(xml, "application/xml");
  assert.deepEqual(errors, []);
  const feed = document.documentElement!;
  assert.equal(feed.localName, "feed");
  assert.equal(feed.namespaceURI, ATOM);
  for (const name of ["id", "title", "updated", "author"]) {
    assert.equal(children(feed, name).length, 1, `feed/${name}`);
  }
  assert.match(children(feed, "updated")[0].textContent!, RFC3339);
  const links = children(feed, "link").map((link) => link.getAttribute("href")!);
  const entries = children(feed, "entry").map((entry) => {
    for (const name of ["id", "title", "updated", "link"]) {
      assert.ok(children(entry, name).length >= 1, `entry/${name}`);
    }
    const updated = children(entry, "updated")[0].textContent!;
    assert.match(updated, RFC3339);
    links.push(children(entry, "link")[0].getAttribute("href")!);
    return {
      id: children(entry, "id")[0].textContent!,
      title: children(entry, "title")[0].textContent!,
      updated: Date.parse(updated),
    };
  });
  assert.equal(new Set(entries.map((entry) => entry.id)).size, entries.length, "ids are unique");
  const title = children(feed, "title")[0].textContent!;
  return { title, updated: Date.parse(children(feed, "updated")[0].textContent!), entries, links };
}

Deno.test("a wallet's feed is valid Atom: its opens, closes and liquidations, stable ids, dates from the trades, links that answer", async () => {
  const wallet = catalog.wallets.liquidated;
  await withPages(async ({ get, upstream }) => {
    const answer = await get(`/wallet/${wallet.address}/feed.atom`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("content-type"), "application/atom+xml; charset=utf-8");
    const feed = checkFeed(answer.body);
    const client = createPapertradeClient({ baseUrl: upstream.apiUrl });
    const [account, history] = await Promise.all([
      client.read("walletStream", { wallet: wallet.address }),
      client.read("tradeHistory", { wallet: wallet.address }),
    ]);
    const expected = [
      ...account.openPositions.map((p) => [entryId(p.positionId, "open"), p.openedAt]),
      ...history.trades.flatMap((t) => [
        [entryId(t.positionId, "open"), t.openedAt],
        [entryId(t.positionId, t.liquidated ? "liquidation" : "close"), t.closedAt],
      ]),
    ];
    assert.deepEqual(
      feed.entries.map((entry) => [entry.id, entry.updated]).sort(),
      expected.sort(),
    );
    assert.ok(history.trades.some((trade) => trade.liquidated), "the wallet has a liquidation");
    assert.equal(feed.updated, Math.max(...feed.entries.map((entry) => entry.updated)));
    // Stable: the same ids on a second read, whatever the request.
    const again = checkFeed((await get(`/wallet/${wallet.address}/feed.atom`)).body);
    assert.deepEqual(again.entries.map((entry) => entry.id), feed.entries.map((entry) => entry.id));
    for (const link of new Set(feed.links)) {
      assert.ok(link.startsWith(`${TEST_SITE_URL}/`), link);
      const status = (await get(link.slice(TEST_SITE_URL.length))).status;
      assert.equal(status, 200, link);
    }
  });
});

Deno.test("the wallet page announces its feed with a link rel=alternate of the Atom type", async () => {
  const address = catalog.wallets.whale.address;
  await withPages(async ({ get }) => {
    const { body } = await get(`/wallet/${address}`);
    const head = body.slice(0, body.indexOf("</head>"));
    const link = /<link rel="alternate" type="application\/atom\+xml"[^>]*href="([^"]+)"/.exec(
      head,
    );
    assert.equal(link?.[1], `/wallet/${address}/feed.atom`);
    assert.equal((await get(link![1])).status, 200);
  });
});

Deno.test("the liquidations feed lists every liquidation among the recent trades (and the chain's), with links that answer", async () => {
  await withPages(async ({ get, upstream }) => {
    const answer = await get("/liquidations.atom");
    assert.equal(answer.status, 200);
    const feed = checkFeed(answer.body);
    const { trades: recent } = await createPapertradeClient({ baseUrl: upstream.apiUrl })
      .read("recentTrades");
    const liquidations = recent.filter((trade) => trade.kind === "liquidation");
    assert.ok(liquidations.length > 0);
    // The chain's liquidations join them: tests/liquidations/ checks the whole list.
    const ids = feed.entries.map((entry) => entry.id);
    for (const trade of liquidations) {
      assert.ok(ids.includes(entryId(trade.positionId, "liquidation")), trade.positionId);
    }
    for (const link of new Set(feed.links)) {
      assert.equal((await get(link.slice(TEST_SITE_URL.length))).status, 200, link);
    }
  });
});

Deno.test("hostile leaderboard names reach the feed as text: markup escaped, direction overrides removed", async () => {
  await withPages(async ({ get }) => {
    const script = await get(`/wallet/${SCRIPT_NAME.address}/feed.atom`);
    assert.ok(!script.body.includes("<script>"), "no raw markup");
    assert.ok(script.body.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert.match(
      checkFeed(script.body).title,
      /^Papertrade wallet <script>alert\(1\)<\/script> \(/,
    );
    const rtl = checkFeed((await get(`/wallet/${RTL_NAME.address}/feed.atom`)).body);
    assert.match(rtl.title, /^Papertrade wallet gnp\.stiforp margin king \(/);
  });
});

Deno.test("a hostile market name in an entry title parses as XML and reads back as the same text", async () => {
  // The replay's recent trades, with one liquidation's market named by markup, an entity, the
  // end of a CDATA section and quotes: the entry's title carries the market's name.
  const hostile = `<b>BTC</b> & ]]> "q" 'a' &amp;`;
  const recent = JSON.parse(
    await Deno.readTextFile(new URL("../../fixtures/data/trades-recent.json", import.meta.url)),
  );
  const target = recent.events.find((row: { kind: string }) => row.kind === "liquidation");
  target.instrument = hostile;
  await withServer(() => json(recent), async (baseUrl) => {
    // The chain answers nothing useful here (every path serves the trades): the feed's rows list.
    const sources = {
      papertrade: createPapertradeClient({ baseUrl }),
      hyperevm: createHyperEvmClient({ rpcUrl: `${baseUrl}/rpc`, timeoutMs: 2_000 }),
      now: () => BASE_TIME_S * 1000, // the data's "now": its liquidations are within the day
    };
    const xml = await liquidationsFeed(sources, { site: TEST_SITE_URL });
    const feed = checkFeed(xml);
    const entry = feed.entries.find((each) =>
      each.id === entryId(target.positionId, "liquidation")
    );
    assert.ok(entry, "the hostile row's entry is in the feed");
    assert.ok(entry.title.includes(hostile), entry.title);
    assert.ok(!xml.includes("<b>") && !xml.includes("]]>"), "nothing of it is raw in the XML");
  });
});

Deno.test("a feed revalidates with its ETag and is cached for a minute", async () => {
  await withPages(async ({ app }) => {
    const first = await app.request("/liquidations.atom");
    await first.text();
    const tag = first.headers.get("etag")!;
    assert.ok(tag);
    assert.equal(first.headers.get("cache-control"), "public, max-age=60");
    const second = await app.request("/liquidations.atom", { headers: { "if-none-match": tag } });
    assert.equal(second.status, 304);
  });
});

Deno.test("feeds answer a bad address, an unknown wallet and an upstream fault with a status and a sentence", async () => {
  await withPages(async ({ get }) => {
    const bad = await get("/wallet/0x12/feed.atom");
    assert.equal(bad.status, 400);
    assert.match(bad.headers.get("content-type") ?? "", /^text\/plain/);
    const unknown = await get(`/wallet/0x${"ab".repeat(20)}/feed.atom`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.body, /\S/);
  });
  await withPages(async ({ get }) => {
    // The liquidations feed reads the chain too: with the API down it still answers
    // (tests/liquidations/liquidations_parts_test.ts).
    for (const path of [`/wallet/${catalog.wallets.whale.address}/feed.atom`]) {
      const answer = await get(path);
      assert.ok([502, 503].includes(answer.status), `${path}: ${answer.status}`);
      assert.match(answer.headers.get("content-type") ?? "", /^text\/plain/);
      assert.ok(!answer.body.includes("<feed"), path);
      assert.match(answer.body, /Papertrade/);
    }
  }, { faults: { target: "api", status: 503 } });
});
