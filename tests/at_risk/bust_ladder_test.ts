/**
 * The bust ladder, brute force: every open position of every wallet the replay serves, read past
 * every cache, is moved 0 to 100 steps of 0.05 % against its side and checked against its bust
 * price (a long busts once the price is at or below its bust, a short at or above), and the
 * notional that busts by each step is summed. get_positions_at_risk's `bust_ladder`, the ladder's
 * tables on /at-risk and on /markets must show exactly those sums, band by band and cumulative,
 * with the marks pinned and with them moving.
 */
import assert from "node:assert/strict";
import { type Faces, withFaces } from "../support/faces.ts";
import { type Page, page } from "../support/cross_face.ts";
import { catalog } from "../harness.ts";
import { getPositionsAtRiskTool } from "../../tools/get_positions_at_risk.ts";
import { markPrice, rawPriceToNumber } from "../../lib/math/mod.ts";
import { formatUsd } from "../../lib/format.ts";
import { fromWad } from "../../lib/json_units.ts";

/** Every wallet the replay serves (its data file), whatever the leaderboard says. */
const EVERY_WALLET = Object.keys(
  JSON.parse(await Deno.readTextFile(new URL("../../fixtures/data/wallets.json", import.meta.url))),
);
const STEPS = 100;
const STEP_BPS = 5n;

/** For one market and side: what has busted once the price moved k steps (k = 0 … 100). */
interface Expected {
  /** Index k: count and notional busted by k steps against the side. */
  busted: Array<{ count: number; notional: bigint }>;
  beyond: { count: number; notional: bigint };
}

/** Brute force over every open position of the replay at the marks `mids` (id → raw). */
async function expectedLadder(faces: Faces, mids: Map<number, bigint>) {
  const { instruments } = await faces.app.deps.papertrade.read("tradingState");
  const ladder = new Map<string, Expected>();
  let positions = 0;
  for (const wallet of EVERY_WALLET) {
    const account = await faces.account(wallet);
    for (const position of account.openPositions) {
      const symbol = instruments.find((item) => item.id === position.instrumentId)!.symbol;
      const mark = mids.get(position.instrumentId)!;
      const key = `${symbol} ${position.isLong ? "long" : "short"}`;
      const side = ladder.get(key) ?? {
        busted: Array.from({ length: STEPS + 1 }, () => ({ count: 0, notional: 0n })),
        beyond: { count: 0, notional: 0n },
      };
      ladder.set(key, side);
      const notional = position.margin * BigInt(position.leverage);
      let busts = false;
      for (let k = 0; k <= STEPS; k++) {
        // The price k steps against the side, as a fraction of 10 000 of the mark: compare
        // price · 10 000 with bust · 10 000 so nothing is rounded.
        const moved = position.isLong
          ? mark * (10_000n - BigInt(k) * STEP_BPS)
          : mark * (10_000n + BigInt(k) * STEP_BPS);
        const bust = position.bustPrice * 10_000n;
        if (position.isLong ? moved <= bust : moved >= bust) busts = true;
        if (busts) {
          side.busted[k].count += 1;
          side.busted[k].notional += notional;
        }
      }
      if (!busts) {
        side.beyond.count += 1;
        side.beyond.notional += notional;
      }
      positions += 1;
    }
  }
  return { ladder, positions };
}

/** The live marks the app values at now (mid of the replay's quote, as Papertrade settles). */
async function liveMids(faces: Faces): Promise<Map<number, bigint>> {
  const { instruments } = await faces.app.deps.papertrade.read("tradingState");
  const quotes = await faces.app.deps.quotes.fetchQuotes(instruments);
  return new Map(quotes.map((quote) => [quote.instrumentId, markPrice(quote.bid, quote.ask)]));
}

type ToolLadder = Awaited<
  ReturnType<typeof getPositionsAtRiskTool.run>
>["structured"]["bust_ladder"];

/** The tool's ladder holds exactly the brute force's sums. */
function checkTool(tool: ToolLadder, expected: Map<string, Expected>, markets: string[]): number {
  let checked = 0;
  assert.deepEqual([tool.step_percent, tool.range_percent], [0.05, 5]);
  assert.equal(tool.unvalued_positions, 0);
  assert.deepEqual(tool.markets.map((m) => m.market), markets);
  for (const market of tool.markets) {
    for (const sideName of ["long", "short"] as const) {
      const side = market[sideName];
      const want = expected.get(`${market.market} ${sideName}`)!;
      const where = `${market.market} ${sideName}`;
      assert.deepEqual(side.past_bust, {
        positions: want.busted[0].count,
        notional_usd: fromWad(want.busted[0].notional),
      }, `${where} past bust`);
      const listed = new Map(side.bands.map((band) => [band.band, band]));
      for (let k = 1; k <= STEPS; k++) {
        const inBand = want.busted[k].count - want.busted[k - 1].count;
        const band = listed.get(k);
        if (inBand === 0) {
          assert.equal(band, undefined, `${where} band ${k} is empty`);
          continue;
        }
        assert.ok(band, `${where} band ${k} holds ${inBand}`);
        assert.deepEqual(
          [band.positions, band.notional_usd, band.cumulative_notional_usd],
          [
            inBand,
            fromWad(want.busted[k].notional - want.busted[k - 1].notional),
            fromWad(want.busted[k].notional),
          ],
          `${where} band ${k}`,
        );
        assert.equal(band.move_percent, ((sideName === "long" ? -1 : 1) * k * 5) / 100);
        checked += 1;
      }
      assert.deepEqual(side.beyond, {
        positions: want.beyond.count,
        notional_usd: fromWad(want.beyond.notional),
      }, `${where} beyond`);
      const total = want.busted[STEPS].notional + want.beyond.notional;
      assert.equal(side.total.notional_usd, fromWad(total), `${where} total`);
    }
  }
  return checked;
}

/** A page's ladder tables show the same sums, formatted as every page formats dollars. */
function checkPage(html: Page, expected: Map<string, Expected>, markets: string[]): number {
  let checked = 0;
  for (const market of markets) {
    const section = html.querySelector(`[data-ladder="${market}"]`);
    assert.ok(section, `the page draws the ${market} ladder`);
    assert.ok(section.querySelector("svg[role=img] title"), `${market}: a labelled SVG`);
    for (const sideName of ["long", "short"] as const) {
      const want = expected.get(`${market} ${sideName}`)!;
      const rows = new Map<string, string[]>(
        [...section.querySelectorAll(`tr[data-side="${sideName}"]`)].map((row: Element) => [
          row.getAttribute("data-band")!,
          [...row.children].map((cell) => cell.textContent!.trim()),
        ]),
      );
      const cellsOf = (band: string): string[] | undefined => rows.get(band);
      if (want.busted[0].count > 0) {
        const cells = cellsOf("0")!;
        assert.deepEqual(cells.slice(2, 4), [
          String(want.busted[0].count),
          formatUsd(want.busted[0].notional),
        ]);
      } else assert.equal(cellsOf("0"), undefined);
      for (let k = 1; k <= STEPS; k++) {
        const count = want.busted[k].count - want.busted[k - 1].count;
        const cells = cellsOf(String(k));
        if (count === 0) {
          assert.equal(cells, undefined, `${market} ${sideName} band ${k} is left out`);
          continue;
        }
        assert.deepEqual(cells?.slice(2), [
          String(count),
          formatUsd(want.busted[k].notional - want.busted[k - 1].notional),
          formatUsd(want.busted[k].notional),
        ], `${market} ${sideName} band ${k} on the page`);
        checked += 1;
      }
      assert.deepEqual(cellsOf("beyond")?.slice(2, 4), [
        String(want.beyond.count),
        formatUsd(want.beyond.notional),
      ]);
      // The checkpoints: what busts by 0.5 %, 1 %, 2 % and 5 %.
      for (const [bps, k] of [[50, 10], [100, 20], [200, 40], [500, 100]]) {
        const row: Element = section.querySelector(`tr[data-checkpoint="${bps}"]`)!;
        const cell: string = row.children[sideName === "long" ? 1 : 2].textContent!.trim();
        const { count, notional } = want.busted[k];
        assert.equal(cell, `${formatUsd(notional)} (${count})`, `${market} ${sideName} ${bps} bp`);
      }
    }
  }
  return checked;
}

/** Every face of the ladder at this moment against the brute force at `mids`. */
async function checkFaces(faces: Faces, mids: Map<number, bigint>) {
  const { ladder: expected, positions } = await expectedLadder(faces, mids);
  const { structured } = await faces.tool(getPositionsAtRiskTool, { limit: 1 });
  assert.equal(structured.partial, false, "the board covers every wallet with open positions");
  const ladder = structured.bust_ladder;
  const counted = ladder.markets.reduce(
    (sum, market) => sum + market.long.total.positions + market.short.total.positions,
    0,
  );
  assert.equal(counted, positions, "the ladder counts every open position of the replay");
  assert.ok(positions > 50, `${positions} positions`);
  let checked = checkTool(ladder, expected, ["BTC", "ETH"]);
  // The market filter keeps its market; the band filter leaves the ladder whole.
  const eth = (await faces.tool(getPositionsAtRiskTool, { market: "ETH", band: "near_bust" }))
    .structured.bust_ladder;
  checkTool(eth, expected, ["ETH"]);
  checked += checkPage(page((await faces.get("/at-risk")).body), expected, ["BTC", "ETH"]);
  checked += checkPage(page((await faces.get("/at-risk?market=BTC&band=ok")).body), expected, [
    "BTC",
  ]);
  checked += checkPage(page((await faces.get("/markets")).body), expected, ["BTC", "ETH"]);
  assert.ok(checked > 100, `${checked} bands checked`);
}

Deno.test("the bust ladder holds, band by band, the brute force over every open position, marks pinned", async () => {
  await withFaces(async (faces) => {
    const mids = new Map([[0, BigInt(catalog.marks[0].mid) - 37n], [
      1,
      BigInt(catalog.marks[1].mid) + 11n,
    ]]);
    await faces.pinMarks(Object.fromEntries(mids));
    const tool = (await faces.tool(getPositionsAtRiskTool, { limit: 1 })).structured.bust_ladder;
    const { instruments } = await faces.app.deps.papertrade.read("tradingState");
    assert.deepEqual(
      tool.markets.map((market) => market.mark_price),
      instruments.map((item) => rawPriceToNumber(mids.get(item.id)!, item.priceScale)),
      "the ladder is measured from the pinned marks",
    );
    await checkFaces(faces, mids);
    // Then a BTC mark that puts a long's bust exactly on a band's edge: it belongs to that band
    // (a price that reaches the bust busts it), not the next.
    const edge = await edgeMark(faces);
    await faces.pinMarks({ 0: edge.mark, 1: mids.get(1)! });
    await checkFaces(faces, new Map([[0, edge.mark], [1, mids.get(1)!]]));
    const band = (await faces.tool(getPositionsAtRiskTool, { market: "BTC", limit: 1 }))
      .structured.bust_ladder.markets[0].long.bands.find((item) => item.band === edge.k);
    assert.ok(band && band.positions >= 1, `a long busts exactly ${edge.k} steps below the mark`);
  });
});

/**
 * A BTC mark within 2 % of the catalog's, k steps above some long's bust price exactly:
 * 2000 · bust / (2000 − k).
 */
async function edgeMark(faces: Faces): Promise<{ mark: bigint; k: number }> {
  const mid = BigInt(catalog.marks[0].mid);
  for (const wallet of EVERY_WALLET) {
    for (const position of (await faces.account(wallet)).openPositions) {
      if (position.instrumentId !== 0 || !position.isLong) continue;
      for (let k = 2; k <= STEPS; k++) {
        const whole = 2_000n * position.bustPrice;
        const mark = whole / (2_000n - BigInt(k));
        const near = mark * 50n > mid * 49n && mark * 50n < mid * 51n;
        if (whole % (2_000n - BigInt(k)) === 0n && near) return { mark, k };
      }
    }
  }
  throw new Error("no BTC long's bust lies on a band edge at any whole mark");
}

Deno.test("the bust ladder holds, band by band, the brute force over every open position, marks moving", async () => {
  await withFaces(async (faces) => {
    for (const step of [0, 47_000, 3 * 60_000 + 13_000]) {
      await faces.moveMarks(step + 1_000);
      await checkFaces(faces, await liveMids(faces));
    }
  });
});
