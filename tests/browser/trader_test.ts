/**
 * The explorer as a trader uses it, in Chromium: at 375 px and 1280 px the figures a trader
 * acts on lie within the screen and no page scrolls sideways; `?embed=1` survives navigation;
 * the theme cookie paints on first load; the wallet's summary band is live and is marked stale
 * when the stream and polling both fail. With TEST_SCREENSHOTS=1, screenshots of every checked
 * page at both widths land in test-artifacts/ (gitignored). The link crawl needs no browser:
 * `tests/site_links_test.ts`.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, catalog, screenshot } from "./_harness.ts";

const WHALE = catalog.wallets.whale.address;
const WIDTHS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } };

/** Whether the page is wider than its viewport (it would scroll sideways). */
function overflowOf(page: Page): Promise<{ scroll: number; client: number }> {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
}

/** Cells whose box leaves the viewport horizontally. */
function cellsOffScreen(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((css) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll(css)].flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      return box.left < 0 || box.right > width + 0.5 || box.width === 0
        ? [`${css}: ${cell.textContent?.trim()} at ${box.left}–${box.right}`]
        : [];
    });
  }, selector);
}

browserTest(
  "the explorer for a trader, in Chromium",
  async (t, { site, browser, errors, open }) => {
    const desktop = await browser.newContext({ viewport: WIDTHS.desktop });

    for (const [width, viewport] of Object.entries(WIDTHS)) {
      await t.step(
        `at ${viewport.width} px trader figures are on screen and nothing scrolls sideways`,
        async () => {
          const context = await browser!.newContext({
            viewport,
            isMobile: width === "phone",
            deviceScaleFactor: width === "phone" ? 2 : 1,
          });
          const tx = catalog.transactions.multi_wallet_batch.hash;
          const positionId = (await (await fetch(`${site.origin}/wallet/${WHALE}/positions.json`))
            .json()).positions[0].position_id;
          const pages: Array<[string, string]> = [
            ["home", "/"],
            ["leaderboard", "/leaderboard?window=all"],
            ["markets", "/markets"],
            ["wallet", `/wallet/${WHALE}`],
            ["position", `/position/${positionId}?wallet=${WHALE}`],
            ["tx", `/tx/${tx}`],
            ["intent", `/intent/${catalog.intents.settled_in_window.id}`],
            ["docs", "/docs/"],
            ["docs-mcp", "/docs/mcp"],
            ["docs-quickstart", "/docs/quickstart"],
          ];
          // One tab goes through the pages, as a trader's would (one renderer, not one each).
          const page = await open(context, "/");
          for (const [name, path] of pages) {
            await page.goto(`${site.origin}${path}`);
            if (path.startsWith("/wallet/") || path.startsWith("/position/")) {
              await page.waitForSelector("[data-island][data-hydrated]");
            }
            const { scroll, client } = await overflowOf(page);
            assert.ok(scroll <= client, `${name} is ${scroll} px wide in a ${client} px screen`);
            // Every chart's legend stays inside its figure (a long key wraps, it is not cut off).
            const cutKeys = await page.locator("figure .legend .key").evaluateAll((keys) =>
              keys.filter((key) =>
                key.getBoundingClientRect().right >
                  key.closest("figure")!.getBoundingClientRect().right + 0.5
              ).map((key) => key.textContent)
            );
            assert.deepEqual(cutKeys, [], `${name}: a chart's legend runs past its figure`);
            if (name === "wallet") {
              const rows = await page.locator("tr[data-position]").count();
              assert.equal(rows, catalog.wallets.whale.openPositions);
              for (const column of ["market", "distance", "risk", "pnl", "bust"]) {
                assert.deepEqual(
                  await cellsOffScreen(page, `tr[data-position] td[data-col="${column}"]`),
                  [],
                );
              }
              assert.deepEqual(await cellsOffScreen(page, "[data-band]"), []);
              if (width === "desktop") {
                // At 1280 px every table of the wallet fits: no last column is cut off.
                const clipped = await page.evaluate(() =>
                  [...document.querySelectorAll("main .table-wrap")]
                    .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
                    .map((wrap) => wrap.querySelector("caption")?.textContent?.slice(0, 40))
                );
                assert.deepEqual(clipped, []);
              }
            }
            if (name === "home" && width === "phone") {
              const boxes = await page.locator("input[type=search]").evaluateAll((inputs) =>
                inputs.filter((input) => (input as HTMLElement).offsetParent !== null).length
              );
              assert.equal(boxes, 1, "one search box on the phone's home page");
            }
            if (name === "home" && width === "desktop") {
              // Market activity is above the fold.
              const top = await page.locator("h2", { hasText: "Markets" }).boundingBox();
              assert.ok(top && top.y + top.height < viewport.height, "markets above the fold");
            }
            if (name === "leaderboard") {
              assert.equal(await page.locator("tbody td.sorted").count(), 25);
              for (const css of ["tbody td.sorted", "tbody tr > td:first-child", "tbody .name"]) {
                assert.deepEqual(await cellsOffScreen(page, css), []);
              }
            }
            await screenshot(page, `trader-${name}-${viewport.width}`);
          }
          await page.close();
          await context.close();
        },
      );
    }

    await t.step(
      "recent searches drop down on focus without resizing the header, on a phone",
      async () => {
        const context = await browser!.newContext({ viewport: WIDTHS.phone, isMobile: true });
        const page = await context.newPage();
        await page.goto(`${site.origin}/leaderboard`);
        const long = `0x${"ab".repeat(32)}`;
        await page.evaluate((hash) => {
          localStorage.setItem(
            "recent-searches",
            JSON.stringify([hash, "Moby Dick", "delta", "0xc2c1218b7b3aed50e24ce", "#411142"]),
          );
        }, long);
        await page.reload();
        const header = page.locator(".site-header");
        const before = (await header.boundingBox())!.height;
        const menu = page.locator(".site-header [data-recent]");
        assert.equal(await menu.isVisible(), false, "hidden until the box has focus");
        await page.locator("#site-search").focus();
        assert.equal(await menu.isVisible(), true);
        assert.equal((await header.boundingBox())!.height, before, "the header keeps its size");
        const shown = await menu.locator("a").allTextContents();
        assert.equal(shown.length, 5);
        assert.ok(shown.every((text) => text.length <= 28), shown.join(" | "));
        assert.equal(await page.locator(".site-header .search-button").isVisible(), true);
        // The placeholder fits the box at 375 px.
        const fits = await page.evaluate(() => {
          const input = document.querySelector<HTMLInputElement>("#site-search")!;
          const style = getComputedStyle(input);
          const context = document.createElement("canvas").getContext("2d")!;
          context.font = `${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) -
            parseFloat(style.paddingRight);
          return context.measureText(input.placeholder).width <= room;
        });
        assert.ok(fits, "the placeholder is cut off on a phone");
        await screenshot(page, "trader-search-dropdown-375");
        await page.locator("[data-clear-recent]").click();
        assert.equal(await menu.isVisible(), false);
        await context.close();
      },
    );

    await t.step("?embed=1 hides the site chrome and survives navigation", async () => {
      const page = await open(desktop, `/wallet/${WHALE}?embed=1`);
      assert.equal(await page.locator(".site-header").count(), 0);
      const link = page.locator("tr[data-position] a").first();
      assert.match((await link.getAttribute("href")) ?? "", /[?&]embed=1/);
      await page.waitForSelector("[data-island][data-hydrated]");
      await Promise.all([page.waitForURL(/\/position\//), link.click()]);
      assert.match(page.url(), /[?&]embed=1/);
      assert.equal(await page.locator(".site-header").count(), 0);
      await page.goto(`${site.origin}/leaderboard?embed=1`);
      const next = page.locator('a[rel="next"]');
      await Promise.all([page.waitForURL(/page=1/), next.click()]);
      assert.match(page.url(), /[?&]embed=1/);
      assert.equal(await page.locator(".site-header").count(), 0);
      await page.close();
    });

    await t.step("the chosen theme is in the first paint, from a cookie", async () => {
      const context = await browser!.newContext({
        viewport: WIDTHS.desktop,
        colorScheme: "light",
      });
      const page = await context.newPage();
      await page.goto(`${site.origin}/leaderboard`);
      await page.locator("[data-theme-toggle]").click();
      const cookies = await context.cookies();
      assert.equal(cookies.find((cookie) => cookie.name === "theme")?.value, "dark");
      // The server's HTML already carries the theme: no script has to run for it.
      const response = await page.goto(`${site.origin}/markets`);
      assert.match(await response!.text(), /<html lang="en" data-theme="dark">/);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, "rgb(14, 17, 22)");
      await context.close();
    });

    await t.step(
      "the wallet's summary band is live, and dimmed and labelled when stale",
      async () => {
        const page = await open(desktop, `/wallet/${WHALE}`);
        await page.waitForSelector("[data-island=WalletRiskBand][data-hydrated]");
        const first = await page.locator('[data-band="pnl"]').textContent();
        await page.waitForFunction(
          (initial) => document.querySelector('[data-band="pnl"]')?.textContent !== initial,
          first,
          { timeout: 15_000 },
        );
        await screenshot(page, "trader-wallet-live-1280");
        await page.close();

        const stale = await desktop.newPage();
        await stale.route(`**/wallet/${WHALE}/live`, (route) => route.fulfill({ status: 503 }));
        await stale.route(`**/wallet/${WHALE}/positions.json`, (route) => route.abort());
        await stale.goto(`${site.origin}/wallet/${WHALE}`);
        await stale.waitForSelector(".risk-band.stale", { timeout: 15_000 });
        assert.match(await stale.locator(".freshness").first().textContent() ?? "", /Stale/);
        await stale.close();
      },
    );

    await t.step("no visited page logged an error", () => {
      // The stale step refuses the stream on purpose; the browser reports that itself.
      assert.deepEqual(errors.filter((error) => !/\/live|positions\.json/.test(error)), []);
    });
  },
);
