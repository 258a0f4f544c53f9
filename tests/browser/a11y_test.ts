/**
 * Accessibility in Chromium on a phone (375 px): axe-core in a real page of every family, light
 * and dark, and once with the `data-theme` override; no rule may find a violation of any impact
 * (issue 17: zero violations). Keyboard order on the home page starts with the skip link, then the
 * header's links, then the search box. The same audit at 1440 px is `a11y_desktop_test.ts`.
 */
import assert from "node:assert/strict";
import { browserTest } from "./_harness.ts";
import { audit, auditScreen, luminance } from "./_a11y.ts";

/** The header's links, in order. */
const NAV = ["/", "/leaderboard", "/markets", "/at-risk", "/liquidations", "/watchlist", "/docs/"];

browserTest(
  "the explorer's pages pass axe in both themes on a phone, and Tab starts at the skip link",
  async (t, { site, browser }) => {
    await auditScreen(t, site, browser!, "phone");

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
        ...NAV.map((href) => `nav a[href="${href}"]`),
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
