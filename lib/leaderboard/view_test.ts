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
    holding: true,
  } as const;
  const href = leaderboardHref(view);
  assert.equal(
    href,
    "/leaderboard?window=7d&sort=totalVolume&dir=asc&q=moby+dick&holding=1&page=3",
  );
  const parsed = parseLeaderboardView(new URL(href, "http://x").searchParams);
  assert.deepEqual(parsed, { ok: true, view });
});

Deno.test("a column link flips the current column and starts another one descending", () => {
  const view = { ...DEFAULT_LEADERBOARD_VIEW, page: 2 };
  assert.equal(sortHref(view, "totalWindowedPnl"), "/leaderboard?dir=asc");
  assert.equal(sortHref({ ...view, sortDir: "asc" }, "totalWindowedPnl"), "/leaderboard");
  assert.equal(sortHref(view, "currentBalance"), "/leaderboard?sort=currentBalance");
});

Deno.test("bad parameters are refused naming the parameter and what it takes", () => {
  const problem = (query: string) => {
    const refused = parseLeaderboardView(new URLSearchParams(query));
    assert.equal(refused.ok, false, query);
    return (refused as { problem: string }).problem;
  };
  assert.match(problem("window=1y"), /^window\b.*\b24h, 7d, 30d, all\b/);
  assert.match(problem("sort=name"), /^sort\b/);
  assert.match(problem("dir=up"), /^dir\b.*\basc\b.*\bdesc\b/);
  assert.match(problem("page=-1"), /^page\b/);
  assert.match(problem(`q=${"x".repeat(101)}`), /\b100\b/);
  assert.match(problem("holding=yes"), /^holding\b/);
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
