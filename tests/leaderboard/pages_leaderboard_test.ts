import assert from "node:assert/strict";
import { LEADERBOARD_SORT_KEYS as SORT_KEYS } from "../../lib/papertrade/mod.ts";
import { catalog, withPages } from "../harness.ts";
import { assetUrl } from "../../lib/delivery/static_assets.ts";

/** The "#" cells of a leaderboard page (the place in the sort), in row order. */
function ranks(html: string): number[] {
  const body = html.split("<tbody>")[1]?.split("</tbody>")[0] ?? "";
  return [...body.matchAll(/<tr><td class="num">([\d,]+)<\/td>/g)].map((m) => Number(m[1]));
}

/** The "Rank" cells (the rank by PnL in the window), in row order. */
function pnlRanks(html: string): number[] {
  return [...html.matchAll(/<td class="num prio-low" data-col="rank">([\d,]+)<\/td>/g)]
    .map((m) => Number(m[1].replaceAll(",", "")));
}

/** The href of the link with this rel, HTML-decoded. */
function rel(html: string, name: string): string | null {
  const match = new RegExp(`<a rel="${name}" href="([^"]+)"`).exec(html);
  return match ? match[1].replaceAll("&amp;", "&") : null;
}

Deno.test("the leaderboard shows 25 ranked rows with a window switcher, sort links and paging", async () => {
  await withPages(async ({ get }) => {
    const { status, headers, body } = await get("/leaderboard");
    assert.equal(status, 200);
    assert.match(headers.get("content-type") ?? "", /^text\/html/);
    assert.deepEqual(ranks(body), Array.from({ length: 25 }, (_, i) => i + 1));
    assert.match(body, /<strong aria-current="page">24 hours<\/strong>/);
    for (const window of ["7d", "30d", "all"]) {
      assert.ok(body.includes(`<a href="/leaderboard?window=${window}">`), window);
    }
    // Every sort key is a column link; the active one flips, the others start descending.
    assert.match(
      body,
      /<th scope="col" class="num" aria-sort="descending"><a href="\/leaderboard\?dir=asc"/,
    );
    for (const key of SORT_KEYS.slice(1)) {
      assert.ok(body.includes(`href="/leaderboard?sort=${key}"`), key);
    }
    // The name search is a labelled GET form carrying the current view.
    assert.match(body, /<form class="search" action="\/leaderboard" method="get" role="search">/);
    assert.match(body, /<label for="leaderboard-search">/);
    assert.match(body, /<input type="hidden" name="window" value="24h"\/>/);
    assert.equal(rel(body, "prev"), null);
    assert.equal(rel(body, "next"), "/leaderboard?page=1");
    assert.match(body, /90 accounts/);
    const enhance = `<script src="${assetUrl("/static/build/enhance.js")}" defer>`;
    assert.deepEqual(body.match(/<script[^>]*>/g), [enhance]);
  });
});

Deno.test("leaderboard pages read 1-based (0-based in the URL) with true ranks and prev/next links to the last page", async () => {
  await withPages(async ({ get }) => {
    const pages = Math.ceil(catalog.leaderboard.accounts / catalog.leaderboard.pageSize);
    let path: string | null = "/leaderboard?window=all&sort=totalVolume&dir=asc";
    const seen: number[] = [];
    for (let page = 0; path !== null; page++) {
      const { status, body } = await get(path);
      assert.equal(status, 200);
      const rows = ranks(body);
      assert.equal(rows[0], page * 25 + 1, `first rank of page ${page}`);
      // People read 1-based pages and row ranges; the URL keeps the API's 0-based page.
      const last = Math.min((page + 1) * 25, catalog.leaderboard.accounts);
      assert.ok(body.includes(`Page ${page + 1} of ${pages}`), `page ${page} label`);
      assert.ok(body.includes(`rows ${page * 25 + 1}–${last} of 90`), `page ${page} rows`);
      seen.push(...rows);
      if (page > 0) {
        assert.ok(rel(body, "prev")?.includes(page === 1 ? "dir=asc" : `page=${page - 1}`));
      }
      path = rel(body, "next");
      if (path) assert.match(path, /^\/leaderboard\?window=all&sort=totalVolume&dir=asc&page=\d+$/);
    }
    assert.equal(seen.length, catalog.leaderboard.accounts);
    assert.equal(new Set(seen).size, seen.length);
    assert.equal(pages, 4);
  });
});

Deno.test("sorting ascending reverses the order and marks the column", async () => {
  await withPages(async ({ get }) => {
    const desc = await get("/leaderboard?window=7d&sort=currentBalance");
    const asc = await get("/leaderboard?window=7d&sort=currentBalance&dir=asc");
    assert.equal(asc.status, 200);
    assert.match(
      asc.body,
      /aria-sort="ascending"><a href="\/leaderboard\?window=7d&amp;sort=currentBalance"/,
    );
    const firstWallet = (html: string) =>
      /<th scope="row" class="wallet-cell">[\s\S]*?href="(\/wallet\/0x[0-9a-f]{40})"/.exec(html)
        ?.[1];
    assert.notEqual(firstWallet(desc.body), firstWallet(asc.body));
  });
});

Deno.test("Rank is the rank by PnL whatever the sort, and # is the place in the sort", async () => {
  await withPages(async ({ get }) => {
    const accounts = catalog.leaderboard.accounts;
    const byPnl = await get("/leaderboard?window=all");
    assert.deepEqual(pnlRanks(byPnl.body), ranks(byPnl.body));
    const asc = await get("/leaderboard?window=all&dir=asc");
    assert.match(
      asc.body,
      /<th scope="col" class="num">#<\/th><th scope="col" class="num prio-low">Rank/,
    );
    // Ascending, the worst wallet is first in the sort and last by PnL, not "rank 1".
    assert.deepEqual(ranks(asc.body), Array.from({ length: 25 }, (_, i) => i + 1));
    assert.deepEqual(pnlRanks(asc.body), Array.from({ length: 25 }, (_, i) => accounts - i));
  });
});

Deno.test("the name search filters rows, keeps true ranks and offers to clear it", async () => {
  await withPages(async ({ get }) => {
    const { status, body } = await get("/leaderboard?window=all&q=Moby");
    assert.equal(status, 200);
    assert.match(body, /1 account match <q><bdi>Moby<\/bdi><\/q>/);
    // The whale has the lowest all-time PnL: its true rank is the last, not 1.
    assert.deepEqual(ranks(body), [catalog.leaderboard.accounts]);
    assert.deepEqual(pnlRanks(body), [catalog.leaderboard.accounts]);
    assert.ok(body.includes(`href="/wallet/${catalog.wallets.whale.address}"`));
    assert.match(body, /<a href="\/leaderboard\?window=all">clear the search<\/a>/);
    const none = await get("/leaderboard?q=no-such-name-anywhere");
    assert.equal(none.status, 200);
    assert.match(none.body, /No account matches\./);
  });
});

Deno.test("a page past the end says so and links back", async () => {
  await withPages(async ({ get }) => {
    const { status, body } = await get("/leaderboard?page=9");
    assert.equal(status, 200);
    assert.deepEqual(ranks(body), [], "no rows");
    assert.equal(rel(body, "prev"), "/leaderboard?page=3");
    assert.equal(rel(body, "next"), null);
  });
});

Deno.test("bad leaderboard parameters are a 400 page naming the parameter", async () => {
  await withPages(async ({ get }) => {
    for (
      const [query, problem] of [
        ["window=1y", /window must be one of 24h, 7d, 30d, all/],
        ["sort=name", /sort must be one of/],
        ["dir=sideways", /dir must be asc or desc/],
        ["page=-2", /page must be a whole number/],
      ] as const
    ) {
      const { status, body } = await get(`/leaderboard?${query}`);
      assert.equal(status, 400, query);
      assert.match(body, problem);
    }
  });
});

Deno.test("a leaderboard the API cannot serve is a 503 page naming it", async () => {
  await withPages(async ({ get, upstream }) => {
    upstream.setFaults({ target: "api", path: "/state/leaderboard", status: 503 });
    const { status, body } = await get("/leaderboard");
    assert.equal(status, 503);
    assert.match(body, /Papertrade API is not answering/);
  });
});
