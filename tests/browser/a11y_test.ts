/**
 * Accessibility in Chromium: axe-core runs inside a real page of every family, on a phone (375
 * px) and at 1440 px, in the light and the dark scheme, and once with the `data-theme` override;
 * no rule may find a violation of any impact (issue 17: zero violations). Keyboard order on the
 * home page starts with the skip link, then the header's links, then the search box.
 */
import assert from "node:assert/strict";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { browserTest, catalog } from "./_harness.ts";

const WHALE = catalog.wallets.whale.address;
const OPEN = catalog.positions.open;
/** One page of every family (the position and wallet pages hydrate their islands). */
const PAGES: Array<[string, string]> = [
  ["home", "/"],
  ["wallet", `/wallet/${WHALE}`],
  ["position", `/position/${OPEN.id}?wallet=${OPEN.owner}`],
  ["leaderboard", "/leaderboard"],
  ["transaction", `/tx/${catalog.transactions.multi_wallet_batch.hash}`],
  ["intent", `/intent/${catalog.intents.settled_in_window.id}`],
  ["markets", "/markets"],
  ["at risk", "/at-risk"],
  ["watchlist", `/watchlist?w=${WHALE},${catalog.wallets.near_bust.address}`],
  ["empty watchlist", "/watchlist"],
  ["name search", "/search?q=trader"],
  ["nothing matched", "/search?q=no-such-name-anywhere"],
  ["docs", "/docs/quickstart"],
  ["docs index", "/docs/"],
];
/** A phone (as the trader tests use) and a wide desktop. */
const SCREENS = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 } },
};

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it stands and returns its violations, whatever their impact. */
async function audit(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) {
    await page.addScriptTag({ content: axe.source });
  }
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
      resultTypes: ["violations"],
    });
    // deno-lint-ignore no-explicit-any
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // deno-lint-ignore no-explicit-any
      targets: v.nodes.slice(0, 5).map((n: any) =>
        `${n.target.join(" ")}${
          n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, " ")})` : ""
        }`
      ),
    }));
  });
  return violations as Finding[];
}

browserTest(
  "the explorer's pages pass axe in both themes, and Tab starts at the skip link",
  async (t, { site, browser }) => {
    for (const [screen, options] of Object.entries(SCREENS)) {
      for (const scheme of ["light", "dark"] as const) {
        await t.step(`no axe violation on a ${screen}, ${scheme}`, async () => {
          const context = await browser!.newContext({
            ...options,
            colorScheme: scheme,
            // The site's CSP (script-src 'self') would refuse the injected axe source.
            bypassCSP: true,
          });
          const found: Record<string, Finding[]> = {};
          // Each page gets its own renderer, so the audits run side by side.
          await Promise.all(PAGES.map(async ([name, path]) => {
            const page = await context.newPage();
            await page.goto(`${site.origin}${path}`);
            if (await page.locator("[data-island]").count() > 0) {
              await page.waitForSelector("[data-island][data-hydrated]");
              // Figures that just changed flash: audit every table figure (badges too) at the
              // start of the flash.
              await page.addStyleTag({ content: ".flash { animation-play-state: paused; }" });
              await page.evaluate(() => {
                for (const value of document.querySelectorAll("[data-island] td > span")) {
                  value.classList.add("flash");
                }
              });
            }
            const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
            // The scheme really applied: a dark page has a dark body.
            assert.equal(luminance(bg) < 0.2, scheme === "dark", `${name} body ${bg}`);
            const problems = await audit(page);
            if (problems.length) found[name] = problems;
            await page.close();
          }));
          await context.close();
          assert.deepEqual(found, {});
        });
      }
    }

    await t.step("the data-theme override passes axe too", async () => {
      const context = await browser!.newContext({ colorScheme: "light", bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${site.origin}/`);
      await page.click("[data-theme-toggle]");
      assert.equal(await page.getAttribute("html", "data-theme"), "dark");
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.ok(luminance(bg) < 0.2, `body ${bg} after switching to dark`);
      assert.deepEqual(await audit(page), []);
      // The choice is stored: the next page opens dark although the system scheme is light.
      await page.goto(`${site.origin}/markets`);
      assert.equal(await page.getAttribute("html", "data-theme"), "dark");
      assert.deepEqual(await audit(page), []);
      await context.close();
    });

    await t.step("Tab from the top: skip link, header links, then the search box", async () => {
      const context = await browser!.newContext();
      const page = await context.newPage();
      await page.goto(`${site.origin}/`);
      const expected = [
        "a.skip-link",
        "a.brand",
        ...["/", "/leaderboard", "/markets", "/at-risk", "/watchlist", "/docs/"].map((href) =>
          `nav a[href="${href}"]`
        ),
        "#site-search",
      ];
      const reached: string[] = [];
      for (const selector of expected) {
        await page.keyboard.press("Tab");
        const matches = await page.evaluate(
          (s) => document.activeElement?.matches(s) ?? false,
          selector,
        );
        const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
        reached.push(matches ? selector : `expected ${selector}, got ${where}`);
      }
      assert.deepEqual(reached, expected);
      // The skip link, once focused, is on screen.
      await page.goto(`${site.origin}/`);
      await page.keyboard.press("Tab");
      const box = await page.locator("a.skip-link").boundingBox();
      assert.ok(
        box && box.x >= 0 && box.y >= 0,
        `skip link on screen when focused: ${JSON.stringify(box)}`,
      );
      await context.close();
    });
  },
);

/** Relative luminance of a CSS rgb() colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? ["0", "0", "0"]).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
