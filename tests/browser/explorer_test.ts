/**
 * The explorer's pages in Chromium: the search bar lands every kind of input on its page, `/`
 * focuses the search, leaderboard sorting and paging work as plain links, the trade CSV
 * downloads, old hash links redirect, no page logs an error, and (with TEST_SCREENSHOTS=1)
 * screenshots at phone and desktop widths land in test-artifacts/.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, catalog, screenshot } from "./_harness.ts";

const WHALE = catalog.wallets.whale.address;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** Types `query` into the header search and waits for the page it lands on. */
async function search(page: Page, query: string): Promise<URL> {
  await page.fill("#site-search", query);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== "/" && !url.pathname.startsWith("/search")),
    page.press("#site-search", "Enter"),
  ]);
  return new URL(page.url());
}

browserTest("the explorer in Chromium", async (t, { site, browser, errors, open }) => {
  const desktop = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });

  await t.step("the search bar lands each kind of input on its page", async () => {
    const feed = await (await fetch(`${site.upstream.apiUrl}/query/protocol/trades/recent`))
      .json();
    const latest = feed.events[0];
    const intent = catalog.intents.settled_in_window;
    const tx = catalog.transactions.multi_wallet_batch;
    const cases: Array<[string, string, string]> = [
      ["address", WHALE.toUpperCase().replace("0X", "0x"), `/wallet/${WHALE}`],
      ["transaction hash", tx.hash, `/tx/${tx.hash}`],
      ["intent id", intent.id, `/intent/${intent.id}`],
      [
        "position id",
        latest.positionId,
        `/position/${latest.positionId}?wallet=${latest.wallet}`,
      ],
      ["leaderboard name", catalog.wallets.whale.leaderboardName, `/wallet/${WHALE}`],
    ];
    const page = await open(desktop, "/");
    for (const [kind, query, expected] of cases) {
      await page.goto(`${site.origin}/`);
      const landed = await search(page, query);
      assert.equal(`${landed.pathname}${landed.search}`, expected, `searching a ${kind}`);
    }
    await page.close();
  });

  await t.step("pressing / focuses the search box", async () => {
    const page = await open(desktop, "/leaderboard");
    await page.locator("h1").click();
    await page.keyboard.press("/");
    assert.equal(
      await page.evaluate(() => (document.activeElement as HTMLInputElement)?.type),
      "search",
    );
    await page.close();
  });

  await t.step("leaderboard sorting and paging are plain links", async () => {
    const page = await open(desktop, "/leaderboard");
    const sortLink = page.locator("thead th a").nth(1);
    const label = (await sortLink.textContent())?.trim();
    const href = await sortLink.getAttribute("href");
    await Promise.all([page.waitForURL(new URL(href!, site.origin).href), sortLink.click()]);
    // The sorted column carries aria-sort (and an arrow after its label).
    const sorted = (await page.locator("thead th[aria-sort]").textContent())?.trim() ?? "";
    assert.ok(sorted.startsWith(label!), `sorted column "${sorted}" is the clicked "${label}"`);
    const next = page.locator('a[rel="next"]');
    const nextHref = await next.getAttribute("href");
    await Promise.all([page.waitForURL(new URL(nextHref!, site.origin).href), next.click()]);
    assert.equal((await page.locator("tbody tr td").first().textContent())?.trim(), "26");
    assert.equal(await page.locator('a[rel="prev"]').count(), 1);
    await page.close();
  });

  await t.step("the wallet's trade history downloads as CSV", async () => {
    const page = await open(desktop, `/wallet/${WHALE}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator('a[href$="trades.csv"]').click(),
    ]);
    assert.match(download.suggestedFilename(), /\.csv$/);
    const text = await Deno.readTextFile((await download.path())!);
    const lines = text.trim().split(/\r?\n/);
    assert.ok(lines.length > catalog.wallets.whale.trades, `${lines.length} lines`);
    assert.match(lines[0], /position/i);
    await page.close();
  });

  await t.step("old hash links land on their pages", async () => {
    const name = encodeURIComponent(catalog.wallets.whale.leaderboardName);
    for (
      const [hash, path] of [
        [`#/wallet/${WHALE}`, `/wallet/${WHALE}`],
        ["#/leaderboard", "/leaderboard"],
        ["#/leaderboard/7d", "/leaderboard?window=7d"],
        ["#/markets", "/markets"],
        // The search finds the one wallet with that name and goes there.
        [`#/search/${name}`, `/wallet/${WHALE}`],
      ]
    ) {
      const page = await open(desktop, `/${hash}`);
      await page.waitForURL(`${site.origin}${path}`);
      await page.close();
    }
  });

  await t.step("home and wallet load and hydrate at phone and desktop widths", async () => {
    const phone = await browser!.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
    });
    for (const [context, width] of [[phone, "phone"], [desktop, "desktop"]] as const) {
      const home = await open(context, "/");
      await screenshot(home, `home-${width}`);
      await home.close();
      const wallet = await open(context, `/wallet/${WHALE}`);
      await wallet.waitForSelector("[data-island][data-hydrated]");
      await screenshot(wallet, `wallet-${width}`);
      await wallet.close();
    }
    await phone.close();
  });

  await t.step("no visited page logged an error", () => {
    assert.deepEqual(errors, []);
  });
});
