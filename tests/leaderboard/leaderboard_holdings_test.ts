/**
 * What the top traders hold: every row the leaderboard shows (every page of the all-time window,
 * and the "holding now" filter's) says what its wallet holds now, per market and side, and its
 * worst distance to bust; each agrees with that wallet's get_positions at the same moment. The
 * filter keeps exactly the accounts that hold an open position, in the order asked for.
 */
import assert from "node:assert/strict";
import { type Faces, parseCsv, withFaces } from "../support/faces.ts";
import { assertShows, assertShowsDistance, type Page, page } from "../support/cross_face.ts";
import { catalog } from "../harness.ts";
import { getPositionsTool } from "../../tools/get_positions.ts";
import { getPositionsAtRiskTool } from "../../tools/get_positions_at_risk.ts";
import { getLeaderboardTool } from "../../tools/get_leaderboard.ts";

/** A leaderboard page's rows: the wallet, its holding cell and its window PnL's full figure. */
function rowsOf(html: Page) {
  return [...html.querySelectorAll(".lb-table tbody tr")].map((row: Element) => {
    const href = row.querySelector("a.row-link")!.getAttribute("href")!;
    return {
      wallet: href.replace("/wallet/", ""),
      cell: row.querySelector('td[data-col="holding"]')!,
      pnl: row.querySelector('td[data-col="totalWindowedPnl"]')!.getAttribute("title")!,
    };
  });
}

/** Checks one row's holdings against the wallet's get_positions; returns the figures checked. */
async function checkRow(faces: Faces, row: ReturnType<typeof rowsOf>[number]): Promise<number> {
  const { structured } = await faces.tool(getPositionsTool, { address: row.wallet });
  const where = `${row.wallet}`;
  const expected = new Map<string, number>();
  for (const p of structured.positions) {
    const key = `${p.market} ${p.side}`;
    expected.set(key, (expected.get(key) ?? 0) + p.notional_usd);
  }
  assert.equal(structured.positions.length, structured.totals.count, `${where}: every position`);
  const shown = new Map<string, string>();
  for (const market of row.cell.querySelectorAll("[data-market]")) {
    for (const side of market.querySelectorAll("[data-side]")) {
      const title = side.getAttribute("title")!;
      const [name, amount] = title.split(" ");
      assert.equal(name, side.getAttribute("data-side"));
      shown.set(`${market.getAttribute("data-market")} ${name}`, amount);
    }
  }
  assert.deepEqual([...shown.keys()].sort(), [...expected.keys()].sort(), `${where}: markets`);
  let checked = 0;
  for (const [key, exact] of expected) {
    assertShows(`${where} ${key} notional`, exact, shown.get(key)!);
    checked += 1;
  }
  const worst = structured.positions.filter((p) => p.distance_to_bust_percent !== null)
    .reduce<number | null>(
      (low, p) =>
        low === null || p.distance_to_bust_percent! < low ? p.distance_to_bust_percent : low,
      null,
    );
  const worstText = row.cell.querySelector("[data-worst]")?.textContent?.trim();
  if (worst === null) {
    assert.equal(worstText, undefined, `${where}: no worst distance without a valued position`);
    if (structured.positions.length === 0) {
      assert.match(row.cell.textContent!, /no open position/, `${where}: says it holds nothing`);
    }
  } else {
    const match = /^worst (\S+) to bust$/.exec(worstText ?? "");
    assert.ok(match, `${where}: the worst distance (${worstText})`);
    assertShowsDistance(`${where} worst distance`, worst, match[1]);
    checked += 1;
  }
  return checked;
}

Deno.test("the leaderboard shows what each wallet on screen holds now, as its get_positions says, and the holding-now filter keeps exactly the holders", async () => {
  await withFaces(async (faces) => {
    // Pinned off the catalog's mids, so nothing agrees by accident of the fixtures.
    const { marks } = catalog;
    await faces.pinMarks({ 0: BigInt(marks[0].mid) + 23n, 1: BigInt(marks[1].mid) - 7n });
    // The board is read before the pages, which only wait a moment for it.
    const board = (await faces.tool(getPositionsAtRiskTool, { limit: 1 })).structured;
    assert.equal(board.partial, false);
    let checked = 0;
    let rows = 0;
    const holders = new Set<string>();
    for (let index = 0;; index++) {
      const html = page((await faces.get(`/leaderboard?window=all&page=${index}`)).body);
      const onScreen = rowsOf(html);
      if (onScreen.length > 0) {
        // Where the holdings come from: the board's coverage and when it read it.
        const said = html.querySelector("[data-holdings-coverage]");
        assert.equal(said?.getAttribute("data-holdings-coverage"), "full", `page ${index}`);
        assert.ok(said!.querySelector("time"), "says when the board read the positions");
        assert.match(said!.textContent!, new RegExp(`\\b${board.wallets_covered}\\b`));
      }
      if (onScreen.length === 0) break;
      for (const row of onScreen) {
        checked += await checkRow(faces, row);
        if (row.cell.querySelector("[data-market]")) holders.add(row.wallet);
        rows += 1;
      }
    }
    const { total_accounts } = (await faces.tool(getLeaderboardTool, { window: "all" })).structured;
    assert.equal(rows, total_accounts, "every account of the window was on a page");
    assert.ok(holders.size > 10 && holders.size < rows, `${holders.size} of ${rows} hold now`);
    assert.ok(checked > holders.size * 2, `${checked} figures checked`);

    // Holding now: exactly the holders, in window PnL order, each holding what it holds.
    const kept: string[] = [];
    let lastPnl = Number.POSITIVE_INFINITY;
    for (let index = 0;; index++) {
      const html = page((await faces.get(`/leaderboard?window=all&holding=1&page=${index}`)).body);
      const onScreen = rowsOf(html);
      assert.equal(
        html.querySelector("[data-nearest-coverage]")?.getAttribute("data-nearest-coverage"),
        "full",
        "the filter says the board's coverage",
      );
      if (onScreen.length === 0) break;
      for (const row of onScreen) {
        assert.ok(row.cell.querySelector("[data-market]"), `${row.wallet} holds something`);
        const pnl = Number(row.pnl.replace(/[$,+]/g, "").replace("−", "-"));
        assert.ok(pnl <= lastPnl, `${row.wallet}: window PnL descending`);
        lastPnl = pnl;
        await checkRow(faces, row);
        kept.push(row.wallet);
      }
    }
    assert.deepEqual(kept.toSorted(), [...holders].sort());
    // The CSV of the filtered view holds the same rows as its page.
    const [header, ...csvRows] = parseCsv(
      (await faces.get("/leaderboard.csv?window=all&holding=1")).body,
    );
    const address = header.indexOf("address");
    assert.deepEqual(csvRows.map((row) => row[address]), kept.slice(0, 25), "CSV = first page");

    // get_leaderboard (and so its REST mirror) keeps the same accounts, in the same order, and
    // says what each holds as the page does.
    const toolKept: string[] = [];
    for (let index = 0;; index++) {
      const { structured } = await faces.tool(getLeaderboardTool, {
        window: "all",
        holding_now: true,
        page: index,
      });
      assert.equal(structured.holding_now, true);
      assert.equal(structured.at_risk_board!.partial, false);
      if (structured.accounts.length === 0) break;
      for (const row of structured.accounts) {
        const { structured: held } = await faces.tool(getPositionsTool, { address: row.address });
        const sums = new Map<string, number>();
        for (const p of held.positions) {
          sums.set(
            `${p.market} ${p.side}`,
            (sums.get(`${p.market} ${p.side}`) ?? 0) + p.notional_usd,
          );
        }
        const shown = new Map<string, number>();
        for (const market of row.holding.markets) {
          for (const side of ["long", "short"] as const) {
            if (market[side].positions > 0) {
              shown.set(`${market.market} ${side}`, market[side].notional_usd);
            }
          }
        }
        assert.deepEqual(shown, sums, `${row.address}: the tool's holding is get_positions'`);
        assert.equal(row.holding.none_because, null);
        toolKept.push(row.address);
      }
    }
    assert.deepEqual(toolKept, kept, "the tool keeps the page's accounts, in its order");
    // Unfiltered, a wallet holding nothing says why rather than an empty list alone.
    const all = (await faces.tool(getLeaderboardTool, { window: "all" })).structured;
    assert.equal(all.holding_now, false);
    const idle = all.accounts.filter((row) => !holders.has(row.address));
    assert.ok(idle.length > 0);
    for (const row of idle) {
      assert.deepEqual(row.holding.markets, []);
      assert.ok(row.holding.none_because, `${row.address} says why it shows nothing`);
    }
    // Under the filter and the nearest-to-bust sort, the worst distances rise down the page.
    const nearest = rowsOf(
      page((await faces.get("/leaderboard?window=all&holding=1&sort=nearestToBust&dir=asc")).body),
    );
    assert.equal(nearest.length, Math.min(25, holders.size));
    const distances = nearest.map((row) =>
      Number(/worst (\S+)% to bust/.exec(row.cell.textContent!)?.[1] ?? Infinity)
    );
    assert.deepEqual(distances, distances.toSorted((a, b) => a - b), "nearest first");
    for (const row of nearest) await checkRow(faces, row);
  });
});
