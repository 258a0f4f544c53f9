/**
 * The watchlist over the replay: `/watchlist.json` reads every listed wallet in one answer with
 * the wallet view's own figures, refuses a bad list with a 400 that names what is wrong, drops
 * one unreadable wallet's figures and never the list; `/watchlist?w=` shows a shared list with
 * hostile names as text, names the bad addresses, and loads only its own small bundle.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { catalog, withPages } from "../harness.ts";
import { WATCHLIST_MAX, type WatchlistView } from "../../lib/watchlist/view.ts";
import { WATCHLIST_SCRIPT_URL } from "../../client/island.tsx";
import { assetUrl } from "../../lib/delivery/static_assets.ts";
import { buildIslands, gzipSize, WATCHLIST_BUNDLE, WATCHLIST_ENTRY } from "../../scripts/build.ts";
import { createPapertradeClient } from "../../lib/papertrade/mod.ts";

const { whale, near_bust: nearBust } = catalog.wallets;
const SCRIPT_NAME = catalog.hostileNames.find((item) => item.kind === "script_tag")!;

Deno.test("/watchlist.json gives each wallet the equity, worst distance and band of its own live view", async () => {
  await withPages(async ({ get }) => {
    const answer = await get(
      `/watchlist.json?w=${whale.address},0x${nearBust.address.slice(2).toUpperCase()}`,
    );
    assert.equal(answer.status, 200);
    const view: WatchlistView = JSON.parse(answer.body);
    assert.deepEqual(view.wallets.map((row) => row.address), [whale.address, nearBust.address]);
    assert.deepEqual(view.unavailable, []);
    for (const row of view.wallets) {
      const own = JSON.parse((await get(`/wallet/${row.address}/positions.json`)).body).summary;
      assert.deepEqual(row.summary, own);
    }
    assert.equal(view.wallets[1].summary!.nearest?.risk, "near_bust");
    assert.equal(view.wallets[1].name, nearBust.leaderboardName);
  });
});

Deno.test("/watchlist.json lists a watched wallet's liquidations from the protocol's recent trades", async () => {
  await withPages(async ({ get, upstream }) => {
    const { trades: recent } = await createPapertradeClient({ baseUrl: upstream.apiUrl })
      .read("recentTrades");
    const liquidated = recent.find((trade) => trade.kind === "liquidation")!;
    const view: WatchlistView = JSON.parse(
      (await get(`/watchlist.json?w=${liquidated.wallet}`)).body,
    );
    assert.ok(
      view.wallets[0].liquidations!.some((item) => item.positionId === liquidated.positionId),
    );
  });
});

Deno.test("/watchlist.json refuses a bad list with 400 bad_watchlist and says what is wrong", async () => {
  const many = Array.from(
    { length: WATCHLIST_MAX + 1 },
    (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`,
  );
  const cases: [string, RegExp][] = [
    ["/watchlist.json", /1 to 30 wallet addresses/],
    ["/watchlist.json?w=,,", /1 to 30 wallet addresses/],
    [`/watchlist.json?w=${whale.address},0x123,<script>`, /"0x123", "<script>"/],
    [`/watchlist.json?w=${many.join(",")}`, /31 wallets listed; one watchlist holds at most 30/],
  ];
  await withPages(async ({ get }) => {
    for (const [path, message] of cases) {
      const answer = await get(path);
      assert.equal(answer.status, 400, path);
      assert.match(answer.headers.get("content-type") ?? "", /^application\/json/, path);
      const body = JSON.parse(answer.body);
      assert.equal(body.error, "bad_watchlist", path);
      assert.match(body.message, message, path);
    }
  });
});

Deno.test("/watchlist.json keeps the list when one wallet is unknown and names the parts that failed", async () => {
  const unknown = `0x${"ab".repeat(20)}`;
  await withPages(async ({ get }) => {
    const view: WatchlistView = JSON.parse(
      (await get(`/watchlist.json?w=${unknown},${whale.address}`)).body,
    );
    assert.equal(view.wallets[0].problem, "Papertrade knows no such wallet.");
    assert.equal(view.wallets[1].problem, null);
    assert.equal(view.wallets[1].summary!.open_positions, whale.openPositions);
  });
  await withPages(async ({ get }) => {
    const view: WatchlistView = JSON.parse((await get(`/watchlist.json?w=${whale.address}`)).body);
    assert.deepEqual(view.unavailable, ["recent liquidations"]);
    assert.equal(view.wallets[0].liquidations, null);
    assert.equal(view.wallets[0].summary!.open_positions, whale.openPositions);
  }, { faults: { target: "api", path: "/query/protocol/trades/recent", status: 500 } });
});

Deno.test("/watchlist?w= shows the shared list with names as text, names the bad entries and loads only its bundle", async () => {
  await withPages(async ({ get }) => {
    const answer = await get(`/watchlist?w=${SCRIPT_NAME.address},nonsense,${nearBust.address}`);
    assert.equal(answer.status, 200);
    const html = answer.body;
    assert.ok(!html.includes(SCRIPT_NAME.name), "the name is never raw markup");
    const { document } = parseHTML(html);
    const link = document.querySelector(`[data-watch-row="${SCRIPT_NAME.address}"] a`)!;
    assert.equal(link.textContent, SCRIPT_NAME.name, "the name is shown as text");
    assert.match(html, /Left out, not wallet addresses: “nonsense”\./);
    assert.ok(html.includes(`data-watch-row="${nearBust.address}"`));
    assert.ok(html.includes("Save to my watchlist"));
    const many = Array.from(
      { length: WATCHLIST_MAX + 1 },
      (_, i) => `0x${`${i}`.padStart(40, "0")}`,
    );
    const long = (await get(`/watchlist?w=${many.join(",")}`)).body;
    assert.match(long, /The link lists 31 wallets; only the first 30 are shown\./);
    assert.equal(long.match(/data-watch-row=/g)?.length, WATCHLIST_MAX);
    assert.deepEqual(html.match(/<script[^>]*>/g), [
      `<script src="${assetUrl("/static/build/enhance.js")}" defer>`,
      `<script type="module" src="${WATCHLIST_SCRIPT_URL}">`,
    ]);
  });
});

Deno.test("the watchlist bundle plus the enhancement script stay within 15 KB gzipped and match a fresh build", async () => {
  const committed = await Deno.readFile(WATCHLIST_BUNDLE);
  const enhance = await Deno.readFile(new URL("../../static/build/enhance.js", import.meta.url));
  const total = await gzipSize(committed) + await gzipSize(enhance);
  assert.ok(total <= 15 * 1024, `the watchlist page loads ${total} bytes gzipped`);
  const fresh = await Deno.makeTempFile({ prefix: "watchlist_", suffix: ".js" });
  try {
    const rebuilt = await buildIslands(fresh, WATCHLIST_ENTRY);
    assert.ok(
      rebuilt.byteLength === committed.byteLength && rebuilt.every((b, i) => b === committed[i]),
      "static/build/watchlist.js is stale: run `deno task build`",
    );
  } finally {
    await Deno.remove(fresh);
  }
});
