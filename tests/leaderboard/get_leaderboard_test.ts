import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import { getLeaderboardTool } from "../../tools/get_leaderboard.ts";
import { quoted, UNTRUSTED_NOTE } from "../../tools/text.ts";

const ACCOUNTS = catalog.leaderboard.accounts;
const PAGE = catalog.leaderboard.pageSize;

Deno.test("get_leaderboard pages 25 rows at a time with the true 1-based rank", async () => {
  await withHarness(async ({ context }) => {
    const lastPage = Math.ceil(ACCOUNTS / PAGE) - 1;
    const seen = new Set<string>();
    for (let page = 0; page <= lastPage; page++) {
      const { structured, text } = await callTool(
        getLeaderboardTool,
        { window: "all", page },
        context,
      );
      assert.equal(structured.window, "all");
      assert.equal(structured.page, page);
      assert.equal(structured.total_accounts, ACCOUNTS);
      const expected = page < lastPage ? PAGE : ACCOUNTS - lastPage * PAGE;
      assert.equal(structured.accounts.length, expected);
      structured.accounts.forEach((row, i) => {
        assert.equal(row.rank, page * PAGE + i + 1);
        assert.equal(row.position, row.rank, "sorted by PnL, the place is the PnL rank");
      });
      for (let i = 1; i < structured.accounts.length; i++) {
        assert.ok(structured.accounts[i - 1].pnl_usd! >= structured.accounts[i].pnl_usd!, "desc");
      }
      for (const row of structured.accounts) seen.add(row.address);
      // The text offers the next page by its argument, and none after the last.
      const next = new RegExp(`\\bpage\\W{0,3}${page + 1}\\b`);
      if (page < lastPage) assert.match(text, next);
      else assert.doesNotMatch(text, next);
    }
    assert.equal(seen.size, ACCOUNTS, "no account appears on two pages");
  });
});

Deno.test("get_leaderboard keeps the rank of a searched account and past-the-end pages are empty", async () => {
  await withHarness(async ({ context }) => {
    const whale = catalog.wallets.whale;
    const all = await callTool(getLeaderboardTool, { window: "7d", page: 0 }, context);
    const searched = await callTool(
      getLeaderboardTool,
      { window: "7d", query: whale.leaderboardName.toUpperCase() },
      context,
    );
    const row = searched.structured.accounts.find((r) => r.address === whale.address);
    assert.ok(row, "the name search finds the whale");
    const rankInFull = all.structured.accounts.find((r) => r.address === whale.address)?.rank;
    if (rankInFull !== undefined) assert.equal(row.rank, rankInFull);
    assert.ok(row.rank! >= 1);

    const beyond = await callTool(getLeaderboardTool, { page: 50 }, context);
    assert.deepEqual(beyond.structured.accounts, []);
    assert.match(
      beyond.text,
      new RegExp(`\\b${Math.ceil(ACCOUNTS / PAGE) - 1}\\b`),
      "names the last page",
    );
  });
});

Deno.test("get_leaderboard's rank is the PnL rank under any sort; position follows the sort", async () => {
  await withHarness(async ({ context }) => {
    const byPnl = new Map<string, number | null>();
    for (let page = 0; page * PAGE < ACCOUNTS; page++) {
      const { structured } = await callTool(getLeaderboardTool, { window: "all", page }, context);
      for (const row of structured.accounts) byPnl.set(row.address, row.rank);
    }
    const { structured, text } = await callTool(
      getLeaderboardTool,
      { window: "all", sort_key: "totalWindowedPnl", sort_dir: "asc" },
      context,
    );
    // Ascending, the worst wallet is first in the sort and last by PnL.
    assert.equal(structured.accounts[0].position, 1);
    assert.equal(structured.accounts[0].rank, ACCOUNTS);
    for (const row of structured.accounts) assert.equal(row.rank, byPnl.get(row.address));
    // The text's first row is the sort's first, with its PnL rank.
    const first = text.split("\n").find((line) => line.includes(structured.accounts[0].address));
    assert.match(first!, new RegExp(`\\brank: ${ACCOUNTS}\\b.*\\bposition: 1\\b`));
    const byVolume = await callTool(
      getLeaderboardTool,
      { window: "all", sort_key: "totalVolume", page: 2 },
      context,
    );
    byVolume.structured.accounts.forEach((row, i) => {
      assert.equal(row.position, 2 * PAGE + i + 1);
      assert.equal(row.rank, byPnl.get(row.address));
    });
  });
});

Deno.test("get_leaderboard returns hostile names verbatim and quotes them in the text", async () => {
  await withHarness(async ({ context }) => {
    for (const hostile of catalog.hostileNames) {
      const { structured, text } = await callTool(
        getLeaderboardTool,
        { window: "all", query: hostile.address },
        context,
      );
      const row = structured.accounts.find((r) => r.address === hostile.address);
      assert.equal(row?.leaderboard_name, hostile.name, `${hostile.kind} comes back unaltered`);
      assert.ok(text.includes(UNTRUSTED_NOTE));
      assert.ok(text.includes(quoted(hostile.name)), `${hostile.kind} is quoted`);
      assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(text), "bidi controls are escaped in text");
    }
  });
});

Deno.test("get_leaderboard rejects bad windows, sort keys, pages and unknown arguments by name", () => {
  // Each error names its argument; a choice lists the values it takes.
  assert.match(
    inputError(getLeaderboardTool, { window: "1y" }),
    /^window: .*\b24h, 7d, 30d, all\b/,
  );
  assert.match(
    inputError(getLeaderboardTool, { sort_key: "pnl" }),
    /^sort_key: .*totalWindowedPnl/,
  );
  assert.match(
    inputError(getLeaderboardTool, { sort_dir: "up" }),
    /^sort_dir: .*\basc\b.*\bdesc\b/,
  );
  for (const page of [-1, 1.5, "1"]) {
    assert.match(inputError(getLeaderboardTool, { page }), /^page: /, String(page));
  }
  const unknown = inputError(getLeaderboardTool, { pageSize: 100 });
  assert.match(unknown, /\bpageSize\b/);
  for (const name of ["window", "sort_key", "sort_dir", "page", "query", "holding_now"]) {
    assert.match(unknown, new RegExp(`\\b${name}\\b`), `names the accepted ${name}`);
  }
  const defaults = getLeaderboardTool.inputSchema.parse({});
  assert.deepEqual(defaults, {
    window: "24h",
    sort_key: "totalWindowedPnl",
    sort_dir: "desc",
    page: 0,
    holding_now: false,
  });
});
