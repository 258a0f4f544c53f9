/**
 * The liquidations degrade by part: with the latest trades feed down the Exchange's events still
 * list every liquidation and the faces name the feed as missing; with the chain down the feed's
 * rows still list and the totals say they are partial; with both down the faces fail as an
 * upstream error, never a crash. Hostile leaderboard names render as text.
 */
import assert from "node:assert/strict";
import { catalog, withPages } from "../harness.ts";
import { page, tableWith } from "../support/cross_face.ts";
import { callTool, withHarness } from "../support/tools.ts";
import { getLiquidationsTool } from "../../tools/get_liquidations.ts";
import { ToolError } from "../../tools/types.ts";
import { createPapertradeClient } from "../../lib/papertrade/mod.ts";
import type { Faults } from "../../fixtures/mod.ts";

const FEED_DOWN: Faults = { target: "api", path: "/query/protocol/trades/recent", status: 500 };
const CHAIN_DOWN: Faults = { target: "rpc", status: 500 };
const SCRIPT = catalog.hostileNames.find((item) => item.kind === "script_tag")!;

/** The parts a page names as not shown. */
function notShown(html: string): string[] {
  return [...html.matchAll(/Not shown: <strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
}

/** The default view's position ids on the page and the feed, and the page's notices. */
async function faces(get: (path: string) => Promise<{ status: number; body: string }>) {
  const html = await get("/liquidations");
  assert.equal(html.status, 200);
  const feed = await get("/liquidations.atom");
  assert.equal(feed.status, 200);
  const document = page(html.body);
  return {
    ids: tableWith(document, "Transaction").map(({ row }) => row.getAttribute("data-position")),
    rows: tableWith(document, "Transaction").map(({ cells }) => cells),
    feedIds: [...feed.body.matchAll(/:position:(\d+):liquidation<\/id>/g)].map((m) => m[1]),
    subtitle: /<subtitle>([^<]*)<\/subtitle>/.exec(feed.body)?.[1] ?? "",
    notices: notShown(html.body),
    partial: /Last 7 days \(partial\)/.test(html.body),
  };
}

Deno.test("with the latest trades feed down, the events still list every liquidation and the feed is named missing", async () => {
  let whole: Awaited<ReturnType<typeof faces>> | undefined;
  await withPages(async ({ get }) => {
    whole = await faces(get);
  });
  await withPages(async ({ get }) => {
    const seen = await faces(get);
    assert.ok(whole!.ids.length > 0);
    assert.deepEqual(seen.ids, whole!.ids, "the same liquidations, from the chain alone");
    assert.deepEqual(seen.feedIds, seen.ids);
    assert.deepEqual(seen.notices, ["latest trades"]);
    assert.match(seen.subtitle, /Not in this copy: latest trades \(/);
    // The trade histories still give every size and market.
    assert.ok(
      seen.rows.every((cells) =>
        /^\$/.test(cells.get("Notional")!) && cells.get("Market") !== "n/a"
      ),
    );
    assert.equal(seen.partial, false);
  }, { faults: FEED_DOWN });
});

Deno.test("with the chain down, the feed's liquidations still list, the totals say they are partial", async () => {
  await withPages(async ({ get, upstream }) => {
    const seen = await faces(get);
    const { trades } = await createPapertradeClient({ baseUrl: upstream.apiUrl }).read(
      "recentTrades",
    );
    const feed = trades.filter((trade) => trade.kind === "liquidation").map((t) => t.positionId);
    assert.ok(feed.length > 0);
    assert.deepEqual(seen.ids, feed);
    assert.deepEqual(seen.feedIds, feed);
    assert.deepEqual(seen.notices, ["liquidation events"]);
    assert.match(seen.subtitle, /Not in this copy: liquidation events \(/);
    assert.ok(seen.partial);
    // No event: no mark; the history still gives the size and the bust price.
    for (const cells of seen.rows) {
      assert.equal(cells.get("Mark"), "n/a");
      assert.match(cells.get("Notional")!, /^\$/);
      assert.notEqual(cells.get("Bust"), "n/a");
    }
  }, { faults: CHAIN_DOWN });
  await withHarness(async ({ context }) => {
    const { structured } = await callTool(getLiquidationsTool, {}, context);
    assert.deepEqual(structured.unavailable.map((item) => item.part), ["liquidation events"]);
    assert.equal(structured.events_from_block, null);
    assert.deepEqual(structured.totals.map((total) => total.complete), [false, false, false]);
    assert.ok(structured.liquidations.every((row) => row.in_latest_trades && !row.on_chain));
  }, { faults: CHAIN_DOWN });
});

Deno.test("with both sources down, every face fails as an upstream error, never a crash", async () => {
  const faults: Faults = [FEED_DOWN, CHAIN_DOWN];
  await withPages(async ({ get }) => {
    for (const path of ["/liquidations", "/liquidations.atom"]) {
      const answer = await get(path);
      assert.ok([502, 503].includes(answer.status), `${path}: ${answer.status}`);
    }
  }, { faults });
  await withHarness(async ({ context }) => {
    await assert.rejects(
      callTool(getLiquidationsTool, {}, context),
      (error) => error instanceof ToolError && error.upstream,
    );
  }, { faults, retry: { maxAttempts: 1 } });
});

Deno.test("a hostile leaderboard name on a liquidation renders as text on the page and quoted in the tool", async () => {
  await withPages(async ({ get }) => {
    const { body } = await get("/liquidations?window=1h");
    const rows = tableWith(page(body), "Transaction");
    const row = rows.find(({ cells }) => cells.get("Wallet")!.includes(SCRIPT.address.slice(0, 6)));
    assert.ok(row, "the hostile-named wallet's liquidation is listed");
    assert.ok(row.cells.get("Wallet")!.startsWith(SCRIPT.name), "the name, as text");
    assert.ok(!body.includes(SCRIPT.name), "never as markup");
    assert.ok(body.includes("&lt;script>alert(1)&lt;/script>"));
  });
  await withHarness(async ({ context }) => {
    const { structured, text } = await callTool(getLiquidationsTool, { window: "1h" }, context);
    assert.ok(structured.liquidations.some((row) => row.leaderboard_name === SCRIPT.name));
    assert.ok(text.includes(JSON.stringify(SCRIPT.name)), "quoted in the text");
  });
});
