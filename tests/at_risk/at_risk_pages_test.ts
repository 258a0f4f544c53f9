/**
 * The at-risk board through the real app: `/at-risk` and `get_positions_at_risk` (REST) open on
 * the position nearest to bust found by brute force, the board's upstream cost a minute stays
 * under its stated budget with 1 viewer and with 50, and upstream failures degrade by part.
 */
import assert from "node:assert/strict";
import { startReplayApp } from "../../replay_app.ts";
import { catalog, type TestApp, withTestApp } from "../harness.ts";
import { readAtRiskBoard } from "../../lib/at_risk/board.ts";
import { sharedAtRiskSource } from "../../lib/at_risk/refresh.ts";
import { AT_RISK_REQUESTS_PER_MINUTE } from "../../lib/at_risk/limits.ts";
import { fetchWalletPositions } from "../../lib/position/positions.ts";
import { formatDistanceToBust } from "../../lib/format.ts";
import { postMcp, rpc } from "../support/mcp_rpc.ts";

const EVERY_WALLET = Object.keys(
  JSON.parse(await Deno.readTextFile(new URL("../../fixtures/data/wallets.json", import.meta.url))),
);

function postTool(app: TestApp, args: Record<string, unknown> = {}) {
  return app.fetch("/api/tools/get_positions_at_risk", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(args),
  });
}

/** The position ids of a page's board rows, in order. */
function pageRows(html: string): string[] {
  return [...html.matchAll(/<tr[^>]*>\s*<td><a href="\/position\/(\d+)\?wallet=(0x[0-9a-f]{40})"/g)]
    .map((match) => `${match[2]}#${match[1]}`);
}

Deno.test("/at-risk and get_positions_at_risk open on the position nearest to bust of every wallet", async () => {
  await withTestApp(async (app) => {
    let nearest: { key: string; distance: bigint } | null = null;
    for (const wallet of EVERY_WALLET) {
      for (const valued of (await fetchWalletPositions(app.deps, wallet)).positions) {
        const distance = valued.distanceToBustPercent!;
        if (nearest === null || distance < nearest.distance) {
          nearest = { key: `${wallet}#${valued.position.positionId}`, distance };
        }
      }
    }
    const page = await app.fetch("/at-risk");
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.equal(pageRows(html)[0], nearest!.key);
    assert.match(html, /Covers 70 of 70 wallets with open positions/);
    assert.doesNotMatch(html, /Partial coverage/);
    const tool = await postTool(app, { limit: 3 });
    assert.equal(tool.status, 200);
    const result = await tool.json();
    const first = result.positions[0];
    assert.equal(`${first.wallet}#${first.position_id}`, nearest!.key);
    assert.equal(result.positions.length, 3);
    assert.equal(result.wallets_covered, result.wallets_known);
    assert.equal(result.partial, false);
    assert.equal(result.refreshed_at, catalog.baseTime);
    // Filters: only ETH positions in the close band.
    const eth = await (await postTool(app, { market: "eth", band: "close" })).json();
    assert.ok(eth.positions.length > 0);
    assert.ok(eth.positions.every((p: { market: string }) => p.market === "ETH"));
    assert.ok(eth.positions.every((p: { risk: string }) => p.risk === "close"));
    const filtered = await (await app.fetch("/at-risk?market=ETH&band=close")).text();
    assert.deepEqual(
      pageRows(filtered),
      eth.positions.map((p: { wallet: string; position_id: string }) =>
        `${p.wallet}#${p.position_id}`
      ),
    );
  });
});

Deno.test("the board's upstream reads a minute stay under its budget with 1 viewer and with 50", async () => {
  let at = catalog.baseTimeMs;
  // Each Papertrade API request is delayed 1 ms, so the replay counts it as faulted.
  const app = await startReplayApp({ now: () => at, faults: { target: "api", latencyMs: 1 } });
  try {
    const apiReads = () => app.upstream.stats().faulted;
    const viewers = async (count: number) => {
      const answers = await Promise.all(
        Array.from(
          { length: count },
          (_, i) => i % 2 === 0 ? app.fetch("/at-risk") : postTool(app, { limit: 1 }),
        ),
      );
      for (const answer of answers) {
        assert.equal(answer.status, 200);
        await answer.body?.cancel();
      }
    };
    await viewers(1);
    const oneViewer = apiReads();
    assert.ok(oneViewer > 0 && oneViewer <= AT_RISK_REQUESTS_PER_MINUTE, `${oneViewer} reads`);
    await viewers(50);
    assert.equal(apiReads(), oneViewer, "50 more viewers in the same minute read nothing more");
    at += 60_000;
    await viewers(50);
    await sharedAtRiskSource(app.deps).settled();
    // The board refreshed (its reads may come from the read cache, which keeps wall time).
    const board = await (await postTool(app, { limit: 1 })).json();
    assert.equal(board.refreshed_at, new Date(at).toISOString());
    const nextMinute = apiReads() - oneViewer;
    assert.ok(nextMinute <= AT_RISK_REQUESTS_PER_MINUTE, `${nextMinute} reads`);
  } finally {
    await app.close();
  }
});

Deno.test("a failing leaderboard leaves /at-risk naming the missing part and the tool a clear error", async () => {
  await withTestApp(async (app) => {
    const page = await app.fetch("/at-risk");
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Not shown: <strong>positions at risk<\/strong>/);
    assert.match(html, /\/state\/leaderboard\/accounts answered HTTP 500/);
    const tool = await postTool(app);
    assert.ok(tool.status >= 400, `status ${tool.status}`);
    const body = await tool.json();
    assert.match(body.message, /leaderboard/);
  }, { faults: { path: "/state/leaderboard/accounts", status: 500 } });
});

Deno.test("the MCP docs state the board's budget as the code enforces it", async () => {
  const docs = await Deno.readTextFile(new URL("../../docs/mcp.md", import.meta.url));
  assert.match(
    docs,
    new RegExp(`budget of\\s+${AT_RISK_REQUESTS_PER_MINUTE}\\s+upstream\\s+requests`),
  );
});

Deno.test("/at-risk refuses a bad filter with 400 and says what is wrong", async () => {
  await withTestApp(async (app) => {
    const band = await app.fetch("/at-risk?band=doomed");
    assert.equal(band.status, 400);
    // Each names the parameter's values.
    assert.match(await band.text(), /\bband\b[^<]*\bnear_bust\b[^<]*\bclose\b[^<]*\bok\b/);
    const market = await app.fetch("/at-risk?market=DOGE");
    assert.equal(market.status, 400);
    const echoed = await market.text();
    assert.match(echoed, /\bBTC\b[^<]*\bETH\b/);
    const hostile = await app.fetch(`/at-risk?market=${encodeURIComponent("<b>x</b>")}`);
    assert.equal(hostile.status, 400);
    assert.doesNotMatch(await hostile.text(), /<B>X<\/B>/);
  });
});

Deno.test("an unknown market or band gets the same refusal, naming the valid values, from /at-risk, get_positions_at_risk (MCP) and its REST mirror", async () => {
  await withTestApp(async (app) => {
    const markets = (await (await app.fetch("/at-risk")).text()).match(
      /<option value="([A-Z0-9]+)"/g,
    )!.map((option) => option.slice(15, -1));
    assert.deepEqual(markets, ["BTC", "ETH"]);
    for (
      const [query, args, names] of [
        ["market=SOL", { market: "SOL" }, /BTC and ETH/],
        ["market=sol", { market: "sol" }, /BTC and ETH/],
        ["band=doomed", { band: "doomed" }, /near_bust, close, ok/],
      ] as const
    ) {
      const page = await app.fetch(`/at-risk?${query}`);
      assert.equal(page.status, 400, query);
      assert.match(await page.text(), names, query);
      const rest = await postTool(app, args);
      assert.equal(rest.status, 422, query);
      assert.match((await rest.json()).message, names, query);
      const { json } = await postMcp(
        app,
        rpc(1, "tools/call", { name: "get_positions_at_risk", arguments: args }),
        // The version that reports bad arguments as a result, as a refused market is.
        { "mcp-protocol-version": "2025-11-25" },
      );
      assert.equal(json.result.isError, true, query);
      assert.match(json.result.content[0].text, names, query);
      assert.equal(json.result.structuredContent, undefined, `${query}: no rows`);
    }
    // A market that exists still answers, in any case.
    const eth = await postTool(app, { market: "eth" });
    assert.equal(eth.status, 200);
    assert.equal((await app.fetch("/at-risk?market=eth")).status, 200);
  });
});

/** Each leaderboard row's wallet and its "nearest to bust" cell, in page order. */
function nearestCells(html: string): Array<[string, string]> {
  return [...html.matchAll(/<tr>[\s\S]*?<\/tr>/g)].flatMap(([row]) => {
    const wallet = row.match(/href="\/wallet\/(0x[0-9a-f]{40})"/)?.[1];
    const cell = row.match(/data-col="nearestToBust">([\s\S]*?)<\/td>/)?.[1];
    return wallet && cell ? [[wallet, cell.replace(/<[^>]+>/g, "").trim()]] : [];
  });
}

Deno.test("the leaderboard shows each wallet's nearest distance to bust from the board", async () => {
  await withTestApp(async (app) => {
    // /at-risk waits for the board's first refresh; the leaderboard waits 1.5 s at most.
    await (await app.fetch("/at-risk")).body?.cancel();
    const cells = nearestCells(await (await app.fetch("/leaderboard?window=all")).text());
    assert.equal(cells.length, 25);
    let valued = 0;
    for (const [wallet, cell] of cells) {
      const { positions } = await fetchWalletPositions(app.deps, wallet);
      const distances = positions.map((p) => p.distanceToBustPercent!);
      if (distances.length === 0) {
        assert.equal(cell, "— no open position", wallet);
        continue;
      }
      valued += 1;
      const nearest = distances.reduce((a, b) => a < b ? a : b);
      assert.equal(cell, formatDistanceToBust(nearest), wallet);
    }
    assert.ok(valued > 10, `${valued} wallets with a distance`);
  });
});

/** The "#" cell, the wallet and the "nearest to bust" cell of each leaderboard row, in order. */
function sortRows(html: string): Array<{ place: number; wallet: string; cell: string }> {
  const places = [...html.matchAll(/<tr><td class="num">([\d,]+)<\/td>/g)].map((m) => Number(m[1]));
  return nearestCells(html).map(([wallet, cell], i) => ({ place: places[i], wallet, cell }));
}

Deno.test("the leaderboard's nearest-to-bust sort ranks every account of the window by the at-risk board, both ways, with # the place in it", async () => {
  await withTestApp(async (app) => {
    const board = await readAtRiskBoard(app.deps);
    assert.equal(board.partial, false);
    // Each wallet at its nearest position: the board lists rows nearest first.
    const byBoard = [...new Set(board.rows.map((row) => row.wallet))];
    const nearestOfWallet = new Map<string, bigint>();
    for (const row of board.rows) {
      if (!nearestOfWallet.has(row.wallet)) {
        nearestOfWallet.set(row.wallet, row.distanceToBustPercent!);
      }
    }
    const accounts = catalog.leaderboard.accounts;
    const pages = Math.ceil(accounts / 25);
    for (const dir of ["asc", "desc"] as const) {
      const rows: ReturnType<typeof sortRows> = [];
      let first = "";
      for (let page = 0; page < pages; page++) {
        const html = await (await app.fetch(
          `/leaderboard?window=all&sort=nearestToBust&dir=${dir}&page=${page}`,
        )).text();
        if (page === 0) first = html;
        rows.push(...sortRows(html));
      }
      // The board's wallets first, by their nearest distance (ties in either order), then the rest.
      const expected = dir === "asc" ? byBoard : [...byBoard].reverse();
      const valued = rows.slice(0, expected.length);
      assert.equal(
        nearestOfWallet.get(valued[0].wallet),
        nearestOfWallet.get(expected[0]),
        `${dir}: starts with the board's ${dir === "asc" ? "first" : "last"} wallet`,
      );
      if (dir === "asc") assert.equal(valued[0].wallet, board.rows[0].wallet);
      // Every account of the window, once, and # counts 1, 2, 3… through the pages.
      assert.equal(rows.length, accounts, dir);
      assert.equal(new Set(rows.map((row) => row.wallet)).size, accounts, dir);
      assert.deepEqual(rows.map((row) => row.place), rows.map((_, i) => i + 1), dir);
      assert.deepEqual(
        valued.map((row) => row.cell),
        expected.map((wallet) => formatDistanceToBust(nearestOfWallet.get(wallet)!)),
        dir,
      );
      for (const row of valued) {
        assert.equal(row.cell, formatDistanceToBust(nearestOfWallet.get(row.wallet)!), row.wallet);
      }
      assert.ok(rows.slice(expected.length).every((row) => row.cell.startsWith("—")), dir);
      // The page says how the board covers the order.
      assert.match(first, /data-nearest-coverage="full"/);
      assert.match(first, new RegExp(`covers ${board.covered.size} of\\s+${board.known.size}`));
    }
  });
});

Deno.test("each leaderboard header's title names the direction its link sorts in", async () => {
  await withTestApp(async (app) => {
    for (const query of ["", "?sort=nearestToBust", "?sort=nearestToBust&dir=desc", "?dir=asc"]) {
      const html = await (await app.fetch(`/leaderboard${query}`)).text();
      const headers = [...html.matchAll(/<th scope="col"[^>]*><a href="([^"]+)" title="([^"]+)"/g)];
      assert.ok(headers.length >= 10, query);
      for (const [, href, title] of headers) {
        const dir = new URLSearchParams(href.replaceAll("&amp;", "&").split("?")[1] ?? "")
          .get("dir") ?? "desc";
        assert.match(title, dir === "asc" ? /, ascending$/ : /, descending$/, `${query}: ${href}`);
      }
    }
  });
});

Deno.test("a hanging wallet stream leaves the leaderboard's rows up, without the nearest-to-bust figures", async () => {
  // The board's first refresh would wait on 120 snapshots, 8 at a time: far past the page deadline.
  await withTestApp(async (app) => {
    const response = await app.fetch("/leaderboard?window=all");
    const html = await response.text();
    assert.equal(response.status, 200);
    const rows = html.match(/<a class="row-link"/g)?.length ?? 0;
    assert.equal(rows, 25, "the page's rows are shown");
    const notRead = html.match(/— <span class="muted">board not read<\/span>/g)?.length ?? 0;
    assert.equal(notRead, rows, "each row says its nearest distance is not read");
    // Sorted by nearest to bust without a board: PnL order, and the page says why.
    const sorted = await (await app.fetch("/leaderboard?window=all&sort=nearestToBust")).text();
    assert.match(sorted, /data-nearest-coverage="none"/);
    assert.deepEqual(
      sortRows(sorted).map((row) => row.wallet),
      nearestCells(html).map(([wallet]) => wallet),
    );
  }, { faults: { target: "api", path: "/state/user/live", hang: true } });
});

Deno.test("/at-risk renders hostile leaderboard names as text, never as markup", async () => {
  await withTestApp(async (app) => {
    const html = await (await app.fetch("/at-risk")).text();
    const listed = catalog.hostileNames.filter((item) => html.includes(item.address));
    assert.ok(listed.some((item) => item.name.includes("<")), "a name with markup is listed");
    for (const item of listed.filter((one) => one.name.includes("<"))) {
      assert.ok(!html.includes(item.name), item.kind);
      assert.ok(
        html.includes(item.name.replaceAll("<", "&lt;")),
        item.kind,
      );
    }
  });
});
