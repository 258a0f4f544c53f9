/**
 * Phones first (issue 28), in Chromium at 375 px and 1440 px: the column that answers each
 * table's question is on screen without a sideways swipe (the page not scrolled, the table not
 * scrolled, the cells inside both the viewport and the table's own box): to bust and band on
 * /at-risk, to bust, band and unrealized PnL on /watchlist, net PnL in a wallet's trade history and
 * PnL in the home page's latest trades. And every control a finger aims at (buttons, selects,
 * text and number boxes, links drawn as buttons) is at least 44 px tall, on those pages and the
 * other families'.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, catalog, screenshot } from "./_harness.ts";

const WHALE = catalog.wallets.whale.address;
const NEAR_BUST = catalog.wallets.near_bust.address;
const SCREENS = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 } },
};

/** Each page, the table's box and the answering cells (header cells where a header shows). */
const TABLES: Array<{ name: string; path: string; table: string; columns: string[] }> = [
  {
    name: "at risk",
    path: "/at-risk",
    table: "[data-live-board] .table-wrap",
    columns: ["distance", "band"],
  },
  {
    name: "watchlist",
    path: "/watchlist",
    table: ".watchlist .table-wrap",
    columns: ["distance", "band", "pnl"],
  },
  { name: "trade history", path: `/wallet/${WHALE}`, table: ".trade-history", columns: ["pnl"] },
  { name: "latest trades", path: "/", table: ".latest-trades", columns: ["pnl"] },
];

/** Pages whose controls are measured besides the four tables' pages. */
const MORE_PAGES = [
  "/liquidations",
  "/leaderboard",
  "/markets",
  `/watchlist?w=${WHALE}`,
  "/docs/quickstart",
];

/** What keeps the answering columns of `table` off screen (runs in the page). */
function offScreen([table, columns]: [string, string[]]): string[] {
  const problems: string[] = [];
  const width = document.documentElement.clientWidth;
  if (scrollX !== 0) problems.push(`the page is scrolled ${scrollX} px sideways`);
  if (document.documentElement.scrollWidth > width) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width} px`);
  }
  const wrap = document.querySelector(table);
  if (!wrap) return [...problems, `no ${table}`];
  if (wrap.scrollLeft !== 0) problems.push(`${table} is scrolled ${wrap.scrollLeft} px`);
  const clip = wrap.getBoundingClientRect();
  const headings = [...wrap.querySelectorAll("thead th")];
  for (const column of columns) {
    const cells = [...wrap.querySelectorAll(`tbody td[data-col="${column}"]`)].slice(0, 10);
    if (cells.length === 0) problems.push(`no ${column} cells`);
    // The heading above the column, when the table shows its headings (not as cards).
    const index = (cells[0] as HTMLTableCellElement | undefined)?.cellIndex ?? -1;
    const heading = headings[index];
    const shown = heading && heading.getBoundingClientRect().height > 0 ? [heading] : [];
    for (const cell of [...shown, ...cells]) {
      const box = cell.getBoundingClientRect();
      if (
        box.width === 0 || box.left < Math.max(0, clip.left) - 0.5 ||
        box.right > Math.min(width, clip.right) + 0.5
      ) {
        problems.push(
          `${column} "${cell.textContent?.trim()}" spans ${box.left}–${box.right} of ${width} px`,
        );
      }
    }
  }
  return problems;
}

/** Controls shorter than 44 px (runs in the page). */
function shortControls(): string[] {
  const controls = document.querySelectorAll(
    'button, select, textarea, input:not([type="hidden"], [type="checkbox"], [type="radio"]), ' +
      '[role="button"], .chart-windows a',
  );
  return [...controls].flatMap((control) => {
    const box = control.getBoundingClientRect();
    const hidden = box.width === 0 || getComputedStyle(control).visibility === "hidden";
    return !hidden && box.height < 44
      ? [`${control.outerHTML.slice(0, 60)}… is ${box.height} px tall`]
      : [];
  });
}

/** Opens `path` and waits for its islands and, on the watchlist, the first read. */
async function load(page: Page, origin: string, path: string) {
  await page.goto(`${origin}${path}`);
  if (await page.locator("[data-island]").count() > 0) {
    await page.waitForSelector("[data-island][data-hydrated]");
  }
  if (path.startsWith("/watchlist")) {
    await page.locator('[data-watch-row] td[data-col="distance"]').first()
      .filter({ hasNotText: "…" }).waitFor({ timeout: 10_000 });
  }
}

browserTest("phones first: the answering columns on screen and every control 44 px tall", async (
  t,
  { site, browser, open, errors },
) => {
  for (const [name, screen] of Object.entries(SCREENS)) {
    await t.step(`at ${screen.viewport.width} px`, async () => {
      const context = await browser.newContext(screen);
      // This browser's watchlist: a wallet near bust and one far from it.
      await context.addInitScript((list) => {
        if (!localStorage.getItem("watchlist")) localStorage.setItem("watchlist", list);
      }, JSON.stringify([NEAR_BUST, WHALE]));
      const page = await open(context, "/");
      const found: Record<string, string[]> = {};
      for (const { name: table, path, table: css, columns } of TABLES) {
        await load(page, site.origin, path);
        const problems = [
          ...await page.evaluate(offScreen, [css, columns] as [string, string[]]),
          ...await page.evaluate(shortControls),
        ];
        if (problems.length) found[table] = problems;
        await screenshot(page, `phone-fit-${table.replace(" ", "-")}-${name}`);
      }
      for (const path of MORE_PAGES) {
        await load(page, site.origin, path);
        const problems = await page.evaluate(shortControls);
        if (problems.length) found[path] = problems;
      }
      // The wallet's summary figures each keep to one line, with room to spare for wider fonts
      // than this browser's (a dollar amount never breaks): at most 75 % of their card's width.
      await load(page, site.origin, `/wallet/${WHALE}`);
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll(".band dd > span:not([class]), .band dd > a")].flatMap(
          (figure) => {
            const range = document.createRange();
            range.selectNodeContents(figure);
            const width = range.getBoundingClientRect().width;
            const room = figure.parentElement!.getBoundingClientRect().width;
            const lines = figure.getClientRects().length;
            return lines > 1 || width > 0.75 * room
              ? [
                `${figure.textContent}: ${lines} lines, ${Math.round(width)} of ${
                  Math.round(room)
                } px`,
              ]
              : [];
          },
        )
      );
      if (broken.length) found["wallet summary, figures on two lines"] = broken;
      assert.deepEqual(found, {});
      await context.close();
    });
  }
  assert.deepEqual(errors, []);
});
