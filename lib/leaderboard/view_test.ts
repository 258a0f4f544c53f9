import assert from "node:assert/strict";
import {
  DEFAULT_LEADERBOARD_VIEW,
  leaderboardHref,
  leaderboardPageCount,
  parseLeaderboardView,
  sortHref,
} from "./view.ts";

Deno.test("no parameters is the 24h view by windowed PnL, descending, page 0", () => {
  assert.deepEqual(parseLeaderboardView(new URLSearchParams()), {
    ok: true,
    view: DEFAULT_LEADERBOARD_VIEW,
  });
  assert.equal(leaderboardHref(DEFAULT_LEADERBOARD_VIEW), "/leaderboard");
});

Deno.test("a view round-trips through its link", () => {
  const view = {
    window: "7d",
    sortKey: "totalVolume",
    sortDir: "asc",
    page: 3,
    query: "moby dick",
  } as const;
  const href = leaderboardHref(view);
  assert.equal(href, "/leaderboard?window=7d&sort=totalVolume&dir=asc&q=moby+dick&page=3");
  const parsed = parseLeaderboardView(new URL(href, "http://x").searchParams);
  assert.deepEqual(parsed, { ok: true, view });
});

Deno.test("a column link flips the current column and starts another one descending", () => {
  const view = { ...DEFAULT_LEADERBOARD_VIEW, page: 2 };
  assert.equal(sortHref(view, "totalWindowedPnl"), "/leaderboard?dir=asc");
  assert.equal(sortHref({ ...view, sortDir: "asc" }, "totalWindowedPnl"), "/leaderboard");
  assert.equal(sortHref(view, "currentBalance"), "/leaderboard?sort=currentBalance");
});

Deno.test("bad parameters are refused with what is wrong", () => {
  const refuse = (query: string) => parseLeaderboardView(new URLSearchParams(query));
  assert.match(JSON.stringify(refuse("window=1y")), /window must be one of 24h, 7d, 30d, all/);
  assert.match(JSON.stringify(refuse("sort=name")), /sort must be one of/);
  assert.match(JSON.stringify(refuse("dir=up")), /dir must be asc or desc/);
  assert.match(JSON.stringify(refuse("page=-1")), /page must be a whole number/);
  assert.match(JSON.stringify(refuse(`q=${"x".repeat(101)}`)), /limited to 100 characters/);
});

Deno.test("an empty leaderboard still has one page; without a row count the upstream's counts", () => {
  const pages = (totalItems: number | null, totalPages = 0) =>
    leaderboardPageCount({ totalItems, totalPages });
  assert.equal(pages(0), 1);
  assert.equal(pages(25), 1);
  assert.equal(pages(26), 2);
  assert.equal(pages(null, 7), 7);
  assert.equal(pages(null, 0), 1);
});
