/**
 * One answer everywhere, for the markets: each market figure (mark, open interest, caps and
 * their share in use, 24 h volume, maximum leverage, whether it opens) and each protocol total
 * agrees across home, /markets, each market's page and get_protocol_overview, within the
 * rounding its label shows, first with the marks pinned, then with them moving.
 */
import assert from "node:assert/strict";
import { type Faces, withFaces } from "../support/faces.ts";
import { assertShows, type Page, page, stats, tableWith, textOf } from "../support/cross_face.ts";
import { catalog } from "../harness.ts";
import { getProtocolOverviewTool } from "../../tools/get_protocol_overview.ts";

type Overview = Awaited<ReturnType<typeof getProtocolOverviewTool.run>>["structured"];

/** The first figure of a cell (`$1.96B` of "$1.96B" + "of $3.40B cap (57.6%)"). */
const first = (text: string) => text.trim().split(/\s+|(?=of )/)[0];

function checkMarketsTable(where: string, document: Page, overview: Overview) {
  const rows = new Map(
    tableWith(document, "Long OI").map(({ cells }) => [cells.get("Market")!, cells]),
  );
  assert.equal(rows.size, overview.markets.length, `${where}: every market`);
  for (const market of overview.markets) {
    const cells = rows.get(market.market)!;
    const at = `${where} ${market.market}`;
    assertShows(`${at} mark`, market.mark_price!, cells.get("Mark")!);
    for (const side of ["long", "short"] as const) {
      const text = cells.get(`${side === "long" ? "Long" : "Short"} OI`)!;
      assertShows(`${at} ${side} OI`, market[`${side}_oi_usd`]!, first(text));
      const cap = /of (\S+) cap \(([\d.]+)%\)/.exec(text);
      if (market[`${side}_cap_usd`] === null) {
        assert.equal(cap, null, `${at} ${side}: no cap`);
        continue;
      }
      assert.ok(cap, `${at} ${side} cap: ${text}`);
      assertShows(`${at} ${side} cap`, market[`${side}_cap_usd`]!, cap[1]);
      assertShows(`${at} ${side} cap used`, market[`${side}_cap_used_percent`]!, cap[2]);
    }
    assertShows(`${at} 24h volume`, market.volume_24h_usd!, cells.get("24h volume")!);
    assert.equal(cells.get("Max leverage"), `${market.max_leverage}x`, `${at} max leverage`);
    assert.equal(
      cells.get("Status"),
      market.openable ? "openable" : market.status.replace("_", " "),
      `${at} status`,
    );
  }
}

function checkMarketPage(document: Page, market: Overview["markets"][number]) {
  const at = `/markets/${market.market}`;
  const fields = stats(document);
  assertShows(`${at} mark`, market.mark_price!, first(fields.get("Mark (BBO mid)")!));
  assert.equal(fields.get("Maximum leverage"), `${market.max_leverage}x`, `${at} max leverage`);
  assertShows(`${at} 24h volume`, market.volume_24h_usd!, fields.get("24h volume")!);
  const sides = new Map(
    tableWith(document, "Open interest").map(({ cells }) => [
      cells.get("Side")!,
      cells,
    ]),
  );
  for (const side of ["long", "short"] as const) {
    const cells = sides.get(side === "long" ? "Long" : "Short")!;
    assertShows(`${at} ${side} OI`, market[`${side}_oi_usd`]!, cells.get("Open interest")!);
    if (market[`${side}_cap_usd`] === null) {
      assert.equal(cells.get("Cap"), "no cap");
      continue;
    }
    assertShows(`${at} ${side} cap`, market[`${side}_cap_usd`]!, cells.get("Cap")!);
    const used = /([\d.]+)%$/.exec(cells.get("Cap used")!)!;
    assertShows(`${at} ${side} cap used`, market[`${side}_cap_used_percent`]!, used[1]);
  }
}

function checkHomeTotals(document: Page, overview: Overview) {
  const fields = stats(document);
  const usd: Array<[string, number | null]> = [
    ["Value locked", overview.tvl_usd],
    ["LP", overview.lp_usd],
    ["Margin in positions", overview.margin_usd],
    ["Lifetime volume", overview.lifetime_volume_usd],
    ["Fees, lifetime", overview.fees_lifetime_usd],
    ["Fees, pending", overview.fees_pending_usd],
  ];
  for (const [label, value] of usd) assertShows(`home ${label}`, value!, fields.get(label)!);
  assertShows("home open positions", overview.open_positions!, fields.get("Open positions")!);
  for (
    const [label, value] of [["PAPER supply", overview.paper_supply], [
      "PAPER staked",
      overview.paper_staked,
    ]] as const
  ) {
    assertShows(`home ${label}`, value!, fields.get(label)!.replace(/ PAPER$/, ""));
  }
  const owed = /^(\S+)(?: \((\d+)\))?$/.exec(fields.get("Owed to queued winners")!)!;
  assertShows("home owed to queued winners", overview.payout_queue!.owed_usd, owed[1]);
  assert.equal(Number(owed[2] ?? NaN), overview.payout_queue!.wallets ?? NaN);
  // The latest trades: the same rows, with the same notional and feed PnL.
  const trades = tableWith(document, "PnL (feed)");
  assert.equal(trades.length, overview.recent_trades.length, "home lists the latest trades");
  trades.forEach(({ cells }, i) => {
    const trade = overview.recent_trades[i];
    assert.equal(cells.get("Position"), `#${trade.position_id}`, `latest trade ${i}`);
    assertShows(
      `latest trade #${trade.position_id} notional`,
      trade.notional_usd,
      cells.get("Notional")!,
    );
    if (trade.feed_pnl_usd === null) assert.equal(cells.get("PnL (feed)"), "");
    else {assertShows(
        `latest trade #${trade.position_id} PnL`,
        trade.feed_pnl_usd,
        cells.get("PnL (feed)")!,
      );}
  });
}

async function checkMarkets(faces: Faces) {
  const { structured: overview } = await faces.tool(getProtocolOverviewTool, { recent_trades: 10 });
  assert.equal(overview.unavailable.length, 0, JSON.stringify(overview.unavailable));
  const home = page((await faces.get("/")).body);
  checkMarketsTable("home", home, overview);
  checkHomeTotals(home, overview);
  const markets = page((await faces.get("/markets")).body);
  checkMarketsTable("/markets", markets, overview);
  // The win fee is a fact (the Exchange's winFeeRate()): /markets' sections say what each
  // market's page says, never "n/a" for a read it did not make.
  const winFees = (document: Page) =>
    [...document.querySelectorAll("dt")].filter((dt) => textOf(dt) === "Win fee")
      .map((dt) => dt.nextElementSibling?.textContent?.trim() ?? "");
  assert.equal(winFees(markets).length, overview.markets.length, "/markets: a win fee per market");
  for (const market of overview.markets) {
    const one = page((await faces.get(`/markets/${market.market}`)).body);
    checkMarketPage(one, market);
    assert.notEqual(winFees(one)[0], "n/a", `/markets/${market.market} win fee`);
    assert.ok(winFees(markets).every((fee) => fee === winFees(one)[0]), "/markets win fee");
  }
  assert.ok(textOf(home.querySelector("h1")), "home answered");
  return overview;
}

Deno.test("every market figure agrees on home, /markets, each market's page and get_protocol_overview, marks pinned", async () => {
  await withFaces(async (faces) => {
    const { marks } = catalog;
    await faces.pinMarks({ 0: BigInt(marks[0].mid) + 123n, 1: BigInt(marks[1].mid) - 45n });
    const overview = await checkMarkets(faces);
    assert.equal(overview.markets[0].mark_price, (Number(marks[0].mid) + 123) / 10);
  });
});

Deno.test("every market figure agrees on home, /markets, each market's page and get_protocol_overview, marks moving", async () => {
  await withFaces(async (faces) => {
    const seen = new Set<number | null>();
    for (const step of [0, 61_000, 9 * 60_000]) {
      await faces.moveMarks(step + 1_000);
      seen.add((await checkMarkets(faces)).markets[0].mark_price);
    }
    assert.ok(seen.size > 1, "the marks moved");
  });
});
