/**
 * What the accessibility tests share: one page of every family, the two screens, axe-core run
 * inside a page, and the audit of every family on one screen in both schemes. Two test files
 * (`a11y_test.ts` the phone, `a11y_desktop_test.ts` 1440 px) run it side by side.
 */
import assert from "node:assert/strict";
import axe from "axe-core";
import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { catalog } from "./_harness.ts";

const WHALE = catalog.wallets.whale.address;
const OPEN = catalog.positions.open;
/** One page of every family (the position and wallet pages hydrate their islands). */
export const PAGES: Array<[string, string]> = [
  ["home", "/"],
  ["wallet", `/wallet/${WHALE}`],
  ["position", `/position/${OPEN.id}?wallet=${OPEN.owner}`],
  ["leaderboard", "/leaderboard"],
  ["leaderboard holding now", "/leaderboard?window=all&holding=1&sort=nearestToBust&dir=asc"],
  ["transaction", `/tx/${catalog.transactions.multi_wallet_batch.hash}`],
  ["intent", `/intent/${catalog.intents.settled_in_window.id}`],
  ["markets", "/markets"],
  ["markets since launch", "/markets?history=1h"],
  ["at risk", "/at-risk"],
  ["liquidations", "/liquidations"],
  ["watchlist", `/watchlist?w=${WHALE},${catalog.wallets.near_bust.address}`],
  ["empty watchlist", "/watchlist"],
  ["name search", "/search?q=trader"],
  ["nothing matched", "/search?q=no-such-name-anywhere"],
  ["docs", "/docs/quickstart"],
  ["docs index", "/docs/"],
];
/** A phone (as the trader tests use) and a wide desktop. */
export const SCREENS = {
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
export async function audit(page: Page): Promise<Finding[]> {
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

/**
 * Every family on `screen`, in the light and the dark scheme: no axe violation of any impact.
 * Each page loads once and is audited in both schemes: the schemes differ only in colours
 * (`light-dark()` in the stylesheets), so switching the emulated scheme on the loaded page
 * audits what a dark-scheme visitor gets, without a second load.
 */
export async function auditScreen(
  t: Deno.TestContext,
  site: { origin: string },
  browser: Browser,
  screen: keyof typeof SCREENS,
): Promise<void> {
  await t.step(`no axe violation on a ${screen}, light or dark`, async () => {
    const context = await browser.newContext({
      ...SCREENS[screen],
      colorScheme: "light",
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
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        // The scheme really applied: a dark page has a dark body.
        assert.equal(luminance(bg) < 0.2, scheme === "dark", `${name} (${scheme}) body ${bg}`);
        const problems = await audit(page);
        if (problems.length) found[`${name} (${scheme})`] = problems;
      }
      await page.close();
    }));
    await context.close();
    assert.deepEqual(found, {});
  });
}

/** Relative luminance of a CSS rgb() colour, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? ["0", "0", "0"]).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
