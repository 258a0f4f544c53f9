/**
 * One demo wallet read on every face at one moment, and each glossary figure (docs/figures.md)
 * checked to agree across them within the rounding its label shows: the wallet page (its server
 * render and the live wallet its islands embed), the live wallet after an update
 * (`positions.json`, what the stream and the polling twin send: the same figures, and the same
 * positions and totals as get_positions'), `get_wallet`, `get_positions`,
 * the at-risk board (page and tool), the leaderboard row (page, tool, CSV), `/watchlist.json`, the
 * preview card (its image's text and its page's description), the trades CSV and the Atom feed.
 */
import assert from "node:assert/strict";
import type { Faces } from "./faces.ts";
import { parseCsv } from "./faces.ts";
import {
  assertSameText,
  assertShows,
  assertShowsDistance,
  type Page,
  page,
  shown,
  stats,
  tableWith,
  textOf,
} from "./cross_face.ts";
import { type LiveWallet, liveWalletSchema } from "../../lib/wallet/mod.ts";
import { RISK_LABELS } from "../../lib/figure_text.ts";
import { LEADERBOARD_FIGURES } from "../../lib/leaderboard/model.ts";
import { getWalletTool } from "../../tools/get_wallet.ts";
import { getPositionsTool } from "../../tools/get_positions.ts";
import { getPositionsAtRiskTool } from "../../tools/get_positions_at_risk.ts";
import { getLeaderboardTool } from "../../tools/get_leaderboard.ts";
import { getTradeHistoryTool } from "../../tools/get_trade_history.ts";

type AtRiskPosition = Awaited<
  ReturnType<typeof getPositionsAtRiskTool.run>
>["structured"]["positions"][number];

/** The at-risk board at this moment, every position of it, from its page and its tool. */
export interface BoardFaces {
  /** Tool rows by position id. */
  tool: Map<string, AtRiskPosition>;
  /** Page rows by position id: cells by column head, and the row's band. */
  page: Map<string, { cells: Map<string, string>; band: string }>;
}

/**
 * Reads the whole board, market by market and band by band (a page lists 100 rows at most, and so
 * does a tool call, while the demo holds more positions).
 */
export async function readBoard(faces: Faces): Promise<BoardFaces> {
  const tool = new Map<string, AtRiskPosition>();
  const pageRows = new Map<string, { cells: Map<string, string>; band: string }>();
  for (const market of ["BTC", "ETH"]) {
    for (const band of ["near_bust", "close", "ok"]) {
      const { structured } = await faces.tool(getPositionsAtRiskTool, { market, band, limit: 100 });
      assert.ok(structured.matched <= 100, `${market} ${band}: ${structured.matched} rows`);
      for (const row of structured.positions) tool.set(row.position_id, row);
      const html = page((await faces.get(`/at-risk?market=${market}&band=${band}`)).body);
      for (const { cells, row } of tableWith(html, "Move to bust")) {
        pageRows.set(row.getAttribute("data-position")!, {
          cells,
          band: row.getAttribute("data-risk")!,
        });
      }
    }
  }
  assert.equal(pageRows.size, tool.size, "the board's page and tool list the same positions");
  return { tool, page: pageRows };
}

/** Reads one wallet on every face and checks that each figure agrees; returns what it checked. */
export async function checkWallet(
  faces: Faces,
  address: string,
  board: BoardFaces,
): Promise<number> {
  let checks = 0;
  const same = (where: string, texts: Record<string, string>) => {
    assertSameText(where, texts);
    checks += 1;
  };
  const near = (where: string, exact: number, text: string) => {
    assertShows(where, exact, text);
    checks += 1;
  };
  const distance = (where: string, exact: number, text: string) => {
    assertShowsDistance(where, exact, text);
    checks += 1;
  };
  const equal = (where: string, actual: unknown, expected: unknown) => {
    assert.deepEqual(actual, expected, where);
    checks += 1;
  };

  // Every face, read at the same moment (the clock stands still while they are read).
  const walletPage = page((await faces.get(`/wallet/${address}`)).body);
  const embedded: { live: LiveWallet } = JSON.parse(
    walletPage.querySelector("[data-island-props]")!.getAttribute("data-island-props")!,
  );
  const live = liveWalletSchema.parse(
    JSON.parse((await faces.get(`/wallet/${address}/positions.json`)).body),
  );
  const watched = JSON.parse((await faces.get(`/watchlist.json?w=${address}`)).body).wallets[0];
  const wallet = (await faces.tool(getWalletTool, { address })).structured;
  const positions = (await faces.tool(getPositionsTool, { address })).structured;
  const history = (await faces.tool(getTradeHistoryTool, { address })).structured;
  const leaderboard = (await faces.tool(getLeaderboardTool, { window: "all", query: address }))
    .structured.accounts.find((row) => row.address === address);
  const leaderboardPage = page((await faces.get(`/leaderboard?window=all&q=${address}`)).body);
  const leaderboardCsv = parseCsv(
    (await faces.get(`/leaderboard.csv?window=all&q=${address}`)).body,
  );
  const card = page((await faces.get(`/w/${address}/image.svg`)).body);
  const preview = page((await faces.get(`/w/${address}`)).body);
  const tradesCsv = parseCsv((await faces.get(`/wallet/${address}/trades.csv`)).body);
  const feed = (await faces.get(`/wallet/${address}/feed.atom`)).body;

  // The islands render the live wallet the page embedded; after a live update, the same figures
  // (the queue places and outcomes beside them are the intents', not figures of the glossary).
  const figuresOf = (wallet: LiveWallet) => ({
    positions: wallet.positions,
    totals: wallet.totals,
    summary: wallet.summary,
    pnl: [
      wallet.lifetime_realized_pnl_usd,
      wallet.total_pnl_usd,
      wallet.return_on_deposits_percent,
    ],
    funds: [wallet.balance_usd, wallet.queued_usd, wallet.locked_usd, wallet.available_usd],
  });
  equal(
    "the embedded live wallet's figures are positions.json's",
    figuresOf(embedded.live),
    figuresOf(live),
  );
  // One model: the live wallet's positions and totals are get_positions' own.
  equal(`${address}: live totals`, live.totals, positions.totals);

  // Open positions: each figure of each position on every face that shows it.
  const rows = new Map(
    tableWith(walletPage, "Payout if closed").map(({ cells, row }) => [
      row.getAttribute("data-position")!,
      { cells, band: row.getAttribute("data-risk")! },
    ]),
  );
  const liveRows = new Map(live.positions.map((row) => [row.position_id, row]));
  equal(`${address}: positions listed`, positions.positions.length, positions.totals.count);
  for (const p of positions.positions) {
    const id = `${address} #${p.position_id}`;
    const cells = rows.get(p.position_id)?.cells;
    const json = liveRows.get(p.position_id);
    assert.ok(cells && json, `${id} is on the page and in the live view`);
    const onBoard = board.tool.get(p.position_id);
    const boardPage = board.page.get(p.position_id);
    assert.ok(onBoard && boardPage, `${id} is on the at-risk board`);
    equal(`${id} is get_positions' position in the live wallet`, json, p);
    distance(`${id} distance`, p.distance_to_bust_percent!, cells.get("To bust")!);
    distance(`${id} board distance`, p.distance_to_bust_percent!, boardPage.cells.get("To bust")!);
    equal(
      `${id} board tool distance`,
      onBoard.distance_to_bust_percent,
      p.distance_to_bust_percent,
    );
    equal(`${id} band`, [rows.get(p.position_id)!.band, boardPage.band, onBoard.risk], [
      p.risk,
      p.risk,
      p.risk,
    ]);
    near(`${id} unrealized PnL`, p.unrealized_pnl_usd!, cells.get("Unrealized PnL")!);
    equal(`${id} board unrealized PnL`, onBoard.unrealized_pnl_usd, p.unrealized_pnl_usd);
    near(`${id} PnL if closed`, p.estimated_close_pnl_usd!, cells.get("PnL if closed")!);
    near(`${id} payout`, p.estimated_payout_usd!, cells.get("Payout if closed")!);
    equal(`${id} board payout`, onBoard.estimated_payout_usd, p.estimated_payout_usd);
    near(`${id} mark`, p.mark_price!, cells.get("Mark")!);
    near(`${id} board mark`, p.mark_price!, boardPage.cells.get("Mark")!);
    near(`${id} margin`, p.margin_usd, cells.get("Margin")!);
    near(`${id} board margin`, p.margin_usd, boardPage.cells.get("Margin")!);
    near(`${id} notional`, p.notional_usd, cells.get("Notional")!);
    near(`${id} move to bust`, p.move_to_bust_usd!, boardPage.cells.get("Move to bust")!);
    equal(`${id} board move to bust`, onBoard.move_to_bust_usd, p.move_to_bust_usd);
    // The feed's open entry states the margin.
    const opened = new RegExp(
      `:position:${p.position_id}:open</id>\\s*<title>[^<]*, (\\S+) margin<`,
    )
      .exec(feed);
    assert.ok(opened, `${id} has its open entry in the feed`);
    near(`${id} feed margin`, p.margin_usd, opened[1]);
  }

  // The wallet's totals, equity and worst position.
  const totals = positions.totals;
  const foot = [...walletPage.querySelectorAll("tfoot td[data-label]")];
  const footCell = (label: string) =>
    textOf(foot.find((td) => td.getAttribute("data-label") === label))!;
  const band = (name: string) => textOf(walletPage.querySelector(`[data-band="${name}"]`))!;
  same(`${address} unrealized PnL`, { band: band("pnl"), foot: footCell("Unrealized PnL") });
  near(`${address} unrealized PnL`, totals.unrealized_pnl_usd, band("pnl"));
  equal(`${address} watchlist summary`, watched.summary, live.summary);
  equal(`${address} summary PnL`, live.summary.unrealized_pnl_usd, totals.unrealized_pnl_usd);
  assert.ok(
    totals.estimated_close_pnl_usd !== null && totals.estimated_payout_usd !== null,
    `${address}: the close figures are there (the replay answers the win fee)`,
  );
  near(`${address} PnL if closed`, totals.estimated_close_pnl_usd, footCell("PnL if closed"));
  near(`${address} payout`, totals.estimated_payout_usd, footCell("Payout if closed"));
  equal(`${address} equity`, live.summary.equity_usd, positions.equity_usd);
  near(`${address} equity`, positions.equity_usd, band("equity"));
  near(
    `${address} equity is funds plus unrealized PnL`,
    wallet.balance_usd + wallet.queued_usd + wallet.locked_usd + totals.unrealized_pnl_usd,
    band("equity"),
  );

  const valued = positions.positions.filter((p) => p.distance_to_bust_percent !== null);
  const worst = valued.reduce((a, b) =>
    b.distance_to_bust_percent! < a.distance_to_bust_percent! ? b : a
  );
  const worstShown = band("worst").replace(/[a-z ]+$/, "").trim();
  distance(`${address} worst distance`, worst.distance_to_bust_percent!, worstShown);
  equal(`${address} nearest to bust`, live.summary.nearest, {
    position_id: worst.position_id,
    distance_to_bust_percent: worst.distance_to_bust_percent,
    risk: worst.risk,
  });
  // The worst position's move to bust, on the band beside its distance (its market named).
  const move = /^(\S+) \((\w+)\)$/.exec(band("move"));
  assert.ok(move, `${address}: the band's move to bust`);
  near(`${address} worst move to bust`, worst.move_to_bust_usd!, move[1]);
  equal(`${address} worst move's market`, move[2], worst.market);

  // Total PnL (lifetime realized plus unrealized at the mark) and return on deposits.
  const bandFirst = (name: string) =>
    textOf(walletPage.querySelector(`[data-band="${name}"] > span`))!;
  equal(`${address} total PnL`, live.total_pnl_usd, positions.total_pnl_usd);
  near(
    `${address} total PnL is lifetime realized plus unrealized`,
    wallet.lifetime.realized_pnl_usd + totals.unrealized_pnl_usd,
    bandFirst("total"),
  );
  near(`${address} total PnL on the band`, positions.total_pnl_usd, bandFirst("total"));
  equal(
    `${address} lifetime realized in the live wallet`,
    live.lifetime_realized_pnl_usd,
    wallet.lifetime.realized_pnl_usd,
  );
  const parts = /realized (\S+), unrealized (\S+)/.exec(band("total"));
  assert.ok(parts, `${address}: the total PnL line names its parts`);
  near(`${address} total's realized part`, wallet.lifetime.realized_pnl_usd, parts[1]);
  near(`${address} total's unrealized part`, totals.unrealized_pnl_usd, parts[2]);
  equal(
    `${address} return on deposits`,
    live.return_on_deposits_percent,
    positions.return_on_deposits_percent,
  );
  const deposited = wallet.lifetime.deposited_usd;
  if (deposited > 0) {
    near(
      `${address} return on deposits is total PnL over deposits`,
      (positions.total_pnl_usd / deposited) * 100,
      band("return"),
    );
    near(
      `${address} return on deposits on the band`,
      positions.return_on_deposits_percent!,
      band("return"),
    );
  } else equal(`${address} no deposits, no return`, band("return"), "n/a");

  const counts = (risk: string) => positions.positions.filter((p) => p.risk === risk).length;
  equal(
    `${address} band counts`,
    band("counts").replace(/\s+of \d+ open$/, ""),
    `${counts("close")} / ${counts("near_bust")}`,
  );
  equal(`${address} summary counts`, [
    live.summary.close_count,
    live.summary.near_bust_count,
    live.summary.open_positions,
  ], [counts("close"), counts("near_bust"), totals.count]);

  // The card: its risk line (band and nearest distance) and its figures.
  const title = card.querySelector("title")!.textContent!;
  const risk = /Risk: ([a-z ]+), nearest bust (\S+%) away/.exec(title);
  assert.ok(risk, `${address}: the card's risk line`);
  equal(`${address} card band`, risk[1], RISK_LABELS[worst.risk!]);
  distance(`${address} card distance`, worst.distance_to_bust_percent!, risk[2]);
  const figures = new Map(
    [...card.querySelectorAll("g")].map((g) => {
      const [label, value] = [...g.querySelectorAll("text")].map((t) => t.textContent!.trim());
      return [label, value];
    }),
  );
  const description = preview.querySelector('meta[property="og:description"]')!
    .getAttribute("content")!;

  // Funds: the snapshot's, the same on the tool, the live wallet, the card and the leaderboard.
  const account = stats(walletPage);
  for (
    const [label, field] of [
      ["Balance", "balance_usd"],
      ["Queued", "queued_usd"],
      ["Locked", "locked_usd"],
      ["Available", "available_usd"],
    ] as const
  ) {
    equal(`${address} ${label}`, live[field], wallet[field]);
    near(`${address} ${label}`, wallet[field], account.get(label)!);
  }
  near(`${address} card balance`, wallet.balance_usd, figures.get("Balance")!);
  near(
    `${address} card text balance`,
    wallet.balance_usd,
    /^Balance (\S+) ·/.exec(description)![1],
  );
  equal(`${address} open positions`, [
    wallet.open_positions,
    live.summary.open_positions,
    Number(figures.get("Open positions")),
    Number(/(\d+) open positions\.$/.exec(description)![1]),
  ], [totals.count, totals.count, totals.count, totals.count]);

  // Lifetime realized PnL: the tool, the page's Lifetime, the card's text.
  near(
    `${address} lifetime realized`,
    wallet.lifetime.realized_pnl_usd,
    account.get("Realized PnL")!,
  );
  near(
    `${address} card lifetime realized`,
    wallet.lifetime.realized_pnl_usd,
    /lifetime realized PnL (\S+)/.exec(description)![1],
  );

  // The leaderboard row (all time): rank and window PnL everywhere they appear.
  const allTime = wallet.ranks.find((rank) => rank.window === "all");
  if (allTime?.rank != null && leaderboard) {
    const ranked = tableWith(walletPage, "Rank").find(({ cells }) =>
      cells.get("Window") === "All time"
    )!.cells;
    // A name may contain the address too: the row is the one of this wallet.
    const lbRow = tableWith(leaderboardPage, "Rank").find(({ row }) =>
      row.querySelector(`a[href="/wallet/${address}"]`) !== null
    )!;
    const [header, ...csvRows] = leaderboardCsv;
    const csvRow = csvRows.find((row) => row[header.indexOf("address")] === address)!;
    const csv = (field: string) => csvRow[header.indexOf(field)];
    equal(`${address} rank`, [
      leaderboard.rank,
      shown(ranked.get("Rank")!).value,
      Number(lbRow.cells.get("Rank")),
      Number(csv("rank")),
      Number(/all-time PnL \S+ \(rank #(\d+)\)/.exec(description)![1]),
    ], [allTime.rank, allTime.rank, allTime.rank, allTime.rank, allTime.rank]);
    const windowPnl = LEADERBOARD_FIGURES.totalWindowedPnl.label;
    equal(`${address} window PnL`, leaderboard.pnl_usd, allTime.pnl_usd);
    near(`${address} window PnL on the wallet page`, allTime.pnl_usd!, ranked.get(windowPnl)!);
    near(
      `${address} window PnL on the leaderboard`,
      allTime.pnl_usd!,
      lbRow.titles.get(windowPnl)!,
    );
    near(`${address} window PnL in the CSV`, allTime.pnl_usd!, csv("pnl_usd"));
    near(`${address} window PnL on the card`, allTime.pnl_usd!, figures.get("PnL, all time")!);
    near(
      `${address} window PnL in the card's text`,
      allTime.pnl_usd!,
      /all-time PnL (\S+)/.exec(description)![1],
    );
    const snapshot = LEADERBOARD_FIGURES.currentUnrealizedPnl.label;
    near(
      `${address} snapshot unrealized on the wallet page`,
      leaderboard.snapshot_unrealized_pnl_usd!,
      ranked.get(snapshot)!,
    );
    near(
      `${address} snapshot unrealized on the leaderboard`,
      leaderboard.snapshot_unrealized_pnl_usd!,
      lbRow.titles.get(snapshot)!,
    );
    near(`${address} balance on the leaderboard`, wallet.balance_usd, csv("balance_usd"));
    // The leaderboard's nearest to bust is the wallet's worst distance, from the same board.
    const nearest = lbRow.cells.get("Nearest to bust")!;
    same(`${address} nearest on the leaderboard`, { leaderboard: nearest, wallet: worstShown });
    distance(
      `${address} nearest in the CSV`,
      worst.distance_to_bust_percent!,
      String(Math.floor(Number(csv("nearest_to_bust_percent")) * 1000) / 1000),
    );
  }

  // Closed trades: net PnL in the tool, the page's table, the CSV and the feed.
  const table = new Map(
    tableWith(walletPage, "Net PnL").map((
      { cells },
    ) => [cells.get("Position")!.replace("#", ""), cells]),
  );
  const csvHeader = tradesCsv[0];
  const csvTrades = new Map(
    tradesCsv.slice(1).map((row) => [row[csvHeader.indexOf("position_id")], row]),
  );
  for (const trade of history.trades) {
    const id = `${address} trade #${trade.position_id}`;
    const row = csvTrades.get(trade.position_id);
    assert.ok(row, `${id} is in the CSV`);
    const exact = Number(row[csvHeader.indexOf("net_pnl_usd")]);
    assert.ok(Math.abs(exact - trade.net_pnl_usd) <= 1e-9 * Math.max(1, Math.abs(exact)), id);
    checks += 1;
    const cells = table.get(trade.position_id);
    if (cells) near(`${id} on the page`, trade.net_pnl_usd, cells.get("Net PnL")!);
    const kind = trade.liquidated ? "liquidation" : "close";
    const entry = new RegExp(
      `:position:${trade.position_id}:${kind}</id>\\s*<title>[^<]*: net PnL (\\S+)<`,
    )
      .exec(feed);
    assert.ok(entry, `${id} is in the feed`);
    near(`${id} in the feed`, trade.net_pnl_usd, entry[1]);
  }
  assert.ok(table.size > 0 || history.trades.length === 0, `${address}: the page lists its trades`);
  return checks;
}

/** The wallet page's parsed document, for a caller that wants to look further. */
export type WalletPage = Page;
