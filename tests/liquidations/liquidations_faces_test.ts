/**
 * Liquidations through the replay, on every face: `/liquidations`, `/liquidations.atom` and
 * `get_liquidations` (its REST mirror) list the same liquidations in the same order; walking the
 * page's and the tool's cursors gives every liquidation the replay holds (each wallet's trade
 * history, read on its own); each row's size is that trade's margin × leverage; and the totals
 * per market and side are the exact sums of the rows of each period.
 */
import assert from "node:assert/strict";
import { catalog, withTestApp } from "../harness.ts";
import type { TestApp } from "../harness.ts";
import { page, tableWith } from "../support/cross_face.ts";
import { createPapertradeClient, type Trade } from "../../lib/papertrade/mod.ts";
import { formatCount, formatUsd } from "../../lib/format.ts";
import { wadToNumber } from "../../lib/math/mod.ts";
import { DEFAULT_SELECTION, LIQUIDATION_PERIODS } from "../../lib/liquidations/mod.ts";

/** Every wallet the replay serves a history for (the data file's keys). */
const ADDRESSES = Object.keys(
  JSON.parse(await Deno.readTextFile(new URL("../../fixtures/data/trades.json", import.meta.url))),
);
const LABELS = { "1h": "Last hour", "24h": "Last 24 hours", "7d": "Last 7 days" } as const;

/** The replay's liquidated trades of the last week, read from each wallet's history. */
async function replayLiquidations(app: TestApp) {
  const api = createPapertradeClient({ baseUrl: app.upstream.apiUrl });
  const symbols = new Map(
    (await api.read("tradingState")).instruments.map((item) => [item.id, item.symbol]),
  );
  const found = new Map<string, Trade & { wallet: string; symbol: string }>();
  for (const wallet of ADDRESSES) {
    for (let cursor: string | undefined, more = true; more;) {
      const history = await api.read("tradeHistory", { wallet, cursor, limit: 200 });
      for (const trade of history.trades) {
        if (trade.liquidated && trade.closedAt >= catalog.baseTimeMs - LIQUIDATION_PERIODS["7d"]) {
          found.set(trade.positionId, {
            ...trade,
            wallet,
            symbol: symbols.get(trade.instrumentId)!,
          });
        }
      }
      cursor = history.nextCursor ?? undefined;
      more = cursor !== undefined;
    }
  }
  return found;
}

async function tool(app: TestApp, args: Record<string, unknown>) {
  const response = await app.fetch("/api/tools/get_liquidations", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  assert.equal(response.status, 200);
  return await response.json();
}

/** The position ids of a page's list, in order, and its link to older rows. */
async function pageRows(app: TestApp, path: string) {
  const response = await app.fetch(path);
  assert.equal(response.status, 200, path);
  const document = page(await response.text());
  const rows = tableWith(document, "Transaction");
  const older = document.querySelector('nav.pager a[href*="cursor="]')?.getAttribute("href");
  return { document, rows, ids: rows.map(({ row }) => row.getAttribute("data-position")!), older };
}

Deno.test("the page, the feed and get_liquidations list the same liquidations, and the totals are the sums of the rows", async () => {
  await withTestApp(async (app) => {
    const expected = await replayLiquidations(app);
    const newestFirst = [...expected.values()].sort((a, b) =>
      b.closedAt - a.closedAt || Number(b.positionId) - Number(a.positionId)
    );

    // The default view on the three faces.
    const first = await pageRows(app, "/liquidations");
    const feed = await (await app.fetch("/liquidations.atom")).text();
    const feedIds = [...feed.matchAll(/<id>[^<]*:position:(\d+):liquidation<\/id>/g)].map((m) =>
      m[1]
    );
    const answer = await tool(app, {});
    const toolIds = answer.liquidations.map((row: { position_id: string }) => row.position_id);
    const day = newestFirst.filter((t) =>
      t.closedAt >= catalog.baseTimeMs - LIQUIDATION_PERIODS["24h"]
    );
    assert.ok(day.length > DEFAULT_SELECTION.limit, "the default view has a next page");
    const firstPage = day.slice(0, DEFAULT_SELECTION.limit).map((t) => t.positionId);
    assert.deepEqual(first.ids, firstPage);
    assert.deepEqual(feedIds, firstPage);
    assert.deepEqual(toolIds, firstPage);
    assert.equal(answer.matched, day.length);
    assert.deepEqual(answer.unavailable, []);
    assert.match(
      first.document.querySelector('link[rel="alternate"][type="application/atom+xml"]')
        ?.getAttribute("href") ?? "",
      /^\/liquidations\.atom$/,
    );

    // Every liquidation of the week, page by page on the page and on the tool.
    const walked: string[] = [];
    let path: string | undefined = "/liquidations?window=7d";
    const sizes = new Map<string, string>();
    while (path) {
      const next = await pageRows(app, path);
      walked.push(...next.ids);
      for (const { row, cells } of next.rows) {
        sizes.set(row.getAttribute("data-position")!, cells.get("Notional")!);
      }
      path = next.older ?? undefined;
    }
    const week = newestFirst.map((t) => t.positionId);
    assert.deepEqual(walked, week);
    const toolWalk: Array<{ position_id: string; notional_usd: number; tx_hash: string }> = [];
    for (let cursor: string | undefined, more = true; more;) {
      const part = await tool(app, { window: "7d", limit: 40, ...(cursor ? { cursor } : {}) });
      toolWalk.push(...part.liquidations);
      cursor = part.next_cursor ?? undefined;
      more = cursor !== undefined;
    }
    assert.deepEqual(toolWalk.map((row) => row.position_id), week);
    for (const row of toolWalk) {
      const trade = expected.get(row.position_id)!;
      const size = trade.margin * BigInt(trade.leverage);
      assert.equal(row.notional_usd, wadToNumber(size), row.position_id);
      assert.equal(sizes.get(row.position_id), formatUsd(size), row.position_id);
    }

    // Totals: the exact sums of each period's rows, per market and side, on the tool and the page.
    const whole = await tool(app, { window: "7d" });
    const totals = page(await (await app.fetch("/liquidations")).text());
    const table = tableWith(totals, "Side");
    for (const total of whole.totals as Array<Record<string, never>>) {
      const period = total.period as keyof typeof LIQUIDATION_PERIODS;
      const rows = newestFirst.filter((t) =>
        t.closedAt >= catalog.baseTimeMs - LIQUIDATION_PERIODS[period]
      );
      const sum = (of: typeof rows) => of.reduce((s, t) => s + t.margin * BigInt(t.leverage), 0n);
      assert.equal(total.complete, true);
      assert.equal(total.count, rows.length);
      assert.equal(total.notional_usd, wadToNumber(sum(rows)));
      const groups = total.groups as Array<
        { market: string; side: string; count: number; notional_usd: number }
      >;
      assert.equal(groups.length, 4);
      for (const group of groups) {
        const of = rows.filter((t) =>
          t.symbol === group.market && t.isLong === (group.side === "long")
        );
        assert.equal(group.count, of.length, `${period} ${group.market} ${group.side}`);
        assert.equal(
          group.notional_usd,
          wadToNumber(sum(of)),
          `${period} ${group.market} ${group.side}`,
        );
        const cells = table.find(({ cells }) =>
          cells.get("Market") === group.market && cells.get("Side") === group.side
        )!.cells;
        assert.equal(
          cells.get(LABELS[period]),
          `${formatCount(of.length)} · ${formatUsd(sum(of))}`,
        );
      }
      const all = table.find(({ cells }) => cells.get("Market") === "All markets")!.cells;
      assert.equal(
        all.get(LABELS[period]),
        `${formatCount(rows.length)} · ${formatUsd(sum(rows))}`,
      );
    }
  });
});
