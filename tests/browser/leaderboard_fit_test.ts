/**
 * The leaderboard fits (issue 19): at 375 and 1440 px, under every sort key the sort form
 * offers, the sorted column's header and cells are inside the viewport, no figure overflows its
 * cell, each row is one link of at least 44 px that a tap anywhere on the row reaches, and the
 * phone's sort form works with script off.
 */
import assert from "node:assert/strict";
import { LEADERBOARD_SORT_KEYS } from "../../lib/papertrade/mod.ts";
import { NEAREST_TO_BUST } from "../../lib/leaderboard/view.ts";
import { browserTest, screenshot } from "./_harness.ts";

const SCREENS = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 } },
};

/** What is wrong with the fit of the board on screen, one line per problem (runs in the page). */
function fitProblems(): string[] {
  const problems: string[] = [];
  const width = document.documentElement.clientWidth;
  const inView = (element: Element, what: string) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > width) {
      problems.push(`${what} spans ${box.left}–${box.right} of ${width} px`);
    }
  };
  const header = document.querySelector("thead th[aria-sort]");
  if (!header) return ["no sorted column header"];
  inView(header, "the sorted header");
  const rows = [...document.querySelectorAll("tbody tr")];
  if (rows.length === 0) problems.push("no rows");
  for (const [index, row] of rows.entries()) {
    const link = row.querySelectorAll("a");
    if (link.length !== 1) problems.push(`row ${index} has ${link.length} links`);
    const height = link[0]?.getBoundingClientRect().height ?? 0;
    if (height < 44) problems.push(`row ${index}'s link is ${height} px high`);
    const sorted = row.querySelector("td.sorted");
    if (!sorted) {
      problems.push(`row ${index} has no sorted cell`);
      continue;
    }
    inView(sorted, `row ${index}'s sorted cell`);
    // A tap on the figure lands on the row's link, stretched over the row.
    sorted.scrollIntoView({ block: "center", inline: "nearest" });
    const box = sorted.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit?.closest("a") !== link[0]) problems.push(`a tap on row ${index}'s figure misses`);
  }
  for (const cell of document.querySelectorAll("tbody td")) {
    const visible = cell.getBoundingClientRect().width > 0;
    if (visible && cell.scrollWidth > cell.clientWidth) {
      problems.push(`"${cell.textContent}" overflows its cell`);
    }
  }
  return problems;
}

browserTest("the leaderboard fits a phone and a desktop under every sort", async (t, session) => {
  const { browser, open, errors, site } = session;
  for (const [name, screen] of Object.entries(SCREENS)) {
    await t.step(`at ${screen.viewport.width} px`, async () => {
      const context = await browser.newContext(screen);
      const page = await open(context, "/leaderboard");
      const keys = await page.locator("#leaderboard-sort option").evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value)
      );
      // Every upstream sort key, and the board's nearest to bust (which sorts the page only).
      assert.deepEqual([...keys].sort(), [...LEADERBOARD_SORT_KEYS, NEAREST_TO_BUST].sort());
      for (const key of keys) {
        for (const dir of ["desc", "asc"]) {
          await page.goto(`${site.origin}/leaderboard?sort=${key}&dir=${dir}&window=all`);
          assert.deepEqual(await page.evaluate(fitProblems), [], `${name}, ${key} ${dir}`);
        }
      }
      await screenshot(page, `leaderboard-${name}`);
      await context.close();
    });
  }

  await t.step("the phone's sort form sorts with script off", async () => {
    const context = await browser.newContext({ ...SCREENS.phone, javaScriptEnabled: false });
    const page = await open(context, "/leaderboard?window=7d");
    assert.ok(await page.locator("#leaderboard-sort").isVisible());
    await page.selectOption("#leaderboard-sort", "totalVolume");
    await page.selectOption("#leaderboard-dir", "asc");
    await Promise.all([page.waitForURL(/sort=totalVolume/), page.click(".lb-sort button")]);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("window"), "7d");
    assert.equal(url.searchParams.get("dir"), "asc");
    assert.equal(await page.locator("thead th[aria-sort] a").textContent(), "Volume ▲");
    await context.close();
  });
  assert.deepEqual(errors, []);
});
